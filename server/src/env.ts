import { isIP } from 'node:net';
import path from 'node:path';
import { UPLOAD_LIMIT_BYTES } from '@atelier/shared';
import { z } from 'zod';

/** `false`, a number of proxy hops, or the proxies' addresses and CIDR ranges. */
export type TrustProxy = false | { hops: number } | { ranges: string[] };

/** An address or CIDR range as [address, prefix length, family], or null when it is neither. */
export function parseRange(entry: string): [string, number, 'ipv4' | 'ipv6'] | null {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return null;
  const max = family === 4 ? 32 : 128;
  const prefix = bits === undefined ? max : Number(bits);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max || (bits !== undefined && !/^\d+$/.test(bits)))
    return null;
  return [address, prefix, family === 4 ? 'ipv4' : 'ipv6'];
}

const LogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where the nightly and the admin's backups go (DATA_DIR/backups by default; best on another disk). */
  BACKUP_DIR: z.string().min(1).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) URL' }).optional(),
  LOG_LEVEL: LogLevel.default('info'),
  SEED: z.enum(['sample', 'none']).default('sample'),
  /**
   * Which proxies' X-Forwarded-For to believe: `false` (none), `true` or a hop count (that many proxies in front
   * of the server), or a comma-separated list of proxy addresses and CIDR ranges.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx): TrustProxy => {
      const text = value.trim().toLowerCase();
      if (['false', '0', 'no', 'off', ''].includes(text)) return false;
      if (['true', 'yes', 'on'].includes(text)) return { hops: 1 };
      if (/^\d+$/.test(text)) return { hops: Math.min(Number(text), 32) };
      const ranges = text.split(',').map((entry) => entry.trim());
      if (ranges.every((entry) => parseRange(entry) !== null)) return { ranges };
      ctx.addIssue({
        code: 'custom',
        message: 'TRUST_PROXY must be false, true, a hop count, or a list of addresses and CIDR ranges',
      });
      return z.NEVER;
    }),
  /** Bench-only: lifts the per-address rate limits and adds GET /api/bench/baseline (a fixed 1 KB JSON). */
  BENCH: z.stringbool().default(false),
  /** Bench-only (with BENCH=true): `NORMAL` measures what synchronous=FULL costs; never use it in production. */
  BENCH_SYNCHRONOUS: z.enum(['FULL', 'NORMAL']).default('FULL'),
  /** Bench-only (with BENCH=true): `off` keeps no revisions, to measure what they cost a save. */
  BENCH_REVISIONS: z.enum(['on', 'off']).default('on'),
  /** The website's build to serve (dist with client/ and server/); the workspace package's by default. */
  WEBSITE_DIST: z.string().min(1).optional(),
  /**
   * Test-only: outside image URLs on loopback (127.0.0.0/8, ::1) may be fetched into the library; every other
   * private range stays refused. Refused unless NODE_ENV=test.
   */
  URL_IMPORT_ALLOW_LOOPBACK: z.stringbool().default(false),
  /** Below this much free space on DATA_DIR's disk, /api/health says `low` and the admin dashboard warns. */
  DISK_WARNING_BYTES: z.coerce.number().int().min(0).default(1_000_000_000),
  /** How long a graceful shutdown waits for in-flight requests before closing them. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** Mail goes over SMTP when set (smtp://user:pass@host:587, smtps://…:465); else to DATA_DIR/outbox. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().trim().min(3).optional(),
  /** Creates this administrator at start-up when no account has the e-mail (never changes a password). */
  ATELIER_ADMIN_EMAIL: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'ATELIER_ADMIN_EMAIL must be an e-mail address' }))
    .optional(),
  ATELIER_ADMIN_PASSWORD: z.string().min(1).optional(),
  /** `owasp` (scrypt N=2^17, r=8, p=1); `fast` (N=2^10) is for tests only: it makes hashes cheap to crack. */
  PASSWORD_HASH: z.enum(['owasp', 'fast']).default('owasp'),
  /**
   * The largest file the media library accepts over tus, in bytes (a bigger Upload-Length answers 413); by
   * default the per-file limit the admin panel and the desktop app also check before sending.
   */
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).max(1_073_741_824).default(UPLOAD_LIMIT_BYTES),
  /**
   * The media store: `s3://<bucket>?endpoint=<url>&region=<region>` keeps it in an S3-compatible bucket
   * (credentials from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY); unset, the local disk under DATA_DIR.
   */
  STORAGE_URL: z
    .string()
    .optional()
    .transform((value, ctx): S3Location | undefined => {
      if (!value) return undefined;
      const storage = parseStorageUrl(value);
      if (storage) return storage;
      ctx.addIssue({ code: 'custom', message: STORAGE_URL_MESSAGE });
      return z.NEVER;
    }),
  /**
   * Where partial tus uploads are kept until complete (DATA_DIR/tmp-uploads by default): a volume every server
   * shares when several serve one studio, so an upload begun through one continues through another.
   */
  UPLOAD_STAGING_DIR: z.string().min(1).optional(),
  /**
   * The database: `postgres://user:password@host:port/database` runs on PostgreSQL; unset, SQLite in
   * DATA_DIR/atelier.db.
   */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(?:ql)?:\/\//, 'DATABASE_URL must be postgres://user:password@host:port/database')
    .optional(),
});

/** Where the media store's objects go (storage/s3.ts). */
export interface S3Location {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, R2, s3rver…); AWS itself when absent. */
  endpoint?: string;
}

const STORAGE_URL_MESSAGE =
  'STORAGE_URL must be s3://<bucket>?endpoint=<http(s) URL>&region=<region> (endpoint and region optional)';

/** `s3://bucket?endpoint=…&region=…` as a location, else null. */
export function parseStorageUrl(value: string): S3Location | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (url.protocol !== 's3:' || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(url.hostname)) return null;
  if (url.pathname.replace(/^\/$/, '') !== '') return null;
  if (endpoint !== undefined && !/^https?:\/\/[^/]+/.test(endpoint)) return null;
  const region = url.searchParams.get('region') || 'us-east-1';
  return { bucket: url.hostname, region, ...(endpoint ? { endpoint } : {}) };
}

export type Env = z.infer<typeof EnvSchema> & {
  dataDir: string;
  backupDir: string;
  publicUrl: string;
  stagingDir: string;
};

/** Parses the environment once; the only module that reads `process.env`. Throws a readable error. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = result.data;
  if (env.URL_IMPORT_ALLOW_LOOPBACK && env.NODE_ENV !== 'test')
    throw new Error('Invalid environment:\n  URL_IMPORT_ALLOW_LOOPBACK is for tests only (NODE_ENV=test)');
  if (!env.ATELIER_ADMIN_EMAIL !== !env.ATELIER_ADMIN_PASSWORD)
    throw new Error('Invalid environment:\n  ATELIER_ADMIN_EMAIL and ATELIER_ADMIN_PASSWORD go together');
  const host = env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    ...env,
    dataDir,
    backupDir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : path.join(dataDir, 'backups'),
    stagingDir: env.UPLOAD_STAGING_DIR
      ? path.resolve(env.UPLOAD_STAGING_DIR)
      : path.join(dataDir, 'tmp-uploads'),
    publicUrl: (env.PUBLIC_URL ?? `http://${host}:${env.PORT}`).replace(/\/$/, ''),
  };
}
