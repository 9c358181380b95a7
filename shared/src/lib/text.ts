import { INQUIRY_BUDGETS } from '../constants';
import type { SiteSettings, SiteTexts } from '../schemas/settings';

/** Splits stored text into paragraphs on blank lines (or on every line break with `byLine`). */
export function paragraphs(text: string, byLine = false): string[] {
  return text
    .split(byLine ? /\r?\n/ : /\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/**
 * Cuts text to at most `max` characters: after its last whole sentence when that keeps more than half,
 * else on the last word boundary with an ellipsis; never inside a word (unless it is a single word).
 */
export function excerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const sentences = flat.slice(0, max + 1).match(/^.*[.!?](?=\s)/)?.[0];
  if (sentences && sentences.length > max / 2) return sentences;
  // One character is kept for the ellipsis.
  const cut = flat.slice(0, max - 1);
  const space = flat[max - 1] === ' ' ? max - 1 : cut.lastIndexOf(' ');
  return `${(space > 0 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** A size for people: "12 B", "820 KB", "1.4 MB", "2.05 GB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/** What a studio text's placeholders read (fillSiteText). */
export interface SiteTextValues {
  name: string;
  founded?: number;
  city?: string;
  currency?: string;
}

/** The placeholders' values of a settings record. */
export const siteTextValues = (
  settings: Pick<SiteSettings, 'site_name' | 'founded_year' | 'texts'>,
): SiteTextValues => ({
  name: settings.site_name,
  founded: settings.founded_year,
  city: settings.texts.city,
  currency: settings.texts.budget_currency,
});

/**
 * A studio text as the visitor reads it: `{name}`, `{founded}`, `{city}` and `{currency}` filled from
 * `values`, `{year}` the current year. A placeholder without a value stays as written.
 */
export function fillSiteText(text: string, values: SiteTextValues): string {
  const all: Record<string, string | number | undefined> = { ...values, year: new Date().getFullYear() };
  return text.replace(/\{(name|founded|city|currency|year)\}/g, (match, key: string) =>
    String(all[key] ?? match),
  );
}

/**
 * A budget range's label: the studio's range of that key with its currency, else the label of the spec's
 * range (an inquiry sent before the ranges changed), else the key itself.
 */
export function budgetLabel(
  texts: Pick<SiteTexts, 'budget_ranges' | 'budget_currency'>,
  value: string | null,
): string | undefined {
  if (!value) return undefined;
  const range = texts.budget_ranges.find((r) => r.value === value);
  if (range) return fillSiteText(range.label, { name: '', currency: texts.budget_currency });
  return (INQUIRY_BUDGETS as Record<string, string>)[value] ?? value;
}

/**
 * A tag as the site spells it: spaces collapsed and the first letter a capital ("sustainability" and
 * "Sustainability" are one tag, shown as "Sustainability"); the rest is kept as written ("BIM", "Lilongwe").
 */
export function tagLabel(tag: string): string {
  const flat = tag.replace(/\s+/g, ' ').trim();
  return flat.charAt(0).toLocaleUpperCase('en') + flat.slice(1);
}

/** Tags spelled as `tagLabel` does, each once, in their first order. */
export const tagLabels = (tags: readonly string[]): string[] => [...new Set(tags.map(tagLabel))];

/** The longest slug: a readable address, cut at a hyphen. */
export const SLUG_MAX = 80;

/**
 * An address made from a title: "Lakeshore House, Senga Bay" → "lakeshore-house-senga-bay" (accents
 * dropped, every run of other characters one hyphen, at most `SLUG_MAX` characters); "" when the title has
 * no letter or digit of the Latin alphabet.
 */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}

/** The public address of a project, post or service: its slug, or its id for a row that has none. */
export const entityPath = (
  section: 'projects' | 'blog' | 'services',
  row: { id: string; slug: string | null },
) => `/${section}/${row.slug ?? row.id}`;
