import {
  entityPath,
  excerpt,
  isStoredImage,
  ogImageUrl,
  type PageData,
  type SiteSettings,
  STRUCTURED_DATA,
  TEXT_LIMITS,
} from '@atelier/shared';
import { categoryName } from './components/projects/text';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

type JsonLd = Record<string, unknown>;

interface Meta {
  title: string;
  description: string;
  /** The canonical path; null for pages that must not be indexed. */
  canonical: string | null;
  image?: string | null;
  type?: 'website' | 'article';
  jsonLd?: JsonLd[];
}

const summary = (text: string) => excerpt(text, TEXT_LIMITS.metaExcerpt);

/** The home page's title, before the " | site name" every title ends with. */
const HOME_TITLE = 'Architecture, Interiors and Urban Design in Malawi';

function breadcrumb(publicUrl: string, trail: [string, string][]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, path], index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      item: `${publicUrl}${path}`,
    })),
  };
}

/** A list page's canonical path keeps only the query values that change what it shows. */
function withQuery(
  path: string,
  params: Record<string, string | number | undefined>,
  defaults: Record<string, unknown>,
) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '' && value !== defaults[key]) search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

function metaFor(data: PageData): Meta {
  const { settings, publicUrl } = data;
  const absolute = (url: string | null | undefined) => (url ? new URL(url, publicUrl).href : undefined);
  switch (data.page) {
    case 'home':
      // What the studio does and where, before the name (the suffix): what a search for it would type.
      return {
        title: HOME_TITLE,
        description:
          settings.site_description ||
          `${settings.site_name}: architecture, interior design and urban planning in Malawi.`,
        canonical: '/',
        image: data.featured[0]?.thumbnail,
      };
    case 'about':
      return {
        title: 'About Our Studio',
        description: `${settings.site_name} is an architecture, interior and urban design studio founded in ${settings.founded_year}. Meet the team and how we work.`,
        canonical: '/about',
        jsonLd: [
          breadcrumb(publicUrl, [
            ['Home', '/'],
            ['About', '/about'],
          ]),
        ],
      };
    case 'projects': {
      const label = data.category ? categoryName(data.categories, data.category) : 'All';
      const page = data.list.page;
      return {
        title: `${label} Projects${page > 1 ? ` (page ${page})` : ''}`,
        description: `${data.category ? `${label} work` : 'Work'} by ${settings.site_name}: ${data.list.total} published projects and proposals.`,
        canonical: withQuery('/projects', { category: data.category ?? undefined, page }, { page: 1 }),
        image: data.list.items[0]?.thumbnail,
        jsonLd: [
          breadcrumb(publicUrl, [
            ['Home', '/'],
            ['Projects', '/projects'],
          ]),
        ],
      };
    }
    case 'project': {
      const { project } = data;
      const path = entityPath('projects', project);
      return {
        title: project.title,
        description: summary(project.description),
        canonical: path,
        image: project.thumbnail,
        type: 'article',
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'CreativeWork',
            name: project.title,
            description: summary(project.description),
            url: `${publicUrl}${path}`,
            image: project.images.map(absolute),
            genre: categoryName(data.categories, project.category),
            locationCreated: project.location ? { '@type': 'Place', name: project.location } : undefined,
            dateCreated: project.completion_date ?? undefined,
            creator: { '@type': 'Organization', name: settings.site_name, url: `${publicUrl}/` },
          },
          breadcrumb(publicUrl, [
            ['Home', '/'],
            ['Projects', '/projects'],
            [project.title, path],
          ]),
        ],
      };
    }
    case 'services':
      return {
        title: 'Our Services',
        description: `Architectural design, interior design, urban planning, landscape design and 3D visualisation by ${settings.site_name}.`,
        canonical: '/services',
        jsonLd: [
          breadcrumb(publicUrl, [
            ['Home', '/'],
            ['Services', '/services'],
          ]),
        ],
      };
    case 'service': {
      const { service } = data;
      const path = entityPath('services', service);
      return {
        title: service.name,
        description: summary(service.description),
        canonical: path,
        image: service.image ?? service.icon,
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'Service',
            name: service.name,
            description: summary(service.description),
            url: `${publicUrl}${path}`,
            provider: { '@type': 'Organization', name: settings.site_name, url: `${publicUrl}/` },
            ...(service.price_range
              ? { offers: { '@type': 'Offer', description: service.price_range } }
              : {}),
          },
          breadcrumb(publicUrl, [
            ['Home', '/'],
            ['Services', '/services'],
            [service.name, path],
          ]),
        ],
      };
    }
    case 'blog': {
      const { query } = data;
      const focus = query.q ? `Search: ${query.q}` : (query.category ?? (query.tag ? `#${query.tag}` : null));
      return {
        title: focus ? `Insights & Ideas: ${focus}` : 'Insights & Ideas',
        description: `Writing from ${settings.site_name} on architecture, interiors, sustainability and the city.`,
        canonical: withQuery('/blog', { ...query }, { page: 1 }),
        image: data.list.items[0]?.featured_image,
        jsonLd: [
          breadcrumb(publicUrl, [
            ['Home', '/'],
            ['Blog', '/blog'],
          ]),
        ],
      };
    }
    case 'blog-post': {
      const { post } = data;
      const path = entityPath('blog', post);
      const description = post.excerpt ?? summary(post.content);
      return {
        title: post.title,
        description,
        canonical: path,
        image: post.featured_image,
        type: 'article',
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'BlogPosting',
            headline: post.title,
            description,
            url: `${publicUrl}${path}`,
            image: absolute(post.featured_image),
            datePublished: post.publish_date ?? post.created_at,
            dateModified: post.updated_at,
            keywords: post.seo_keywords.join(', '),
            author: post.author
              ? { '@type': 'Person', name: post.author.name }
              : { '@type': 'Organization', name: settings.site_name },
            publisher: { '@type': 'Organization', name: settings.site_name },
          },
          breadcrumb(publicUrl, [
            ['Home', '/'],
            ['Blog', '/blog'],
            [post.title, path],
          ]),
        ],
      };
    }
    case 'contact':
      return {
        title: 'Contact Us',
        description: `Get in touch with ${settings.site_name}: ${settings.office_address}, ${settings.contact_phone}, ${settings.contact_email}.`,
        canonical: '/contact',
        jsonLd: [
          breadcrumb(publicUrl, [
            ['Home', '/'],
            ['Contact', '/contact'],
          ]),
        ],
      };
    case 'not-found': {
      const title = {
        project: 'Project not found',
        service: 'Service Not Found',
        'blog-post': 'Blog post not found',
      };
      return {
        title: data.missing ? title[data.missing] : 'Page Not Found',
        description: settings.site_description,
        canonical: null,
      };
    }
  }
}

/** The studio as structured data, on every page: one founding year (a setting) for the whole site. */
export function organisation(settings: SiteSettings, publicUrl: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': `${publicUrl}/#studio`,
    name: settings.site_name,
    description: settings.site_description,
    url: `${publicUrl}/`,
    logo: new URL(settings.logo_dark_url ?? '/favicon.svg', publicUrl).href,
    email: settings.contact_email,
    telephone: settings.contact_phone,
    address: { '@type': 'PostalAddress', streetAddress: settings.office_address },
    foundingDate: String(settings.founded_year),
    openingHours: settings.opening_hours || STRUCTURED_DATA.openingHours,
    priceRange: settings.price_range || STRUCTURED_DATA.priceRange,
    sameAs: settings.show_social_links
      ? [settings.facebook_url, settings.twitter_url, settings.instagram_url, settings.linkedin_url].filter(
          Boolean,
        )
      : [],
  };
}

const jsonLdTag = (value: JsonLd) =>
  `<script type="application/ld+json">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/** Title, description, canonical URL, Open Graph, Twitter card and JSON-LD of a public page. */
export function headFor(data: PageData): string {
  const meta = metaFor(data);
  const { settings, publicUrl } = data;
  const title = `${meta.title} | ${settings.site_name}`;
  const description = excerpt(meta.description, TEXT_LIMITS.metaDescription);
  const url = `${publicUrl}${meta.canonical ?? data.path}`;
  // A stored image is shared as the server's 1200 × 630 crop around its focal point.
  const shared =
    meta.image && isStoredImage(meta.image) ? ogImageUrl(meta.image, data.focus[meta.image]) : meta.image;
  const image = shared ? new URL(shared, publicUrl).href : null;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    iconTags(settings),
    `<meta name="description" content="${escapeHtml(description)}">`,
    meta.canonical === null
      ? '<meta name="robots" content="noindex">'
      : `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:type" content="${meta.type ?? 'website'}">`,
    `<meta property="og:site_name" content="${escapeHtml(settings.site_name)}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    // X reads the title, description and image from the Open Graph tags when its own are absent.
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
  ];
  if (image) tags.push(`<meta property="og:image" content="${escapeHtml(image)}">`);
  tags.push(
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(settings.site_name)} blog" href="${publicUrl}/blog/rss.xml">`,
  );
  for (const item of [organisation(settings, publicUrl), ...(meta.jsonLd ?? [])]) tags.push(jsonLdTag(item));
  return tags.join('');
}

/** The studio's favicon when one is uploaded, else the site's own icons. */
function iconTags(settings: Pick<SiteSettings, 'favicon_url'>): string {
  if (settings.favicon_url) {
    const href = escapeHtml(settings.favicon_url);
    return `<link rel="icon" href="${href}"><link rel="apple-touch-icon" href="${href}">`;
  }
  return '<link rel="icon" href="/favicon.ico" sizes="48x48"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="apple-touch-icon" href="/apple-touch-icon.png">';
}

/** The head of an account-area page (rendered in the browser): its title and icons, never indexed. */
export function accountHeadFor(title: string, settings: SiteSettings): string {
  return [
    `<title>${escapeHtml(`${title} | ${settings.site_name}`)}</title>`,
    iconTags(settings),
    '<meta name="robots" content="noindex">',
  ].join('');
}
