import { OpenAPIHono } from '@hono/zod-openapi';
import type { AuthContext, AuthDeps } from './auth';
import type { Db } from './db/client';
import type { Ledger, Limiter } from './db/shared-limits';
import type { Env } from './env';
import { validationError } from './lib/errors';
import type { Logger } from './lib/logger';
import type { Mailer } from './mail/mailer';
import type { Feeds, MediaUses, PageRenderer, UrlImports } from './ports';
import type { Storage } from './storage/local';
import type { VariantQueue } from './storage/variant-queue';

/**
 * Everything a handler may use, built once by the server (server.ts) and passed down (never imported
 * globally). A handler hands its service only the few members that service uses.
 */
export interface Deps {
  db: Db;
  env: Env;
  log: Logger;
  version: string;
  startedAt: number;
  /** Per address (inquiries, auth) and per account (uploads: each is decoded). */
  limits: { inquiries: Limiter; auth: Limiter; uploads: Limiter };
  auth: AuthDeps;
  mail: Mailer;
  storage: Storage;
  /** Makes uploaded images' responsive variants in the background. */
  variants: VariantQueue;
  /** Where stored files are used (the image columns every content feature declares), and their release. */
  media: MediaUses;
  /** Outside image URLs fetched into the media library when content is saved. */
  imports: UrlImports;
  feeds: Feeds;
  /** Who has viewed which blog post today (one view per visitor per post per day). */
  views: Ledger;
  pages?: PageRenderer;
  /** True once a graceful shutdown began: answers then ask clients to close their connection. */
  isStopping: () => boolean;
}

/** `auth` is set by the guards of auth/guard.ts; read it with `currentAuth(c)`. */
export type AppEnv = { Variables: { deps: Deps; requestId: string; auth?: AuthContext } };

/** A router whose zod validation failures become the API's 400 error JSON. */
export const createRouter = () =>
  new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
