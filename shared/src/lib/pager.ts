import { PAGER_WINDOW } from '../constants';

export type PagerItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * The numbered buttons of a pager: at most `window` consecutive pages around the current one,
 * with the first and last page and an ellipsis where pages are skipped.
 */
export function pagerWindow(current: number, totalPages: number, window: number = PAGER_WINDOW): PagerItem[] {
  if (totalPages <= 1) return totalPages === 1 ? [1] : [];
  const page = Math.min(Math.max(1, current), totalPages);
  const half = Math.floor(window / 2);
  let start = Math.max(1, page - half);
  const end = Math.min(totalPages, start + window - 1);
  start = Math.max(1, end - window + 1);

  const items: PagerItem[] = [];
  if (start > 1) items.push(1);
  if (start > 2) items.push('ellipsis-start');
  for (let n = start; n <= end; n++) items.push(n);
  if (end < totalPages - 1) items.push('ellipsis-end');
  if (end < totalPages) items.push(totalPages);
  return items;
}

export const totalPages = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
