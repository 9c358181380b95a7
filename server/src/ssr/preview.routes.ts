import { REVIEW_KINDS, type ReviewKind } from '@atelier/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { PREVIEW_AUDIENCE } from '../http/preview-routes';
import type { PageRenderer } from '../ports';
import { loadPage, loadPreview } from './pages';

const isKind = (kind: string | undefined): kind is ReviewKind =>
  (REVIEW_KINDS as readonly string[]).includes(kind ?? '');

/**
 * GET /preview/{token}: the project or post a signed preview link names (http/preview-routes.ts), in the
 * public layout, whatever its status, while the link works; the not-found page after. Rendered for each
 * request, never kept in the page cache, not stored by browsers or proxies, never indexed.
 */
export const previewRoutes = (pages: PageRenderer) =>
  new Hono<AppEnv>().get('/preview/:token', async (c) => {
    const { deps } = c.var;
    const subject = await deps.auth.tokens.readLink(PREVIEW_AUDIENCE, c.req.param('token'));
    const [kind, id] = subject?.split(':') ?? [];
    const data =
      isKind(kind) && id
        ? await loadPreview(deps, kind, id)
        : await loadPage(deps, new URL('/preview', c.req.url));
    const res = pages.renderData(c, data, data.page === 'not-found' ? 404 : 200);
    res.headers.set('X-Robots-Tag', 'noindex');
    return res;
  });
