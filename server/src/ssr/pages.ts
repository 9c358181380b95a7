import type { PageData } from '@atelier/shared';
import type { Deps } from '../context';
import { listFeaturedProjects } from '../routes/projects/projects.service';
import { getSettings } from '../routes/settings/settings.service';

/** The data a public page is rendered with; the same object hydrates the page in the browser. */
export interface PageLoad {
  url: string;
  data: PageData;
}

/**
 * Loads the data of the public page at `url` straight from the services (no HTTP round-trip).
 * Every other path renders the website's 404 page with the settings it needs for header and footer.
 */
export function loadPage(deps: Deps, url: URL): PageLoad | null {
  const { db, env } = deps;
  const settings = getSettings(db);
  const common = { settings, publicUrl: env.publicUrl };
  const route = url.pathname;
  if (route === '/' || route === '/home') {
    return { url: route, data: { ...common, page: 'home', featured: listFeaturedProjects(db) } };
  }
  return { url: route, data: { ...common, page: 'not-found' } };
}
