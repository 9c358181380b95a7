// The public pages' script tag: a few hundred bytes that start the rest once the first screen is painted.
// The stylesheets are imported here so the build links them from the page itself (server/src/ssr/
// renderer.ts decides how).
import './public/stylesheets';

/**
 * The full stylesheets of a page that drew its first screen from inline critical rules: server/src/ssr/
 * renderer.ts lists them in a <noscript>, which a browser running scripts keeps as text.
 */
function addStylesheets(onApplied?: () => void) {
  const listed = document.querySelector('noscript[data-stylesheets]')?.textContent;
  if (!listed) return;
  const template = document.createElement('template');
  template.innerHTML = listed;
  // They load apart but apply together, once all have come: one stylesheet applied without the other
  // would lay the page out in between, and its content would jump.
  const links = [...template.content.querySelectorAll('link')];
  let loading = links.length;
  for (const link of links) {
    link.media = 'print';
    link.onload = link.onerror = () => {
      if (--loading !== 0) return;
      for (const each of links) each.media = 'all';
      // The full rules replacing the inline ones are no change a visitor made: the transitions they start
      // (each form field's border from the browser's colour to ours) end at once, instead of restyling
      // and repainting those elements on the main thread frame after frame.
      for (const animation of document.getAnimations?.() ?? []) {
        if (animation instanceof CSSTransition) animation.finish();
      }
      onApplied?.();
    };
  }
  document.head.append(template.content);
}

// A page opened at a fragment (/#contact) shows more than the first screen the inline rules draw: it
// takes the full stylesheets at once. The browser may scroll to the fragment before they apply (a slow
// line), and the page's height changes under that scroll: once they apply, the fragment is scrolled to
// again, unless the visitor has moved the page themselves meanwhile.
const atFragment = location.hash !== '';
if (atFragment) {
  let visitorMoved = false;
  const moved = () => {
    visitorMoved = true;
  };
  const events = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  for (const type of events) addEventListener(type, moved, { once: true, passive: true });
  addStylesheets(() => {
    for (const type of events) removeEventListener(type, moved);
    if (visitorMoved) return;
    try {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    } catch {
      // A malformed %-escape names no element.
    }
  });
}

/**
 * Runs `then` once the first contentful paint is on screen (the paint observer's callback is a task of its
 * own, after that paint), or after 3 s, e.g. in a background tab, which paints nothing.
 */
function afterFirstPaint(then: () => void) {
  let done = false;
  const once = () => {
    if (!done) then();
    done = true;
  };
  new PerformanceObserver(once).observe({ type: 'paint', buffered: true });
  setTimeout(once, 3000);
}

// Otherwise the stylesheets, then the islands' code (React and the page's interactive parts), come after
// the first paint: neither holds it up or takes bandwidth from the photograph and the fonts it shows.
afterFirstPaint(() => {
  if (!atFragment) addStylesheets();
  void import('./entry-client');
});
