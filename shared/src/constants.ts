/** Business constants: statuses, page sizes, timings, limits and the studio's fixed facts. */

export const PUBLICATION_STATUSES = ['published', 'draft'] as const;
/** A draft's review: submitted by its author, or sent back with a note. */
export const REVIEW_STATUSES = ['in_review', 'changes_requested'] as const;
export const PROJECT_TYPES = ['project', 'proposal'] as const;
export const INQUIRY_STATUSES = ['new', 'in_progress', 'closed'] as const;
export const INQUIRY_STATUS_LABELS: Record<(typeof INQUIRY_STATUSES)[number], string> = {
  new: 'New',
  in_progress: 'In Progress',
  closed: 'Closed',
};

/** The contact form's fields, in the form's order (the honeypot aside). */
export const INQUIRY_FIELDS = [
  'client_name',
  'email',
  'subject',
  'phone',
  'project_type',
  'budget',
  'message',
] as const;

/** Contact form "Project Type" options (value → label). */
export const INQUIRY_PROJECT_TYPES = {
  residential: 'Residential',
  commercial: 'Commercial',
  interior: 'Interior Design',
  landscape: 'Landscape',
  urban: 'Urban Planning',
  other: 'Other',
} as const;

/** Contact form "Budget Range" options (value → label). */
export const INQUIRY_BUDGETS = {
  'under-50k': 'Under $50,000',
  '50k-100k': '$50,000 - $100,000',
  '100k-250k': '$100,000 - $250,000',
  '250k-500k': '$250,000 - $500,000',
  '500k-1m': '$500,000 - $1,000,000',
  'over-1m': 'Over $1,000,000',
} as const;

export const PAGE_SIZES = {
  projects: 20,
  blogPosts: 9,
  videos: 8,
  admin: 10,
  media: 15,
} as const;

export const FEATURED_PROJECTS_LIMIT = 12;
export const PAGER_WINDOW = 5;
export const YOUTUBE_ID_LENGTH = 11;

export const TIMINGS = {
  videoRotationMs: 60_000,
  videoFadeMs: 1_000,
  heroSlideMs: 5_000,
  galleryMs: 4_000,
  featuredTileDelayMs: 120,
  serviceTileDelayMs: 150,
  headerScrollThresholdPx: 20,
  /** After a password reset, and after an invalid reset link, the wait before the move to /auth. */
  resetRedirectMs: 3_000,
} as const;

export const TEXT_LIMITS = {
  featuredExcerpt: 150,
  listExcerpt: 120,
  metaExcerpt: 160,
  metaDescription: 320,
} as const;

export const UPLOAD_LIMIT_BYTES = 10_485_760;
/** The most a site export may unpack to when imported (its media originals and rows), and a WordPress file. */
export const SITE_IMPORT_MAX_BYTES = 4 * 1024 ** 3;
export const WXR_MAX_BYTES = 50 * 1024 ** 2;
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const STORAGE_BUCKETS = ['projects', 'team_members', 'blog', 'avatars'] as const;
export type StorageBucket = (typeof STORAGE_BUCKETS)[number];

/** The featured videos' introduction a new site shows (a studio text; the films' script carries this default). */
export const FEATURED_VIDEOS_INTRO =
  'Walk through finished buildings and fly over proposals still on the drawing board, in short films made with the people who use them.';

export const OFFICE_HOURS = [
  { days: 'Monday - Friday', hours: '9AM - 6PM' },
  { days: 'Saturday', hours: '10AM - 4PM' },
  { days: 'Sunday', hours: 'Closed' },
] as const;

/** Constants of the structured data (JSON-LD) that describe the studio. */
export const STRUCTURED_DATA = {
  openingHours: 'Mo-Fr 09:00-18:00',
  priceRange: '$$',
  themeColor: '#D4B254',
} as const;

export const AUTH_LIMITS = {
  maxLoginAttempts: 5,
  lockoutMinutes: 180,
  requestsPerWindow: 100,
  requestWindowMinutes: 15,
  minPasswordLength: 8,
} as const;

/** The honeypot: a field people never see or fill; anything in it marks the sender as a bot. */
export const HONEYPOT_FIELD = 'company_website';
