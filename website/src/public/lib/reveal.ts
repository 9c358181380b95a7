/** True when the visitor asked the system for less motion (always false on the server). */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The attribute a list carries to fade its items in as they scroll into view, `step` ms apart. The lists
 * are static HTML (not hydrated): the browser's entry finds them by it (`revealLists`).
 */
export const revealStep = (stepMs: number) => ({ 'data-reveal-step': stepMs });

/**
 * Fades a list's items in as they scroll into view, each `stepMs` after the one before it in the same
 * batch. The server renders every item visible, so without JavaScript, under reduced motion or for items
 * already on screen nothing is hidden; only items still below the fold are held back (class
 * `is-reveal-pending`) until they enter the viewport (class `is-revealed`). Where each item is comes from
 * the observer's first report, never from reading the layout here: a read would lay the whole page out
 * at once, in the task that runs this script.
 */
export function revealOnScroll(list: HTMLElement, stepMs: number): void {
  if (typeof IntersectionObserver === 'undefined' || prefersReducedMotion()) return;
  const items = Array.from(list.children) as HTMLElement[];
  const observer = new IntersectionObserver(
    (entries) => {
      const entering: HTMLElement[] = [];
      for (const entry of entries) {
        const item = entry.target as HTMLElement;
        const pending = item.classList.contains('is-reveal-pending');
        if (entry.isIntersecting) {
          observer.unobserve(item);
          if (pending) entering.push(item);
        } else if (!pending && entry.boundingClientRect.bottom <= (entry.rootBounds?.top ?? 0)) {
          observer.unobserve(item); // above the viewport already (a page opened further down)
        } else if (!pending) {
          item.classList.add('is-reveal-pending');
        }
      }
      entering.sort((a, b) => items.indexOf(a) - items.indexOf(b));
      entering.forEach((item, index) => {
        item.style.setProperty('--reveal-delay', `${index * stepMs}ms`);
        item.classList.replace('is-reveal-pending', 'is-revealed');
      });
    },
    { rootMargin: '0px 0px -6% 0px' },
  );
  for (const item of items) observer.observe(item);
}

/** Every list of the page marked with `revealStep`. */
export function revealLists(root: ParentNode = document): void {
  for (const list of root.querySelectorAll<HTMLElement>('[data-reveal-step]')) {
    revealOnScroll(list, Number(list.dataset.revealStep));
  }
}
