import type { Project } from './schemas/project';
import type { SiteSettings } from './schemas/settings';

/** What the server renders a public page with, and what the browser hydrates it from. */
export type PageData = { settings: SiteSettings; publicUrl: string } & (
  | { page: 'home'; featured: Project[] }
  | { page: 'not-found' }
);
