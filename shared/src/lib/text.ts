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
