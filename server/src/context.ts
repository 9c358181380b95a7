import { OpenAPIHono } from '@hono/zod-openapi';
import type { Db } from './db/client';
import type { Env } from './env';
import { validationError } from './lib/errors';
import type { Logger } from './lib/logger';
import type { RateLimiter } from './lib/rate-limit';
import type { Feeds } from './routes/events/settings-feed';
import type { PageRenderer } from './ssr/renderer';

/** Everything a handler may use, built once in `createApp` and passed down (never imported globally). */
export interface Deps {
  db: Db;
  env: Env;
  log: Logger;
  version: string;
  startedAt: number;
  limits: { inquiries: RateLimiter };
  feeds: Feeds;
  pages?: PageRenderer;
  /** True once a graceful shutdown began: answers then ask clients to close their connection. */
  isStopping: () => boolean;
}

export type AppEnv = { Variables: { deps: Deps; requestId: string } };

/** A router whose zod validation failures become the API's 400 error JSON. */
export const createRouter = () =>
  new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
