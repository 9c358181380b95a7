// Kept apart from the zod schemas so that browser code using them does not pull zod into its bundle.
import { FEATURED_VIDEOS_INTRO, INQUIRY_BUDGETS, OFFICE_HOURS, STRUCTURED_DATA } from './constants';
import type { SiteSettings, SiteTexts } from './schemas/settings';

/**
 * The studio's texts of a new database: the words the site shipped with, until the owner writes their own
 * (Settings). Placeholders as fillSiteText reads them.
 */
export const DEFAULT_TEXTS: SiteTexts = {
  city: 'Lilongwe',
  hero_line: 'Established {founded} · {city}',
  about_intro:
    'We are an architecture, interior and urban design studio in {city}. Since {founded} we have designed homes, workplaces, lodges and public spaces across Malawi that are comfortable in its climate, built from what is close to hand, and made to be looked after for generations.',
  story_title: 'A veranda, a tree, and everything that follows',
  story_lede:
    'Every good house in Malawi has its veranda: the shaded place in front where guests are welcomed, work gets done and the day cools down. That is where our way of designing begins.',
  story_text:
    '{name} was founded in {city} in {founded} on a simple conviction: that a good building here owes more to the sun, the wind and the rains than to any catalogue. Today we are a small team of architects, interior designers and planners, working from a first sketch on site to the day the keys are handed over.',
  vision:
    'Towns and homes across Malawi that are cool without air conditioning, built with local materials and local hands, and generous to the people who walk past them as well as those who live inside. We want every project to leave its street a little better than it found it.',
  approach:
    'We listen first: to clients, neighbours, councillors and builders. We study the plot through a full day of sun before we draw, test our ideas in models and on site, and keep budgets honest by designing with what is close to hand. Then we stay until the work is built properly.',
  principles: [
    {
      title: 'Climate first',
      text: 'Deep verandas, cross-ventilation, shade and thermal mass before any machine. Our buildings stay cool in October and dry in the rains.',
    },
    {
      title: 'Close to hand',
      text: 'Local brick, soil blocks, hardwoods and the skill of the builders around the site: lower costs, simpler maintenance, and money that stays nearby.',
    },
    {
      title: 'On site, every week',
      text: 'Drawings are a promise; site is where we keep it. We inspect the work regularly and certify only what is properly built.',
    },
  ],
  intro_services:
    'One studio from the first sketch to the last site visit. We design buildings, interiors, landscapes and neighbourhoods that suit Malawi’s climate, its materials and the people who use them, and we stay with every project until it is built well.',
  intro_team:
    'Architects, designers and planners who grew up in the places they now design for, and who still spend more of the week on site than behind a screen.',
  intro_videos: FEATURED_VIDEOS_INTRO,
  intro_contact:
    'Tell us about your plot, your building or your neighbourhood. A first conversation is free, and the earlier we talk, the more we can help.',
  intro_projects_page:
    'Homes, workplaces, landscapes, interiors and public space: buildings shaped by the sun, the wind and the rain of their particular place, and built with local hands.',
  intro_services_page:
    'From a single room to a new neighbourhood, every commission gets the same care: a close reading of the site and its climate, honest budgets, and a studio that stays with the work until it is built.',
  intro_blog_page:
    'Notes from the studio on architecture, interiors, materials and the making of better streets and neighbourhoods in Malawi.',
  intro_contact_page:
    'Planning a home, a workplace, a lodge or a public space? Write to us, call, or visit the studio in {city}. We answer every message ourselves.',
  projects_cta_title: 'Have a site, a brief or simply an idea?',
  projects_cta_text: 'Tell us about it, and we will arrange a first conversation on site or in the studio.',
  map_hint: 'Call ahead and we will have the right people and drawings ready for you.',
  office_hours: OFFICE_HOURS.map((row) => ({ ...row })),
  budget_currency: '$',
  budget_ranges: Object.entries(INQUIRY_BUDGETS).map(([value, label]) => ({
    value,
    label: label.replaceAll('$', '{currency}'),
  })),
};

/** The site settings of a new database (and what a page shows if its settings cannot be read). */
export const DEFAULT_SETTINGS: Omit<SiteSettings, 'created_at' | 'updated_at'> = {
  site_name: 'ARCHITECT',
  site_description: 'Premium Architecture Studio',
  contact_email: 'info@example.com',
  contact_phone: '+1 (555) 123-4567',
  office_address: '123 Architecture Avenue, Design District',
  footer_text: '© {year} {name}. All rights reserved.',
  show_social_links: true,
  facebook_url: 'https://facebook.com',
  twitter_url: 'https://twitter.com',
  instagram_url: 'https://instagram.com',
  linkedin_url: 'https://linkedin.com',
  founded_year: 2023,
  opening_hours: STRUCTURED_DATA.openingHours,
  price_range: STRUCTURED_DATA.priceRange,
  theme_color: STRUCTURED_DATA.themeColor,
  logo_light_url: null,
  logo_dark_url: null,
  favicon_url: null,
  texts: DEFAULT_TEXTS,
};
