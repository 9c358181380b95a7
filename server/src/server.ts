import type http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { AUTH_LIMITS } from '@atelier/shared';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createAuth } from './auth';
import { bootstrapAdmin } from './auth/bootstrap';
import type { Deps } from './context';
import { broadcastOf, closeDatabase, dialectOf, migrateDatabase } from './db/client';
import { contentVersion } from './db/content-version';
import { openConfiguredDatabase } from './db/open';
import { pauseRevisions } from './db/revisions';
import { type Limiter, sharedLedger, sharedLimiter } from './db/shared-limits';
import type { Env } from './env';
import { type BackupScheduler, backupScheduler } from './features/backups/backups.service';
import { blogPostImages } from './features/blog-posts/blog-posts.service';
import { type ScheduledPublishing, scheduledPublishing } from './features/blog-posts/scheduled-posts';
import { createFeeds } from './features/events/feeds';
import { type UploadStaging, uploadStaging } from './features/media/upload-staging';
import { urlImports } from './features/media/url-import';
import { mediaUses } from './features/media/where-used';
import { profileImages } from './features/profile/profile.service';
import { projectImages } from './features/projects/projects.service';
import { serviceImages } from './features/services/services.service';
import { ensureSettings, getSettings, settingsImages } from './features/settings/settings.service';
import { teamMemberImages } from './features/team-members/team-members.service';
import { type TrashPurger, trashPurger } from './features/trash/trash.service';
import { createLogger } from './lib/logger';
import { RateLimiter } from './lib/rate-limit';
import { ViewLedger } from './lib/view-ledger';
import { createMailer } from './mail/mailer';
import { seedSampleContent } from './seed';
import { loadRenderer } from './ssr/renderer';
import { prepareLocalStore } from './storage/local';
import { openStorage } from './storage/open';
import { variantQueue } from './storage/variant-queue';
import { VERSION } from './version';

const INQUIRIES_PER_WINDOW = 5;
const INQUIRY_WINDOW_MS = 15 * 60_000;
const AUTH_REQUESTS_PER_WINDOW = AUTH_LIMITS.requestsPerWindow;
const AUTH_WINDOW_MS = AUTH_LIMITS.requestWindowMinutes * 60_000;
/** Image uploads per account: each one costs a decode (storage/image-queue.ts). */
const UPLOADS_PER_WINDOW = 30;
const UPLOAD_WINDOW_MS = 15 * 60_000;
/** Every column that shows a stored file, each declared by its feature, in the order where-used lists them. */
export const IMAGE_COLUMNS = [
  projectImages,
  blogPostImages,
  serviceImages,
  teamMemberImages,
  profileImages,
  settingsImages,
];

/**
 * Idle keep-alive connections close after KEEP_ALIVE_MS, announced as `Keep-Alive: timeout=2` (Node announces
 * whole seconds, rounded down). Clients that read the hint stop reusing a connection a second before it
 * (Node's http.Agent and undici), so Node closing it resets nobody; a hint of 1 would make them reuse none,
 * opening a connection per request, which a closing listener resets while it waits in the accept backlog.
 * Node's timer counts bytes received, so a request already on the wire keeps its connection. A shutdown
 * therefore only stops listening and lets each connection end: after an answer carrying `Connection: close`,
 * or idle.
 */
const KEEP_ALIVE_MS = 2500;
/**
 * The listener closes once no connection has arrived for LISTEN_QUIET_MS (at least LISTEN_GRACE_MS after the
 * signal, at most LISTEN_MAX_MS): closing it resets every connection the kernel has completed and the server
 * not yet accepted, and a busy event loop leaves some waiting.
 */
const LISTEN_GRACE_MS = 100;
const LISTEN_QUIET_MS = 100;
const LISTEN_MAX_MS = 2000;

/**
 * Once draining, every answer asks its client to close the connection (and Node closes it after), including
 * the answers to requests that arrived before: the header is decided when the answer's head is written. Also
 * tells when the last connection was accepted.
 */
function closeConnectionsAfterAnswers(server: http.Server) {
  let draining = false;
  let lastConnectionAt = 0;
  server.on('connection', () => {
    lastConnectionAt = Date.now();
  });
  server.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: http.ServerResponse, ...args: Parameters<typeof writeHead>) {
      if (draining && !this.headersSent) this.setHeader('Connection', 'close');
      return writeHead.apply(this, args);
    } as typeof writeHead;
  });
  return {
    drain() {
      draining = true;
    },
    lastConnectionAt: () => lastConnectionAt,
  };
}

/** The website's production build, found through the workspace dependency. */
function websiteDist(): string {
  const pkg = createRequire(import.meta.url).resolve('@atelier/website/package.json');
  return path.join(path.dirname(pkg), 'dist');
}

export interface Running {
  url: string;
  port: number;
  deps: Deps;
  /** When the database has no admin: the one-time link where the owner creates the first one. */
  adminSetupUrl: string | null;
  /** The tus staging folder: uploads processed after a stop, the sweep of abandoned ones. */
  uploads: UploadStaging;
  /** The nightly backup (features/backups). */
  backups: BackupScheduler;
  /** The Trash's purge of items past their days (features/trash). */
  trash: TrashPurger;
  /** Scheduled posts going live, each recorded once in the Activity (features/blog-posts). */
  schedule: ScheduledPublishing;
  /** Stops accepting, lets in-flight requests finish, then checkpoints and closes the database. */
  stop(): Promise<void>;
}

/** Opens and migrates the database, seeds an empty one, and serves the app until `stop`. */
export async function startServer(env: Env): Promise<Running> {
  const log = createLogger(env.LOG_LEVEL);
  const db = await openConfiguredDatabase(env, env.BENCH ? env.BENCH_SYNCHRONOUS : 'FULL');
  if (env.BENCH && env.BENCH_REVISIONS === 'off') pauseRevisions(db);
  const migrations = await migrateDatabase(db);
  const storage = await openStorage(env);
  const swept = env.STORAGE_URL ? 0 : await prepareLocalStore(env.dataDir);
  if (swept) log.info({ files: swept }, 'removed temporary files a crash left');
  if (env.SEED === 'sample') {
    const cacheDir = path.join(path.dirname(websiteDist()), '..', '.cache', 'seed-images');
    await seedSampleContent(db, storage, log, { cacheDir });
  }
  await ensureSettings(db);
  const auth = await createAuth({ db, env, log });
  let adminSetupUrl: string | null;
  try {
    adminSetupUrl = await bootstrapAdmin({ db, env, log, passwords: auth.passwords });
  } catch (error) {
    auth.stop();
    await closeDatabase(db);
    throw error;
  }
  const mail = createMailer({ db, env, log });

  const pages = await loadRenderer(env.WEBSITE_DIST ? path.resolve(env.WEBSITE_DIST) : websiteDist());
  if (!pages) log.warn('the website is not built: serving the API only (run `npm run build`)');
  let stopping: Promise<void> | undefined;
  // Several servers on PostgreSQL count requests and post views together, in the database; one SQLite server
  // counts them in its memory.
  const shared = dialectOf(db) === 'postgres';
  const version = contentVersion(db);
  const limiter = (name: string, limit: number, windowMs: number): Limiter =>
    shared ? sharedLimiter(db, name, limit, windowMs) : new RateLimiter(limit, windowMs);
  const deps: Deps = {
    db,
    env,
    log,
    version: VERSION,
    startedAt: Date.now(),
    limits: {
      inquiries: limiter('inquiries', INQUIRIES_PER_WINDOW, INQUIRY_WINDOW_MS),
      auth: limiter('auth', AUTH_REQUESTS_PER_WINDOW, AUTH_WINDOW_MS),
      uploads: limiter('avatars', UPLOADS_PER_WINDOW, UPLOAD_WINDOW_MS),
    },
    auth,
    mail,
    storage,
    variants: variantQueue(storage, log),
    media: mediaUses({ db, storage }, IMAGE_COLUMNS),
    imports: undefined as never,
    feeds: createFeeds({
      readSettings: async () => await getSettings(db),
      version,
      broadcast: broadcastOf(db),
    }),
    views: shared ? sharedLedger(db) : new ViewLedger(),
    pages,
    isStopping: () => stopping !== undefined,
  };
  deps.imports = urlImports(deps);
  const uploads = uploadStaging(deps);
  const app = createApp(deps, uploads);

  const server = await new Promise<http.Server>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () =>
      resolve(s as http.Server),
    );
    s.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const host = env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
  const media = env.STORAGE_URL ? `s3://${env.STORAGE_URL.bucket}` : 'local';
  log.info({ port, migrations, version: VERSION, dataDir: env.dataDir, media }, 'listening');
  void uploads.start();
  const backups = backupScheduler(deps);
  const trash = trashPurger(deps);
  const schedule = scheduledPublishing({ db, log, feeds: deps.feeds, version });

  server.keepAliveTimeout = KEEP_ALIVE_MS;
  const connections = closeConnectionsAfterAnswers(server);
  const stop = () => {
    stopping ??= new Promise<void>((resolve, reject) => {
      const started = Date.now();
      const force = setTimeout(() => {
        log.warn('shutdown timeout: closing open connections');
        server.closeAllConnections();
      }, env.SHUTDOWN_TIMEOUT_MS);
      force.unref();
      const finish = () => {
        clearTimeout(force);
        for (const limit of Object.values(deps.limits)) limit.dispose?.();
        auth.stop();
        Promise.all([mail.stop(), uploads.stop(), backups.stop(), trash.stop(), schedule.stop()])
          .then(async () => {
            await closeDatabase(db);
            log.info({ ms: Date.now() - started }, 'stopped: database checkpointed and closed');
            log.flush();
            resolve();
          })
          .catch((error: unknown) => {
            log.error({ err: error }, 'shutdown failed');
            log.flush();
            reject(error);
          });
      };
      deps.feeds.close();
      // Stop listening first, and only then ask clients to close (`Connection: close`): a client reconnecting
      // after that is refused, never accepted into a backlog that closing the listener would reset. A short
      // pause first, so connections already waiting in the backlog (a busy event loop) are accepted and served;
      // the close itself runs in the check phase, right after the poll phase has accepted what was waiting.
      // net.Server's close, not http.Server's: that one also drops every idle keep-alive connection at once,
      // resetting a client whose request is already on the wire; here connections close once idle or answered.
      const closeListener = () => {
        const quiet = Date.now() - connections.lastConnectionAt() >= LISTEN_QUIET_MS;
        if (!quiet && Date.now() - started < LISTEN_MAX_MS) return void setTimeout(closeListener, 20);
        setImmediate(() => {
          net.Server.prototype.close.call(server, finish);
          connections.drain();
        });
      };
      setTimeout(closeListener, LISTEN_GRACE_MS);
    });
    return stopping;
  };

  return {
    url: `http://${host}:${port}`,
    port,
    deps,
    adminSetupUrl,
    uploads,
    backups,
    trash,
    schedule,
    stop,
  };
}
