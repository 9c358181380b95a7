import { excerpt, type PageData, STRUCTURED_DATA, TEXT_LIMITS } from '@atelier/shared';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

interface Meta {
  title: string;
  description: string;
  path: string;
  image?: string | null;
}

function metaFor(data: PageData): Meta {
  const { settings } = data;
  switch (data.page) {
    case 'home':
      return {
        title: `${settings.site_description}`,
        description: `${settings.site_name}: ${settings.site_description}. Architecture, interior design and urban planning from ${settings.office_address}.`,
        path: '/',
        image: data.featured[0]?.thumbnail,
      };
    case 'not-found':
      return { title: 'Page Not Found', description: settings.site_description, path: '/404' };
  }
}

/** The studio as structured data, on every page. */
function organisation(data: PageData) {
  const { settings, publicUrl } = data;
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    name: settings.site_name,
    description: settings.site_description,
    url: `${publicUrl}/`,
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

/** Title, description, canonical URL, Open Graph, Twitter card and JSON-LD of a public page. */
export function headFor(data: PageData): string {
  const meta = metaFor(data);
  const title = `${meta.title} | ${data.settings.site_name}`;
  const description = excerpt(meta.description, TEXT_LIMITS.metaDescription);
  const url = `${data.publicUrl}${meta.path}`;
  const image = meta.image ? new URL(meta.image, data.publicUrl).href : null;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    data.page === 'not-found'
      ? '<meta name="robots" content="noindex" />'
      : `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(data.settings.site_name)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
  ];
  if (image)
    tags.push(
      `<meta property="og:image" content="${escapeHtml(image)}" />`,
      `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
    );
  const jsonLd = JSON.stringify(organisation(data)).replace(/</g, '\\u003c');
  tags.push(`<script type="application/ld+json">${jsonLd}</script>`);
  return tags.join('\n    ');
}
