import {
  type AccountShellData,
  ALL_CATEGORIES,
  BlogPostListQuery,
  DEFAULT_SETTINGS,
  entityPath,
  excerpt,
  type FocalPoint,
  type PageCommon,
  type PageData,
  type Project,
  type ProjectCard,
  ProjectListQuery,
  type PublicBlogPost,
  type ReviewKind,
  SERVICE_TILE_CHARS,
  type Service,
  type ServiceCard,
  type SiteSettings,
} from '@atelier/shared';
import type { z } from 'zod';
import type { Deps } from '../context';
import type { Db } from '../db/client';
import { findByAddress, isSluggedSection } from '../db/slugs';
import { findPublishedPost, listPublishedPosts } from '../features/blog-posts/blog-posts.service';
import { libraryAlts, libraryFocus } from '../features/media/media.service';
import { listCategories } from '../features/projects/categories.service';
import {
  findProjectNeighbours,
  findPublishedProject,
  listFeaturedProjects,
  listProjectStills,
  listPublishedProjects,
  listRelatedProjects,
  projectImageAlts,
  projectImageFocus,
} from '../features/projects/projects.service';
import { findActiveService, listActiveServices } from '../features/services/services.service';
import { getSettings } from '../features/settings/settings.service';
import { listTeamMembers } from '../features/team-members/team-members.service';
import { listActiveVideos } from '../features/videos/videos.service';
import { badRequest } from '../lib/errors';

type Loaded = PageData extends infer P
  ? P extends unknown
    ? Omit<P, 'settings' | 'publicUrl' | 'path' | 'alts' | 'focus'>
    : never
  : never;

/** The home page's editorial grid: a handful of featured projects, the rest behind "View all projects". */
const HOME_FEATURED = 6;

/**
 * A page's query, read forgivingly: each value is checked on its own by the API's schema, and a bad one
 * falls back to its default without dropping the others (a page never answers 400).
 */
function parseEach<T extends z.ZodObject>(schema: T, url: URL): Partial<z.infer<T>> {
  const values: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const parsed = (field as z.ZodType).safeParse(url.searchParams.get(key) ?? undefined);
    if (parsed.success && parsed.data !== undefined) values[key] = parsed.data;
  }
  return values as Partial<z.infer<T>>;
}

/** What a page's data is loaded with. */
type PageDeps = Pick<Deps, 'db' | 'env' | 'log'>;

const lastGoodSettings = new WeakMap<PageDeps, SiteSettings>();

/**
 * The settings for a page: if they cannot be read ("Failed to load settings"), the last copy this
 * process read, else the specification's defaults, so the site still renders.
 */
async function settingsFor(deps: PageDeps): Promise<SiteSettings> {
  try {
    const settings = await getSettings(deps.db);
    lastGoodSettings.set(deps, settings);
    return settings;
  } catch (error) {
    deps.log.error({ err: error }, 'Failed to load settings');
    const cached = lastGoodSettings.get(deps);
    if (cached) return cached;
    const epoch = new Date(0).toISOString();
    return { ...DEFAULT_SETTINGS, created_at: epoch, updated_at: epoch };
  }
}

/** The account area's page: the settings, and a photograph of the studio's work for the sign-in screens. */
export async function accountShell(deps: PageDeps): Promise<AccountShellData> {
  const project = (await listFeaturedProjects(deps.db)).find((item) => item.images.length > 0);
  const src = project?.images[0];
  return {
    settings: await settingsFor(deps),
    photo: project && src ? { src, title: project.title, location: project.location } : null,
  };
}

/** What a tile shows of a project (the page's data is embedded for hydration: no more than needed). */
const projectCard = ({
  id,
  slug,
  title,
  category,
  location,
  thumbnail,
  project_type,
}: Project): ProjectCard => ({
  id,
  slug,
  title,
  category,
  location,
  thumbnail,
  project_type,
});
const serviceCard = ({ id, slug, name, description, icon, image }: Service): ServiceCard => ({
  id,
  slug,
  name,
  description: excerpt(description, SERVICE_TILE_CHARS),
  icon,
  image,
});

/** One canonical form per page: no trailing slash (so /projects/ is /projects). */
export const canonicalPath = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/** A path segment decoded; a malformed escape (`%ff`, `%`) is the client's error, not the server's. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw badRequest('The address is not valid: it has a malformed %-escape');
  }
}

/** The stored images `loaded` shows, by URL. */
const storedImages = (loaded: Loaded) => [
  ...new Set(JSON.stringify(loaded).match(/(?<=")\/media\/[^"]+(?=")/g)),
];

/**
 * The alternative text the studio wrote for each stored image `loaded` shows: the library's, over it a
 * published project's, and over both the text the page's own project gives it.
 */
async function imageAlts(db: Db, loaded: Loaded, urls: string[]): Promise<Record<string, string>> {
  const own = loaded.page === 'project' ? loaded.project.image_alts : {};
  const alts = { ...(await libraryAlts(db, urls)), ...(await projectImageAlts(db, urls)), ...own };
  return Object.fromEntries(Object.entries(alts).filter(([url, alt]) => alt.trim() && urls.includes(url)));
}

/** The focal point of each stored image `loaded` shows that has one, overridden as its alt text is. */
async function imageFocus(db: Db, loaded: Loaded, urls: string[]): Promise<Record<string, FocalPoint>> {
  const own = loaded.page === 'project' ? loaded.project.image_focus : {};
  const points = { ...(await libraryFocus(db, urls)), ...(await projectImageFocus(db, urls)), ...own };
  return Object.fromEntries(Object.entries(points).filter(([url]) => urls.includes(url)));
}

/** A page's data: what is common, what it loaded, and the alt texts and focal points of its images. */
async function withImages(
  db: Db,
  common: Omit<PageCommon, 'alts' | 'focus'>,
  loaded: Loaded,
): Promise<PageData> {
  const urls = storedImages(loaded);
  return {
    ...common,
    ...loaded,
    alts: await imageAlts(db, loaded, urls),
    focus: await imageFocus(db, loaded, urls),
  } as PageData;
}

/**
 * The current address of a project, post or service page reached by its id or a former slug (answered
 * with a permanent redirect); undefined for any other path.
 */
export async function movedAddress(db: Db, pathname: string): Promise<string | undefined> {
  const [, section = '', key, extra] = canonicalPath(pathname).split('/');
  if (!key || extra !== undefined || !isSluggedSection(section)) return undefined;
  const found = await findByAddress(db, section, decodeSegment(key));
  return found && found.address !== decodeSegment(key) ? `/${section}/${found.address}` : undefined;
}

/** The data of the public page at `url`, loaded straight from the services (no HTTP round-trip). */
export async function loadPage(deps: PageDeps, url: URL): Promise<PageData> {
  const { env } = deps;
  const pathname = canonicalPath(url.pathname);
  const [, section = '', id, extra] = pathname.split('/').map(decodeSegment);
  const common = {
    settings: await settingsFor(deps),
    publicUrl: env.publicUrl,
    path: `${pathname}${url.search}`,
  };
  const loaded = await load(deps, section, id, extra, url);
  return await withImages(deps.db, common, loaded);
}

async function load(
  deps: PageDeps,
  section: string,
  id: string | undefined,
  extra: string | undefined,
  url: URL,
): Promise<Loaded> {
  const { db } = deps;
  if (extra !== undefined) return { page: 'not-found' };
  if (id === undefined) {
    switch (section) {
      case '':
      case 'home':
        return {
          page: 'home',
          featured: (await listFeaturedProjects(db)).slice(0, HOME_FEATURED).map(projectCard),
          services: (await listActiveServices(db)).map(serviceCard),
          videos: await listActiveVideos(db),
          stills: await listProjectStills(db),
          categories: await listCategories(db),
        };
      case 'about':
        return { page: 'about', team: await listTeamMembers(db) };
      case 'projects': {
        const query = parseEach(ProjectListQuery, url);
        const categories = await listCategories(db);
        // `all`: every category. No category, or one the studio does not have: the first tab (Residential
        // by default), as the portfolio has always opened.
        const category =
          query.category === ALL_CATEGORIES
            ? undefined
            : (categories.find((c) => c.slug === query.category) ?? categories[0])?.slug;
        const list = await listPublishedProjects(db, { category, page: query.page ?? 1 });
        return {
          page: 'projects',
          category: category ?? null,
          list: { ...list, items: list.items.map(projectCard) },
          categories,
        };
      }
      case 'services':
        return { page: 'services', services: await listActiveServices(db) };
      case 'blog': {
        const q = { page: 1, ...parseEach(BlogPostListQuery, url) };
        const recent = (await listPublishedPosts(db, { page: 1 })).items.slice(0, 3);
        return { page: 'blog', list: await listPublishedPosts(db, q), query: q, recent };
      }
      case 'contact':
        // Where the form sent without JavaScript lands after storing the inquiry (post, redirect, get).
        return url.searchParams.get('sent') === '1'
          ? { page: 'contact', form: { sent: true } }
          : { page: 'contact' };
    }
    return { page: 'not-found' };
  }
  switch (section) {
    case 'projects': {
      const found = await findByAddress(db, 'projects', id);
      return await projectPage(db, found && (await findPublishedProject(db, found.id)));
    }
    case 'services': {
      const found = await findByAddress(db, 'services', id);
      const service = found && (await findActiveService(db, found.id));
      return service ? { page: 'service', service } : { page: 'not-found', missing: 'service' };
    }
    case 'blog': {
      const found = await findByAddress(db, 'blog', id);
      return postPage(found && (await findPublishedPost(db, found.id)));
    }
  }
  return { page: 'not-found' };
}

async function projectPage(db: Db, project: Project | undefined): Promise<Loaded> {
  if (!project) return { page: 'not-found', missing: 'project' };
  return {
    page: 'project',
    project,
    related: await listRelatedProjects(db, project),
    neighbours: await findProjectNeighbours(db, project),
    categories: await listCategories(db),
  };
}

const postPage = (post: PublicBlogPost | undefined): Loaded =>
  post ? { page: 'blog-post', post } : { page: 'not-found', missing: 'blog-post' };

/**
 * The page a preview link shows: the project or post at its public address, in the public layout, whatever
 * its status (a draft, a post scheduled for later); the not-found page once it is deleted.
 */
export async function loadPreview(deps: PageDeps, kind: ReviewKind, id: string): Promise<PageData> {
  const { db, env } = deps;
  let section: 'projects' | 'blog';
  let item: { id: string; slug: string | null } | undefined;
  let loaded: Loaded;
  if (kind === 'project') {
    const project = await findPublishedProject(db, id, { drafts: true });
    [section, item, loaded] = ['projects', project, await projectPage(db, project)];
  } else {
    const post = await findPublishedPost(db, id, { drafts: true });
    [section, item, loaded] = ['blog', post, postPage(post)];
  }
  const path = item ? entityPath(section, item) : `/${section}/${id}`;
  const common = { settings: await settingsFor(deps), publicUrl: env.publicUrl, path };
  return await withImages(db, common, loaded);
}
