import { can, ERROR_CODES, MESSAGES, SITE_IMPORT_MAX_BYTES, WXR_MAX_BYTES } from '@atelier/shared';
import { OpenAPIHono } from '@hono/zod-openapi';
import { compress } from 'hono/compress';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { currentAuth, requireStaff } from './auth/guard';
import type { AppEnv, Deps } from './context';
import { adminVersion, contentVersion } from './db/content-version';
import { adminRoutes } from './features/admin/admin.routes';
import { authRoutes } from './features/auth/auth.routes';
import { backupAdminRoutes } from './features/backups/backups.admin.routes';
import { blogPostAdminRoutes, blogPostRevisions } from './features/blog-posts/blog-posts.admin.routes';
import { blogPostRoutes } from './features/blog-posts/blog-posts.routes';
import { eventRoutes } from './features/events/events.routes';
import { healthRoutes } from './features/health/health.routes';
import { inquiryAdminRoutes } from './features/inquiries/inquiries.admin.routes';
import { inquiryRoutes } from './features/inquiries/inquiries.routes';
import { mediaFileRoutes } from './features/media/files.routes';
import { mediaRoutes } from './features/media/media.routes';
import type { UploadStaging } from './features/media/upload-staging';
import { UPLOADS_PATH, uploadRoutes } from './features/media/uploads.routes';
import { portabilityAdminRoutes } from './features/portability/portability.admin.routes';
import { profileRoutes } from './features/profile/profile.routes';
import { AVATAR_MAX_BYTES } from './features/profile/profile.service';
import { categoryAdminRoutes } from './features/projects/categories.admin.routes';
import { projectAdminRoutes, projectRevisions } from './features/projects/projects.admin.routes';
import { projectRoutes } from './features/projects/projects.routes';
import { revisionAdminRoutes } from './features/revisions/revisions.admin.routes';
import { sampleContentAdminRoutes } from './features/sample-content/sample-content.admin.routes';
import { serviceAdminRoutes, serviceRevisions } from './features/services/services.admin.routes';
import { serviceRoutes } from './features/services/services.routes';
import { settingsAdminRoutes, settingsRevisions } from './features/settings/settings.admin.routes';
import { settingsRoutes } from './features/settings/settings.routes';
import {
  teamMemberAdminRoutes,
  teamMemberRevisions,
} from './features/team-members/team-members.admin.routes';
import { teamMemberRoutes } from './features/team-members/team-members.routes';
import { trashAdminRoutes } from './features/trash/trash.admin.routes';
import { invitationRoutes } from './features/users/invitations.routes';
import { userAdminRoutes } from './features/users/users.admin.routes';
import { videoAdminRoutes, videoRevisions } from './features/videos/videos.admin.routes';
import { videoRoutes } from './features/videos/videos.routes';
import { limitBody } from './http/body-limit';
import { IMMUTABLE, REVALIDATE } from './http/cache-control';
import { errorHandler, sendError } from './http/error-handler';
import { responseCache } from './http/response-cache';
import { staticFiles } from './http/static-files';
import { ApiError, notFound } from './lib/errors';
import { postContactForm } from './ssr/contact-form';
import { previewRoutes } from './ssr/preview.routes';
import { sitemapRoutes } from './ssr/sitemap.routes';

const API_BODY_LIMIT_BYTES = 64 * 1024;
const ADMIN_BODY_LIMIT_BYTES = 512 * 1024;
const UNCACHED = new Set(['/api/health', '/api/events']);
/**
 * Admin answers shared behind the gate (never /api/admin/me): each role's answer is its own, and a role that
 * sees only part of the content (a contributor: published items and their own drafts) has one per person.
 */
const ADMIN_CACHED =
  /^\/api\/admin\/(?:projects|project-categories|blog-posts|services|team-members|videos|inquiries|activity|dashboard)$/;
/** The avatar upload gets the avatar's limit instead of the JSON one (the media library, its own below). */
const AVATAR_PATHS = new Set(['/api/profile/avatar']);

/**
 * Every feature's API routes under /api, in the order of the OpenAPI document: the public ones, then the
 * admin ones (behind the one admin gate below).
 */
const api = new OpenAPIHono<AppEnv>()
  .route('/', healthRoutes)
  .route('/', projectRoutes)
  .route('/', blogPostRoutes)
  .route('/', serviceRoutes)
  .route('/', teamMemberRoutes)
  .route('/', videoRoutes)
  .route('/', settingsRoutes)
  .route('/', inquiryRoutes)
  .route('/', eventRoutes)
  .route('/', profileRoutes)
  .route('/', adminRoutes)
  .route('/', projectAdminRoutes)
  .route('/', categoryAdminRoutes)
  .route('/', blogPostAdminRoutes)
  .route('/', serviceAdminRoutes)
  .route('/', teamMemberAdminRoutes)
  .route('/', videoAdminRoutes)
  .route('/', inquiryAdminRoutes)
  .route('/', settingsAdminRoutes)
  .route(
    '/',
    revisionAdminRoutes([
      projectRevisions,
      blogPostRevisions,
      serviceRevisions,
      teamMemberRevisions,
      videoRevisions,
      settingsRevisions,
    ]),
  )
  .route('/', sampleContentAdminRoutes)
  .route('/', userAdminRoutes)
  .route('/', backupAdminRoutes)
  .route('/', portabilityAdminRoutes)
  .route('/', trashAdminRoutes)
  .route('/', mediaRoutes);

export function createApp(deps: Deps, uploads: UploadStaging) {
  const app = new OpenAPIHono<AppEnv>();

  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    c.set('deps', deps);
    await next();
    deps.log.info(
      {
        requestId: c.var.requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  });
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https://i.ytimg.com'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.youtube-nocookie.com', 'https://www.openstreetmap.org'],
      },
      referrerPolicy: 'strict-origin-when-cross-origin',
      // Over plain http (a studio's LAN, a test) HSTS would pin a host that has no certificate.
      strictTransportSecurity: deps.env.publicUrl.startsWith('https:')
        ? 'max-age=31536000; includeSubDomains'
        : false,
      // Nothing on the site needs these; the YouTube player may go full screen.
      permissionsPolicy: {
        camera: [],
        microphone: [],
        geolocation: [],
        payment: [],
        usb: [],
        browsingTopics: [],
        fullscreen: ['self', 'https://www.youtube-nocookie.com'],
      },
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: 'same-site',
      xFrameOptions: 'DENY',
    }),
  );
  // A malformed %-escape (`/%ff`, `/blog/%E0%A4%A`) is the client's mistake: one 400 here, before any route
  // tries to decode it.
  app.use(async (c, next) => {
    const raw = c.req.url.slice(c.req.url.indexOf('/', c.req.url.indexOf('//') + 2)).split('?')[0]!;
    if (raw.includes('%')) {
      try {
        decodeURIComponent(raw);
      } catch {
        throw new ApiError(
          400,
          ERROR_CODES.badRequest,
          'The address is not valid: it has a malformed %-escape',
        );
      }
    }
    await next();
  });
  app.use(compress({ threshold: 1024 }));

  const tooLarge = () => {
    throw new ApiError(413, ERROR_CODES.payloadTooLarge, MESSAGES.bodyTooLarge);
  };
  const jsonLimit = limitBody(API_BODY_LIMIT_BYTES, tooLarge);
  // Admin writes carry whole articles (blog content up to 100,000 characters): a larger JSON limit there.
  const adminLimit = limitBody(ADMIN_BODY_LIMIT_BYTES, tooLarge);
  const avatarLimit = limitBody(AVATAR_MAX_BYTES + 64 * 1024, tooLarge);
  const mediaLimit = limitBody(deps.env.UPLOAD_MAX_BYTES + 64 * 1024, tooLarge);
  // A site export to import, a WordPress export: files, larger than any JSON body.
  const importLimits: Record<string, ReturnType<typeof limitBody>> = {
    '/api/admin/site-import': limitBody(SITE_IMPORT_MAX_BYTES, tooLarge),
    '/api/admin/wordpress-import': limitBody(WXR_MAX_BYTES, tooLarge),
  };
  app.use('/api/*', (c, next) =>
    AVATAR_PATHS.has(c.req.path)
      ? avatarLimit(c, next)
      : (importLimits[c.req.path]?.(c, next) ??
        (c.req.path.startsWith(UPLOADS_PATH)
          ? mediaLimit(c, next)
          : c.req.path.startsWith('/api/admin/')
            ? adminLimit(c, next)
            : jsonLimit(c, next))),
  );
  app.use('/api/*', async (c, next) => {
    await next();
    if (c.req.method === 'GET' && c.res.status === 200 && !c.res.headers.has('Cache-Control')) {
      c.header('Cache-Control', c.req.path === '/api/health' ? 'no-store' : REVALIDATE);
    }
  });
  const cache = responseCache(contentVersion(deps.db));
  // Answers to a bearer request are someone's own: never cached (the guards also mark them no-store).
  app.use('/api/*', (c, next) =>
    UNCACHED.has(c.req.path) || c.req.header('authorization') ? next() : cache(c, next),
  );
  // The one staff gate: every /api/admin route, present and future, answers 401/403 here unless the studio's
  // staff calls; each operation then checks its own permission (`allow` in http/admin-routes.ts).
  app.use('/api/admin/*', requireStaff());
  // The admin lists and the dashboard, shared by every caller of a role once the gate (above, on every
  // request) let them in, until the content or a view count changes: the lists cost their queries once, not
  // on each request. A contributor's answers (published items and their own drafts) are theirs alone.
  const adminCache = responseCache(adminVersion(deps.db), {
    entries: 300,
    bytes: 8 * 1024 * 1024,
    key: (c) => {
      const { role, userId } = currentAuth({ var: { auth: c.var.auth } });
      return `${can(role, 'publish') ? role : `${role}:${userId}`} ${c.req.url}`;
    },
  });
  app.use('/api/admin/*', (c, next) => (ADMIN_CACHED.test(c.req.path) ? adminCache(c, next) : next()));

  app.route(UPLOADS_PATH, uploadRoutes(deps, uploads));
  app.route('/api', api);
  app.route('/auth/v1', authRoutes);
  // After the account routes: their middleware (the per-address limit, the body limit, no-store) covers
  // every /auth/v1 path, these included.
  app.route('/auth/v1', invitationRoutes);
  if (deps.env.BENCH) {
    // The benchmark's yardstick: the same middleware as every API route, no database.
    const baseline = { items: Array.from({ length: 8 }, (_, i) => ({ id: i, text: 'x'.repeat(100) })) };
    app.get('/api/bench/baseline', (c) => c.json(baseline));
  }
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Atelier API',
      version: deps.version,
      description:
        'The public read API, inquiries, accounts (/auth/v1), administration (/api/admin) and media uploads of Atelier.',
    },
    servers: [{ url: deps.env.publicUrl }],
  });
  app.all('/api/*', () => {
    throw notFound();
  });
  app.all('/auth/v1/*', () => {
    throw notFound();
  });

  app.route('/', sitemapRoutes);

  app.route('/', mediaFileRoutes(deps));

  const { pages } = deps;
  if (pages) {
    // The built scripts, stylesheets and fonts (their names hashed: kept a year) and the top-level files of
    // website/public (favicon, placeholder; never the template or a directory), from memory with the
    // Brotli and gzip copies the build wrote (website/vite.config.ts). A file too large to keep is read
    // from the disk, its copies sent as they are too; an unknown asset is a plain 404.
    const publicFile = (p: string) => /^\/[\w-]+\.(?:svg|ico|png|webmanifest)$/.test(p);
    const assets = staticFiles(pages.clientDir, (p) =>
      p.startsWith('/assets/') ? IMMUTABLE : publicFile(p) ? REVALIDATE : undefined,
    );
    app.use(assets.handler);
    app.all('/assets/*', () => {
      throw notFound();
    });
    // The contact form without JavaScript posts here (the script sends JSON to /api/inquiries instead).
    app.post('/contact', limitBody(API_BODY_LIMIT_BYTES, tooLarge), (c) => postContactForm(c, pages));
    app.route('/', previewRoutes(pages));
    app.get('*', (c) => pages.render(c));
  }

  app.notFound((c) => sendError(c, notFound()));
  app.onError(errorHandler(deps.log));

  return app;
}
