import { z } from 'zod';

/**
 * The checks a project or post passes before it is published (or sent for review). The admin form runs
 * them as the editor types, the server again on every save that publishes: the same code, over the same
 * facts (what the library knows of each image, which internal links lead nowhere).
 */
export const PUBLISH_LIMITS = {
  /** What a search result shows of a title. */
  title: 60,
  /** A meta description: long enough to say something, short enough not to be cut. */
  descriptionMin: 50,
  descriptionMax: 160,
  /** The size the large link previews (Facebook, LinkedIn, X) are drawn at. */
  ogWidth: 1200,
  ogHeight: 630,
} as const;

export const PUBLISH_MESSAGES = {
  altMissing: 'Every image needs alt text, or to be marked decorative, before it is published',
  altOk: 'Every image has alt text or is marked decorative',
  coverMissing: 'No thumbnail or featured image is set',
  coverOk: 'A thumbnail or featured image is set',
  titleLong: `The title is longer than the ${PUBLISH_LIMITS.title} characters a search result shows`,
  titleOk: 'The title fits a search result',
  descriptionShort: `The description is shorter than ${PUBLISH_LIMITS.descriptionMin} characters`,
  descriptionLong: `The description is longer than the ${PUBLISH_LIMITS.descriptionMax} characters a search result shows`,
  descriptionOk: `The description is ${PUBLISH_LIMITS.descriptionMin}–${PUBLISH_LIMITS.descriptionMax} characters`,
  ogSmall: `The preview image is smaller than ${PUBLISH_LIMITS.ogWidth}×${PUBLISH_LIMITS.ogHeight}: link previews show it blurred or small`,
  ogOk: 'The preview image is large enough',
  linksBroken: 'Some links lead to no page of the site',
  linksOk: 'Every link within the site leads to a page',
} as const;

/** What a project or post is checked on: its texts, its cover, every image it shows with its own alt text. */
export interface PublishContent {
  title: string;
  /** The project's description or the post's excerpt: the page's meta description. */
  description: string;
  /** The thumbnail or featured image: the Open Graph image too. */
  cover: string | null;
  images: { url: string; alt: string }[];
  /** Where links are looked for. */
  text: string;
}

export function projectContent(project: {
  title: string;
  description: string;
  thumbnail?: string | null;
  images?: string[];
  image_alts?: Record<string, string>;
}): PublishContent {
  const urls = [...new Set([...(project.images ?? []), ...(project.thumbnail ? [project.thumbnail] : [])])];
  return {
    title: project.title,
    description: project.description,
    cover: project.thumbnail || null,
    images: urls.map((url) => ({ url, alt: project.image_alts?.[url] ?? '' })),
    text: project.description,
  };
}

const MARKDOWN_IMAGE = /!\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

export function postContent(post: {
  title: string;
  excerpt?: string | null;
  content: string;
  featured_image?: string | null;
}): PublishContent {
  const inline = [...post.content.matchAll(MARKDOWN_IMAGE)].map(([, alt = '', url = '']) => ({ url, alt }));
  return {
    title: post.title,
    description: post.excerpt ?? '',
    cover: post.featured_image || null,
    images: [...(post.featured_image ? [{ url: post.featured_image, alt: '' }] : []), ...inline],
    text: post.content,
  };
}

const INTERNAL_LINK = /\]\(\s*<?(\/(?:projects|blog|services)\/[^)\s>?#]+)/g;

/** The links of `text` to a project, post or service page of this site (Markdown links, by path). */
export const internalLinks = (text: string): string[] => [
  ...new Set([...text.matchAll(INTERNAL_LINK)].map(([, path = '']) => path.replace(/\/+$/, ''))),
];

/** What the server knows that the checks need: the library's side of each image, the links that lead nowhere. */
export const PublishFacts = z
  .object({
    images: z.record(
      z.string(),
      z.object({
        /** The library file's id (to describe it or mark it decorative). */
        id: z.string(),
        alt: z.string(),
        decorative: z.boolean(),
        width: z.number().int().nullable(),
        height: z.number().int().nullable(),
      }),
    ),
    broken_links: z.array(z.string()),
  })
  .meta({ id: 'PublishFacts' });
export type PublishFacts = z.infer<typeof PublishFacts>;

export const PublishFactsQuery = z
  .object({
    urls: z.array(z.string().max(2000)).max(200, 'At most 200 images'),
    links: z.array(z.string().max(2000)).max(200, 'At most 200 links'),
  })
  .meta({ id: 'PublishFactsQuery' });
export type PublishFactsQuery = z.infer<typeof PublishFactsQuery>;

export const factsQueryOf = (content: PublishContent): PublishFactsQuery => ({
  urls: [...new Set(content.images.map((image) => image.url))],
  links: internalLinks(content.text),
});

export const PUBLISH_CHECK_IDS = ['alt', 'cover', 'title', 'description', 'og_image', 'links'] as const;

/** One check: passed or not; a failed blocking one stops the publish, the others warn. */
export interface PublishCheck {
  id: (typeof PUBLISH_CHECK_IDS)[number];
  ok: boolean;
  blocking: boolean;
  message: string;
  /** What failed it: the images without alt text, the broken links. */
  items: string[];
}

/** The images of `content` that have no alt text (their own or the library's) and are not marked decorative. */
export function imagesWithoutAlt(content: PublishContent, facts: PublishFacts): string[] {
  const missing = content.images.filter(({ url, alt }) => {
    const library = facts.images[url];
    return !alt.trim() && !library?.alt.trim() && !library?.decorative;
  });
  return [...new Set(missing.map((image) => image.url))];
}

export function publishChecks(content: PublishContent, facts: PublishFacts): PublishCheck[] {
  const check = (
    id: PublishCheck['id'],
    failure: string | null,
    ok: string,
    items: string[] = [],
  ): PublishCheck => ({ id, ok: !failure, blocking: id === 'alt', message: failure ?? ok, items });
  const M = PUBLISH_MESSAGES;
  const L = PUBLISH_LIMITS;
  const withoutAlt = imagesWithoutAlt(content, facts);
  const description = content.description.trim().length;
  const og = content.cover ? facts.images[content.cover] : undefined;
  const ogSmall = og?.width != null && og.height != null && (og.width < L.ogWidth || og.height < L.ogHeight);
  return [
    check('alt', withoutAlt.length ? M.altMissing : null, M.altOk, withoutAlt),
    check('cover', content.cover ? null : M.coverMissing, M.coverOk),
    check('title', content.title.trim().length > L.title ? M.titleLong : null, M.titleOk),
    check(
      'description',
      description < L.descriptionMin
        ? M.descriptionShort
        : description > L.descriptionMax
          ? M.descriptionLong
          : null,
      M.descriptionOk,
    ),
    ...(content.cover ? [check('og_image', ogSmall ? M.ogSmall : null, M.ogOk)] : []),
    check('links', facts.broken_links.length ? M.linksBroken : null, M.linksOk, facts.broken_links),
  ];
}
