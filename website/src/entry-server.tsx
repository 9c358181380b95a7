import type { PageData } from '@atelier/shared';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { renderMarkdown } from './lib/markdown';
import { App } from './public/App';
import { accountHeadFor, headFor } from './public/head';
import { setMarkdownRenderer } from './public/lib/post-body';

// Blog posts are Markdown, rendered here only (the browser keeps the server's HTML).
setMarkdownRenderer(renderMarkdown);

/**
 * What the browser hydrates a page from: its data without what only parts that are not hydrated show
 * (components/Static.tsx).
 */
function hydrationData(data: PageData): unknown {
  if (data.page === 'blog-post') {
    const { post: _shownOnlyByTheServer, ...rest } = data;
    return rest;
  }
  return data;
}

/**
 * Renders a public page to HTML with its head tags and the data to embed for hydration; the server
 * inserts the three into the template.
 */
export function render(url: string, data: PageData) {
  const html = renderToString(
    <StaticRouter location={url}>
      <App data={data} />
    </StaticRouter>,
  );
  return {
    html,
    head: headFor(data),
    data: hydrationData(data),
    status: data.page === 'not-found' ? 404 : 200,
  };
}

/** The head of an account-area page: that app renders in the browser, so the server sends only its head. */
export const accountHead = accountHeadFor;
