import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { AUTH_LIMITS } from '@atelier/shared';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createAuth } from './auth';
import { bootstrapAdmin } from './auth/bootstrap';
import type { Deps } from './context';
import { closeDatabase, databaseFile, migrateDatabase, openDatabase } from './db/client';
import type { Env } from './env';
import { createLogger } from './lib/logger';
import { RateLimiter } from './lib/rate-limit';
import { ViewLedger } from './lib/view-ledger';
import { createMailer } from './mail/mailer';
import { createFeeds } from './routes/events/settings-feed';
import { ensureSettings } from './routes/settings/settings.service';
import { seedSampleContent } from './seed';
import { loadRenderer } from './ssr/renderer';
import { localStorage, uploadsDir } from './storage/local';
import { VERSION } from './version';

const INQUIRIES_PER_WINDOW = 5;
const INQUIRY_WINDOW_MS = 15 * 60_000;
const AUTH_REQUESTS_PER_WINDOW = AUTH_LIMITS.requestsPerWindow;
const AUTH_WINDOW_MS = AUTH_LIMITS.requestWindowMinutes * 60_000;

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
  /** Stops accepting, lets in-flight requests finish, then checkpoints and closes the database. */
  stop(): Promise<void>;
}

/** Opens and migrates the database, seeds an empty one, and serves the app until `stop`. */
export async function startServer(env: Env): Promise<Running> {
  const log = createLogger(env.LOG_LEVEL);
  const db = openDatabase(databaseFile(env.dataDir));
  const migrations = migrateDatabase(db);
  fs.mkdirSync(uploadsDir(env.dataDir), { recursive: true });
  if (env.SEED === 'sample') {
    const cacheDir = path.join(path.dirname(websiteDist()), '..', '.cache', 'seed-images');
    await seedSampleContent(db, localStorage(env.dataDir), log, { cacheDir });
  }
  ensureSettings(db);
  const auth = await createAuth({ db, env, log });
  let adminSetupUrl: string | null;
  try {
    adminSetupUrl = await bootstrapAdmin({ db, env, log, passwords: auth.passwords });
  } catch (error) {
    auth.stop();
    closeDatabase(db);
    throw error;
  }
  const mail = createMailer({ db, env, log });

  const pages = await loadRenderer(env.WEBSITE_DIST ? path.resolve(env.WEBSITE_DIST) : websiteDist());
  if (!pages) log.warn('the website is not built: serving the API only (run `npm run build`)');
  let stopping: Promise<void> | undefined;
  const deps: Deps = {
    db,
    env,
    log,
    version: VERSION,
    startedAt: Date.now(),
    limits: {
      inquiries: new RateLimiter(INQUIRIES_PER_WINDOW, INQUIRY_WINDOW_MS),
      auth: new RateLimiter(AUTH_REQUESTS_PER_WINDOW, AUTH_WINDOW_MS),
    },
    auth,
    mail,
    storage: localStorage(env.dataDir),
    feeds: createFeeds(db),
    views: new ViewLedger(),
    pages,
    isStopping: () => stopping !== undefined,
  };
  const app = createApp(deps);

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const host = env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
  log.info({ port, migrations, version: VERSION, dataDir: env.dataDir }, 'listening');

  const stop = () => {
    stopping ??= new Promise<void>((resolve) => {
      const force = setTimeout(() => {
        log.warn('shutdown timeout: closing open connections');
        if ('closeAllConnections' in server) server.closeAllConnections();
      }, env.SHUTDOWN_TIMEOUT_MS);
      force.unref();
      deps.feeds.close();
      server.close(async () => {
        clearTimeout(force);
        deps.limits.inquiries.dispose();
        deps.limits.auth.dispose();
        auth.stop();
        await mail.stop();
        closeDatabase(db);
        log.info('stopped: database checkpointed and closed');
        log.flush();
        resolve();
      });
      // Keep-alive connections with no request in flight would hold close() open.
      if ('closeIdleConnections' in server) server.closeIdleConnections();
    });
    return stopping;
  };

  return { url: `http://${host}:${port}`, port, deps, adminSetupUrl, stop };
}
