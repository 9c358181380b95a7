import type { FocalPoint, PageData } from '@atelier/shared';
import { renderToString } from 'react-dom/server';
import { renderMarkdown } from './lib/markdown';
import { App } from './public/App';
import { accountHeadFor, headFor } from './public/head';
import { type IslandCollection, IslandCollector } from './public/islands/Island';
import { type HydrationData, PageContext } from './public/islands/page-context';
import { chromeSettings } from './public/lib/chrome-settings';
import { pageLocationOf } from './public/lib/page-location';
import { setMarkdownRenderer } from './public/lib/post-body';

// Blog posts are Markdown, rendered here only (the browser keeps the server's HTML).
setMarkdownRenderer(renderMarkdown);

/**
 * Renders a public page to HTML with its head tags and the data to embed for hydration (the settings its
 * header and footer draw, once, and the props of its islands, nothing else); the server inserts the three
 * into the template.
 */
export function render(url: string, data: PageData) {
  const islands: IslandCollection = { props: [], alts: new Set(), focus: new Set() };
  const settings = chromeSettings(data.settings);
  const html = renderToString(
    <IslandCollector value={islands}>
      <PageContext value={{ location: pageLocationOf(url), settings, alts: data.alts, focus: data.focus }}>
        <App data={data} />
      </PageContext>
    </IslandCollector>,
  );
  // The alts and points the islands drew (a decorative image reads no alt): the rest of the page is HTML only.
  const alts = Object.fromEntries([...islands.alts].map((url) => [url, data.alts[url] as string]));
  const focus = Object.fromEntries([...islands.focus].map((url) => [url, data.focus[url] as FocalPoint]));
  const hydration: HydrationData = {
    settings,
    ...(islands.alts.size > 0 && { alts }),
    ...(islands.focus.size > 0 && { focus }),
    islands: islands.props,
  };
  return {
    html,
    head: headFor(data),
    data: hydration,
    status: data.page === 'not-found' ? 404 : 200,
  };
}

/** The head of an account-area page: that app renders in the browser, so the server sends only its head. */
export const accountHead = accountHeadFor;
