// The public pages' script tag: a few kilobytes that start the rest once the first screen is painted, and
// React with the islands only when the page first needs them. The stylesheets are imported here so the
// build links them from the page itself (server/src/ssr/renderer.ts decides how).
import { hasFlash } from './lib/flash';
import { maySignedIn } from './lib/session-hint';
import { revealLists } from './public/lib/reveal';
import { followSettings } from './public/lib/settings-stream';
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

// A tap on an island's button before it is hydrated (the very tap that starts loading the islands, on a
// phone's menu button) is held, and made again once the islands are hydrated: the first tap is not lost.
const held: HTMLElement[] = [];
const holdEarlyClick = (event: MouseEvent) => {
  const button = (event.target as Element | null)?.closest?.('[data-island] button');
  if (!(button instanceof HTMLElement)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held.push(button);
};
function replayHeldClicks() {
  removeEventListener('click', holdEarlyClick, true);
  for (const button of held.splice(0)) button.click();
}

let islands: Promise<void> | undefined;

/** Loads the islands' code (React and the page's interactive parts) and hydrates them, once. */
function hydrateIslands(): Promise<void> {
  islands ??= import('./entry-client').then((entry) => entry.hydrated).finally(replayHeldClicks);
  return islands;
}

// Evaluating React and hydrating the islands is the longest work of a page's first seconds: it waits until
// the page needs it. That is the visitor's first interaction (a scroll, a tap, a key, a focus), an island
// other than the header and footer nearing the viewport, a change of the settings the header and footer
// show, or a page with something to show at once (a signed-in visitor's account menu, a toast the last page
// left). Never on idle: a phone would spend its first seconds on it all the same.
const FIRST_NEED = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll', 'click'] as const;
const needed = () => {
  for (const type of FIRST_NEED) removeEventListener(type, needed, true);
  void hydrateIslands();
};
const pageIslands = [...document.querySelectorAll<HTMLElement>('[data-island]')];
if (pageIslands.length > 0) {
  for (const type of FIRST_NEED) addEventListener(type, needed, { capture: true, passive: true });
  addEventListener('click', holdEarlyClick, true);
  followSettings(needed);
}

// The stylesheets, then the islands that need no interaction, come after the first paint: neither holds it
// up or takes bandwidth from the photograph and the fonts it shows.
afterFirstPaint(() => {
  if (!atFragment) addStylesheets();
  // Lists that fade their items in as they scroll into view (static HTML: no island needed).
  revealLists();
  if (pageIslands.length === 0) return;
  if (maySignedIn() || hasFlash()) needed();
  const nearing = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      nearing.disconnect();
      needed();
    },
    { rootMargin: '200px 0px' },
  );
  for (const island of pageIslands) {
    // An island's wrapper takes no box (display: contents): its first element is what scrolls into view.
    const box = island.firstElementChild;
    if (box && island.dataset.island !== 'header' && island.dataset.island !== 'footer') nearing.observe(box);
  }
});
