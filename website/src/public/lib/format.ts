// Fixed locale and time zone: the server and every visitor's browser must print the same text, or
// hydration would not match (and the spec's date format is American English).
const DATE = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
const NUMBER = new Intl.NumberFormat('en-US');

/** An ISO timestamp as "MMMM d, yyyy" in UTC, e.g. "November 2, 2026"; "" when it is not a date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE.format(date);
}

/** A whole number with thousands separators, e.g. "2,138". */
export const formatNumber = (n: number) => NUMBER.format(n);

/** "1 view", "2,138 views": a count with its noun in the right number. */
export const formatCount = (n: number, one: string, many: string) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

/** Minutes to read a text at an unhurried 200 words a minute, at least one. */
export const readingMinutes = (text: string) =>
  Math.max(1, Math.round(text.split(/\s+/).filter(Boolean).length / 200));

/** A phone number as a tel: URI: digits and a leading plus only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;
