import { fillSiteText, paragraphs, type SiteSettings, type SiteTexts, siteTextValues } from '@atelier/shared';

/** Every string of `value`, filled. */
function fillAll<T>(value: T, fill: (text: string) => string): T {
  if (typeof value === 'string') return fill(value) as T;
  if (Array.isArray(value)) return value.map((item) => fillAll(item, fill)) as T;
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillAll(item, fill)])) as T;
  return value;
}

/** The studio's texts as a page shows them: their placeholders filled from the settings. */
export function studioTexts(settings: Pick<SiteSettings, 'site_name' | 'founded_year' | 'texts'>): SiteTexts {
  const values = siteTextValues(settings);
  return fillAll(settings.texts, (text) => fillSiteText(text, values));
}

/**
 * An island's prop, or nothing when it is what the island's script already holds (the site's own default):
 * only a studio's own words travel in the page.
 */
export const unlessBuiltIn = <T,>(value: T, builtIn: unknown): T | undefined =>
  JSON.stringify(value) === JSON.stringify(builtIn) ? undefined : value;

/** A studio text of several paragraphs (blank lines between them). */
export function Paragraphs({ text, className }: { text: string; className?: string }) {
  return paragraphs(text).map((paragraph, index) => (
    // The paragraphs never reorder: each is its place in the text.
    <p key={index} className={className}>
      {paragraph}
    </p>
  ));
}
