import fs from 'node:fs';
import path from 'node:path';
import { accountPageTitle, isAccountArea, type PageData, type SiteSettings } from '@atelier/shared';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { accountShell, canonicalPath, loadPage } from './pages';
import { countView } from './views';

/** What the website's SSR bundle exports (website/src/entry-server.tsx). */
export interface SsrModule {
  render(url: string, data: PageData): { html: string; head: string; status: number };
  accountHead(title: string, settings: SiteSettings): string;
}

export interface PageRenderer {
  /** The page for a GET of a public path (the 404 page for an unknown one). */
  render(c: Context<AppEnv>): Promise<Response>;
  /** A public page from data the caller loaded (a form's answer), with its status. */
  renderData(c: Context<AppEnv>, data: PageData, status: number): Response;
  clientDir: string;
}

const CACHE = { 'Cache-Control': 'public, max-age=0, must-revalidate' };

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

/**
 * Loads the website's production build: the client template (with hashed asset links) and the SSR
 * module. Returns undefined when the website has not been built, so the API still serves.
 */
export async function loadRenderer(websiteDist: string): Promise<PageRenderer | undefined> {
  const templateFile = path.join(websiteDist, 'client', 'index.html');
  const ssrFile = path.join(websiteDist, 'server', 'entry-server.js');
  if (!fs.existsSync(templateFile) || !fs.existsSync(ssrFile)) return undefined;
  const template = fs.readFileSync(templateFile, 'utf8');
  const ssr = (await import(ssrFile)) as SsrModule;
  const page = splitTemplate(template);
  const account = splitTemplate(fs.readFileSync(path.join(websiteDist, 'client', 'account.html'), 'utf8'));

  return {
    clientDir: path.join(websiteDist, 'client'),
    async render(c) {
      const url = new URL(c.req.url);
      const pathname = canonicalPath(url.pathname);
      if (isAccountArea(pathname)) {
        // The account area renders in the browser: the shell carries its title and the settings.
        const data = accountShell(c.var.deps);
        const title = accountPageTitle(pathname);
        const body = account(ssr.accountHead(title ?? 'Page Not Found', data.settings), '', data);
        return c.html(body, title ? 200 : 404, { ...CACHE, 'X-Robots-Tag': 'noindex' });
      }
      const data = loadPage(c.var.deps, url);
      if (data.page === 'blog-post') data.post.views = countView(c, data.post.id, data.post.views);
      const { html, head, status } = ssr.render(data.path, data);
      return c.html(page(head, html, data), status as 200, CACHE);
    },
    renderData(c, data, status) {
      const { html, head } = ssr.render(data.path, data);
      return c.html(page(head, html, data), status as 400, { 'Cache-Control': 'no-store' });
    },
  };
}
