// The public pages' script tag: a few hundred bytes that start the rest once the first screen is painted.
// The stylesheets are imported here so the build links them from the page itself (server/src/ssr/
// renderer.ts decides how).
import './public/stylesheets';

/**
 * The full stylesheets of a page that drew its first screen from inline critical rules: server/src/ssr/
 * renderer.ts lists them in a <noscript>, which a browser running scripts keeps as text.
 */
function addStylesheets() {
  const listed = document.querySelector('noscript[data-stylesheets]')?.textContent;
  if (!listed) return;
  const links = document.createElement('template');
  links.innerHTML = listed;
  document.head.append(links.content);
}

// A page opened at a fragment (/#contact) shows more than the first screen the inline rules draw: it
// takes the full stylesheets at once, so the browser's scroll to the fragment lands where they put it.
const atFragment = location.hash !== '';
if (atFragment) addStylesheets();

// Otherwise the stylesheets, then the islands' code (React and the page's interactive parts), come after
// the first paint: neither holds it up or takes bandwidth from the photograph and the fonts it shows.
// A frame's callbacks run before it is painted; a task queued from one runs after.
requestAnimationFrame(() =>
  setTimeout(() => {
    if (!atFragment) addStylesheets();
    void import('./entry-client');
  }),
);
