// The public pages' script tag: a few kilobytes that start the rest once the first screen is painted, and
// React with the islands only when the page first needs them. The stylesheets are imported here so the
// build links them from the page itself (server/src/ssr/renderer.ts decides how).
import { hasFlash } from './lib/flash';
import { maySignedIn } from './lib/session-hint';
import { CORE_TEXT } from './public/lib/core-text';
import { revealLists } from './public/lib/reveal';
import { followSettings } from './public/lib/settings-stream';
import './public/stylesheets';

/**
 * The parts of the page wholly below the first screen, with their height: `main`'s sections and the footer
 * (an island's wrapper takes no box: its first element stands for it).
 */
function belowFirstScreen() {
  return [...document.querySelectorAll<HTMLElement>('main > *, [data-island="footer"]')]
    .map((part) => (part.dataset.island ? part.firstElementChild : part))
    .filter((box) => box instanceof HTMLElement)
    .map((box) => ({ box, rect: box.getBoundingClientRect() }))
    .filter(({ rect }) => rect.top >= innerHeight)
    .map(({ box, rect }) => ({ box, height: rect.height }));
}

/** A character the fonts' core subsets lack: the page needs the full Latin files. */
const RARE = new RegExp(`[^\\s${CORE_TEXT.replace(/[\\\]^-]/g, '\\$&')}]`);

/**
 * Takes out of the full stylesheets the font faces a page drawn from inline rules does without: those the
 * inline rules declare already, the fallbacks' metrics (the first paint went without them) and, unless the
 * page's text has a character the core subsets lack, the rest of Latin. Every face added after the first
 * paint has the browser shape and lay out all of the page's text again.
 */
function dropFontFaces(links: HTMLLinkElement[]) {
  const inline = document.querySelector('head > style')?.textContent ?? '';
  const rare = RARE.test(document.body.textContent ?? '');
  for (const sheet of links.map((link) => link.sheet)) {
    const rules = sheet?.cssRules ?? [];
    for (let i = rules.length - 1; i >= 0; i--) {
      const rule = rules[i];
      if (!(rule instanceof CSSFontFaceRule)) continue;
      const src = rule.style.getPropertyValue('src');
      const url = /url\("?([^")]+)/.exec(src)?.[1];
      if (!url || inline.includes(url) || !rare) sheet!.deleteRule(i);
    }
  }
}

/** Ends at once the transitions under `root` that the full rules replacing the inline ones started. */
function finishTransitions(root: Document | HTMLElement) {
  // They are no change a visitor made (each form field's border from the browser's colour to ours):
  // run, they would restyle and repaint those elements on the main thread frame after frame.
  const animations =
    root instanceof Document ? root.getAnimations?.() : root.getAnimations?.({ subtree: true });
  for (const animation of animations ?? []) {
    if (animation instanceof CSSTransition) animation.finish();
  }
}

/**
 * Switches the full stylesheets on with the parts of the page below the first screen set aside (kept at
 * the height they have now), then lays those parts out one per task: restyling and laying out the whole
 * page in one task was the longest work of a slow phone's first seconds.
 */
let islands: Promise<void> | undefined;

/** The parts still set aside: React must find them as the server drew them, so hydration releases them. */
let setAside: HTMLElement[] = [];

function release(box: HTMLElement) {
  box.style.removeProperty('content-visibility');
  box.style.removeProperty('contain-intrinsic-height');
  if (box.getAttribute('style') === '') box.removeAttribute('style');
}

/** Lays out at once every part still set aside (before the islands hydrate). */
function releaseSetAside() {
  for (const box of setAside) release(box);
  setAside = [];
}

function applyStylesheets(links: HTMLLinkElement[], inParts: boolean) {
  dropFontFaces(links);
  // Once the islands are on their way, nothing is set aside: they hydrate against the server's markup.
  const later = inParts && !islands ? belowFirstScreen() : [];
  for (const { box, height } of later) {
    // `auto`: a part the visitor scrolls to meanwhile is drawn all the same (and, unlike `hidden`, its
    // setting aside is no layout shift to Chromium).
    box.style.containIntrinsicHeight = `${height}px`;
    box.style.contentVisibility = 'auto';
  }
  setAside = later.map(({ box }) => box);
  for (const link of links) link.media = 'all';
  finishTransitions(document);
  // A message rather than a timer or an animation frame: a task of its own that a stopped clock (the
  // browser tests') does not hold back.
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    const box = setAside.shift();
    if (!box) return channel.port1.close();
    release(box);
    // Laid out in this task, not in the next frame's with all the others.
    box.getBoundingClientRect();
    finishTransitions(box);
    channel.port2.postMessage(null);
  };
  channel.port2.postMessage(null);
}

let stylesheetsAdded = false;

/**
 * The full stylesheets of a page that drew its first screen from inline critical rules: server/src/ssr/
 * renderer.ts lists them in a <noscript>, which a browser running scripts keeps as text. Added once,
 * before the islands' code loads, which then finds them linked and does not link them again.
 */
function addStylesheets(onApplied?: () => void) {
  const listed = document.querySelector('noscript[data-stylesheets]')?.textContent;
  if (!listed || stylesheetsAdded) return;
  stylesheetsAdded = true;
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
      // A page opened at a fragment shows what is below its first screen: all of it at once.
      applyStylesheets(links, !atFragment);
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

/** Loads the islands' code (React and the page's interactive parts) and hydrates them, once. */
function hydrateIslands(): Promise<void> {
  // The islands' chunk names the stylesheets too (their components import them): linked first, they are
  // not linked a second time, which would restyle the page again at the visitor's first interaction.
  addStylesheets();
  releaseSetAside();
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
  addStylesheets();
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
