import { useEffect, useRef } from 'react';

/** True when the visitor asked the system for less motion (always false on the server). */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Fades a list's items in as they scroll into view, each `stepMs` after the one before it in the same
 * batch. The server renders every item visible, so without JavaScript, under reduced motion or for items
 * already on screen when the page hydrates nothing is hidden; only items still below the fold are held
 * back (class `is-reveal-pending`) until they enter the viewport (class `is-revealed`).
 */
export function useStaggerReveal<T extends HTMLElement>(stepMs: number) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const list = ref.current;
    if (!list || typeof IntersectionObserver === 'undefined' || prefersReducedMotion()) return;
    const items = Array.from(list.children) as HTMLElement[];
    const below = items.filter((item) => item.getBoundingClientRect().top > window.innerHeight * 0.95);
    if (below.length === 0) return;
    for (const item of below) item.classList.add('is-reveal-pending');

    const observer = new IntersectionObserver(
      (entries) => {
        const entering = entries
          .filter((entry) => entry.isIntersecting)
          .map((entry) => entry.target as HTMLElement)
          .sort((a, b) => items.indexOf(a) - items.indexOf(b));
        entering.forEach((item, index) => {
          observer.unobserve(item);
          item.style.setProperty('--reveal-delay', `${index * stepMs}ms`);
          item.classList.replace('is-reveal-pending', 'is-revealed');
        });
      },
      { rootMargin: '0px 0px -6% 0px' },
    );
    for (const item of below) observer.observe(item);
    return () => {
      observer.disconnect();
      for (const item of below) item.classList.remove('is-reveal-pending');
    };
  }, [stepMs]);
  return ref;
}
