import fs from 'node:fs';
import path from 'node:path';
import type { PageData } from '@atelier/shared';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { loadPage } from './pages';
import { countView } from './views';

/** What the website's SSR bundle exports (website/src/entry-server.tsx). */
export interface SsrModule {
  render(url: string, data: PageData): { html: string; head: string; status: number };
}

export interface PageRenderer {
  /** The page for a GET of a public path (the 404 page for an unknown one). */
  render(c: Context<AppEnv>): Promise<Response>;
  clientDir: string;
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
  const [beforeHead, afterHead = ''] = template.split('<!--app-head-->');
  const [beforeBody, afterBody = ''] = afterHead.split('<!--app-html-->');

  return {
    clientDir: path.join(websiteDist, 'client'),
    async render(c) {
      const data = loadPage(c.var.deps, new URL(c.req.url));
      if (data.page === 'blog-post') data.post.views = countView(c, data.post.id, data.post.views);
      const { html, head, status } = ssr.render(data.path, data);
      const json = JSON.stringify(data).replace(/</g, '\\u003c');
      const body = `${beforeHead}${head}${beforeBody}${html}${afterBody}`.replace(
        '<!--app-data-->',
        `<script type="application/json" id="__DATA__">${json}</script>`,
      );
      return c.html(body, status as 200, { 'Cache-Control': 'public, max-age=0, must-revalidate' });
    },
  };
}
