import { format, formatDistanceStrict } from 'date-fns';

/** The admin's date format, MMM d, yyyy; a dash for none. */
export const formatDate = (value: string | null | undefined) =>
  value ? format(new Date(value), 'MMM d, yyyy') : '—';

/** "45 seconds ago", "3 minutes ago", "2 days ago", "1 year ago" (the dashboard's Recent Activity). */
export function relativeTime(value: string, now = new Date()): string {
  const then = new Date(value);
  if (then.getTime() >= now.getTime()) return 'just now';
  return `${formatDistanceStrict(then, now, { roundingMethod: 'floor' })} ago`;
}
