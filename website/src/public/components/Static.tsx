import { createElement, memo, type ReactNode } from 'react';

/** The same object on every render, so React never rewrites the element's content. */
const ADOPT = { __html: '' };

interface StaticProps {
  as?: 'article' | 'div' | 'section';
  className?: string;
  children: ReactNode;
}

/**
 * A part of a page that never changes in the browser: the server renders it, and hydration adopts the
 * server's markup as it is (React neither compares nor rewrites what is under `dangerouslySetInnerHTML`
 * while hydrating), so its components never run in the browser and its data need not travel in
 * `__DATA__` (entry-server.tsx leaves it out). Only the wrapper's own attributes must match.
 */
export const Static = memo(function Static({ as = 'div', className, children }: StaticProps) {
  if (typeof window === 'undefined') return createElement(as, { className }, children);
  return createElement(as, { className, suppressHydrationWarning: true, dangerouslySetInnerHTML: ADOPT });
});
