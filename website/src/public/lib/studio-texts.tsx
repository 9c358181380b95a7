import { fillSiteText, paragraphs, type SiteSettings, type SiteTexts, siteTextValues } from '@atelier/shared';
import { Fragment } from 'react';
import { usePageSettings } from './page-settings';

/** Every string of `value`, filled. */
function fillAll<T>(value: T, fill: (text: string) => string): T {
  if (typeof value === 'string') return fill(value) as T;
  if (Array.isArray(value)) return value.map((item) => fillAll(item, fill)) as T;
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillAll(item, fill)])) as T;
  return value;
}

type TextSettings = Pick<SiteSettings, 'site_name' | 'founded_year' | 'texts'>;

/** The studio's texts as a page shows them: their placeholders filled from the settings. */
export function studioTexts(settings: TextSettings): SiteTexts {
  const values = siteTextValues(settings);
  return fillAll(settings.texts, (text) => fillSiteText(text, values));
}

const NAME = '{name}';

/**
 * The studio's texts for the page's own markup (no island's): filled but for `{name}`, which `<Named>` (and
 * `<Paragraphs>`) show as the site name that follows a rename on an open page.
 */
export function pageTexts(settings: TextSettings): SiteTexts {
  const values = { ...siteTextValues(settings), name: NAME };
  return fillAll(settings.texts, (text) => fillSiteText(text, values));
}

/**
 * A text of the page's own markup with each `{name}` the site name, in a span marked `data-site-name`: the
 * header island renames those when the studio is renamed while the page is open. Not for an island's markup,
 * which its own render keeps.
 */
export function Named({ text }: { text: string }) {
  const name = usePageSettings().site_name;
  const parts = text.split(NAME);
  if (parts.length === 1) return text;
  return parts.map((part, index) => (
    // The parts never reorder: each is its place in the text.
    <Fragment key={index}>
      {index > 0 && <span data-site-name="">{name}</span>}
      {part}
    </Fragment>
  ));
}

/**
 * An island's prop, or nothing when it is what the island's script already holds (the site's own default):
 * only a studio's own words travel in the page.
 */
export const unlessBuiltIn = <T,>(value: T, builtIn: unknown): T | undefined =>
  keyedJson(value) === keyedJson(builtIn) ? undefined : value;

/**
 * A value's JSON with each object's keys sorted: equal values compare equal whatever order their keys were
 * stored in (PostgreSQL's jsonb keeps them in an order of its own).
 */
const keyedJson = (value: unknown) =>
  JSON.stringify(value, (_key, member) =>
    member && typeof member === 'object' && !Array.isArray(member)
      ? Object.fromEntries(Object.entries(member).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : member,
  );

/** A studio text of several paragraphs (blank lines between them). */
export function Paragraphs({ text, className }: { text: string; className?: string }) {
  return paragraphs(text).map((paragraph, index) => (
    // The paragraphs never reorder: each is its place in the text.
    <p key={index} className={className}>
      <Named text={paragraph} />
    </p>
  ));
}
