// The public pages' script tag: a few hundred bytes that start the rest without holding up the first paint.
// The stylesheets are imported here so the build links them from the page itself (server/src/ssr/
// renderer.ts decides how).
import './public/stylesheets';

// The full stylesheets of a page that drew its first screen from inline critical rules (server/src/ssr/
// renderer.ts) come in as `media="print"`, so they never block the first paint: they apply from here on.
for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-deferred]')) link.media = 'all';

// The islands' code (React and the page's interactive parts) is fetched from here, once the document
// is parsed, rather than linked from the head: the first paint does not wait for it, and the page is
// readable from the server's HTML meanwhile.
void import('./entry-client');
