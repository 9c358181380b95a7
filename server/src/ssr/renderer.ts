import fs from 'node:fs';
import path from 'node:path';
import { accountPageTitle, isAccountArea, type PageData, type SiteSettings } from '@atelier/shared';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import type { Db } from '../db/client';
import { contentVersion } from '../db/content-version';
import { findByAddress } from '../db/slugs';
import { postViews } from '../features/blog-posts/blog-posts.service';
import { REVALIDATE } from '../http/cache-control';
import { pageCache } from '../http/page-cache';
import { accountShell, canonicalPath, loadPage, movedAddress } from './pages';
import { countView } from './views';

/** What the website's SSR bundle exports (website/src/entry-server.tsx). */
interface SsrModule {
  /** `data` is what the page embeds for hydration: `data` less what the browser never renders. */
  render(url: string, data: PageData): { html: string; head: string; data: unknown; status: number };
  accountHead(title: string, settings: SiteSettings): string;
}

export interface PageRenderer {
  /** The page for a GET of a public path (the 404 page for an unknown one). */
  render(c: Context<AppEnv>): Promise<Response>;
  /** A public page from data the caller loaded (a form's answer), with its status. */
  renderData(c: Context<AppEnv>, data: PageData, status: number): Response;
  clientDir: string;
}

const HTML = 'text/html; charset=UTF-8';
const PAGE_HEADERS = { 'Content-Type': HTML, 'Cache-Control': REVALIDATE };
/** A post's address: its view is counted before the page is looked up (views.ts). */
const POST_PATH = /^\/blog\/([^/]+)$/;

/** A page template cut at its head, body and data marks: a function that fills them. */
function splitTemplate(template: string) {
  const [beforeHead, afterHead = ''] = template.split('<!--app-head-->');
  const [beforeBody, afterBody = ''] = afterHead.split('<!--app-html-->');
  return (head: string, html: string, data: unknown) => {
    const json = JSON.stringify(data).replace(/</g, '\\u003c');
    return `${beforeHead}${head}${beforeBody}${html}${afterBody}`.replace(
      '<!--app-data-->',
      `<script type="application/json" id="__DATA__">${json}</script>`,
    );
  };
}

const STYLESHEET = /<link rel="stylesheet"[^>]*>/g;

/**
 * A template as every page sends it: without its comments (its marks kept) and the indentation between
 * its tags, which are there for the people who edit it.
 */
const compactTemplate = (template: string) =>
  template.replace(/<!--(?!app-)[\s\S]*?-->/g, '').replace(/>\s+</g, '><');

/**
 * The template of a page whose first screen draws from `critical` (the rules the website's build picked
 * for that kind of page): those rules inline in the head, and the full stylesheets listed in a
 * <noscript> only. A visitor without JavaScript gets them from there; a browser running scripts adds them
 * after the first paint (website/src/entry-boot.ts), as it loads the page's script then too: both wait
 * behind the photograph and the fonts the first screen shows.
 */
function withCriticalCss(template: string, critical: string): string {
  // Same-origin files: no CORS mode to ask for (the fonts' preloads keep theirs, as fonts need it).
  const links = (template.match(STYLESHEET) ?? []).map((link) => link.replace(' crossorigin', ''));
  if (links.length === 0) return template;
  let out = template.replace(STYLESHEET, '');
  // The script only waits for the first paint: it loads at low priority, and what it imports when it
  // has waited needs no preload.
  out = out
    .replace('<script type="module" crossorigin', '<script type="module" fetchpriority="low"')
    .replace(/<link rel="modulepreload"[^>]*>/g, '');
  // Replaced by functions: a `$` in the CSS must not be read as a replacement pattern.
  out = out.replace(
    '<!--app-head-->',
    () => `<style>${critical.replace(/<\//g, '<\\/')}</style><!--app-head-->`,
  );
  return out.replace('</head>', () => `<noscript data-stylesheets>${links.join('')}</noscript></head>`);
}

/**
 * Loads the website's production build: the client template (with hashed asset links) and the SSR
 * module. Returns undefined when the website has not been built, so the API still serves.
 */
export async function loadRenderer(websiteDist: string): Promise<PageRenderer | undefined> {
  const templateFile = path.join(websiteDist, 'client', 'index.html');
  const ssrFile = path.join(websiteDist, 'server', 'entry-server.js');
  if (!fs.existsSync(templateFile) || !fs.existsSync(ssrFile)) return undefined;
  const template = compactTemplate(fs.readFileSync(templateFile, 'utf8'));
  const ssr = (await import(ssrFile)) as SsrModule;
  const plain = splitTemplate(template);
  // Per kind of page, the rules its first screen needs (website/critical-css.ts); other kinds link the
  // stylesheets as usual.
  const criticalFile = path.join(websiteDist, 'critical-css.json');
  const critical: Record<string, string> = fs.existsSync(criticalFile)
    ? JSON.parse(fs.readFileSync(criticalFile, 'utf8'))
    : {};
  const withCritical = new Map(
    Object.entries(critical).map(([kind, css]) => [kind, splitTemplate(withCriticalCss(template, css))]),
  );
  const page = (kind: PageData['page']) => withCritical.get(kind) ?? plain;
  const account = splitTemplate(
    compactTemplate(fs.readFileSync(path.join(websiteDist, 'client', 'account.html'), 'utf8')),
  );

  // One cache per database (tests run several servers in one process).
  const caches = new WeakMap<Db, ReturnType<typeof pageCache>>();
  const cacheFor = (db: Db) => {
    const cache = caches.get(db) ?? pageCache(contentVersion(db));
    caches.set(db, cache);
    return cache;
  };

  return {
    clientDir: path.join(websiteDist, 'client'),
    async render(c) {
      const url = new URL(c.req.url);
      const pathname = canonicalPath(url.pathname);
      const { deps } = c.var;
      // Counted apart from rendering, so the page stays the same for every visitor: the cookie that
      // remembers the view goes on this answer only, never in the cached page.
      // A project, post or service reached by its id or a former slug: its current address, for good.
      const moved = await movedAddress(deps.db, pathname);
      if (moved) return c.redirect(`${moved}${url.search}`, 301);
      const addressed = POST_PATH.exec(pathname)?.[1];
      const post = addressed && (await findByAddress(deps.db, 'blog', decodeURIComponent(addressed)))?.id;
      if (post) await countView(c, post, 0);
      // A post's view count moves without emptying the caches (it is written outside their version): its
      // page alone is rendered again when its count changed, once per new visitor a day at most.
      const variant = post ? String((await postViews(deps.db, post)) ?? '') : '';
      // Keyed by path and query only: nothing else of the request (cookies, host) reaches the page.
      return cacheFor(deps.db).serve(
        c,
        `${url.pathname}${url.search}`,
        async () => {
          if (isAccountArea(pathname)) {
            // The account area renders in the browser: the shell carries its title and the settings.
            const data = await accountShell(deps);
            const title = accountPageTitle(pathname);
            return {
              html: account(ssr.accountHead(title ?? 'Page Not Found', data.settings), '', data),
              status: title ? 200 : 404,
              headers: { ...PAGE_HEADERS, 'X-Robots-Tag': 'noindex' },
            };
          }
          const data = await loadPage(deps, url);
          const { html, head, data: hydration, status } = ssr.render(data.path, data);
          return { html: page(data.page)(head, html, hydration), status, headers: PAGE_HEADERS };
        },
        variant,
      );
    },
    renderData(c, data, status) {
      const { html, head, data: hydration } = ssr.render(data.path, data);
      return c.html(page(data.page)(head, html, hydration), status as 400, { 'Cache-Control': 'no-store' });
    },
  };
}
