import type { BlogPost, BlogPostList, PublicBlogPost } from './schemas/blog-post';
import type { FocalPoint } from './schemas/focal';
import type { Project, ProjectCard, ProjectList } from './schemas/project';
import type { ProjectCategory } from './schemas/project-category';
import type { Service } from './schemas/service';
import type { SiteSettings } from './schemas/settings';
import type { TeamMember } from './schemas/team-member';
import type { Video } from './schemas/video';

/**
 * The contact form sent without JavaScript (a plain POST to /contact): sent, or refused with what the
 * visitor typed, each field's problem and the server's message.
 */
export interface ContactFormResult {
  sent?: boolean;
  values?: Record<string, string>;
  errors?: Record<string, string>;
  message?: string;
}

export type ProjectCardList = Omit<ProjectList, 'items'> & { items: ProjectCard[] };

/** How much of a service's description its tile shows; the server sends no more. */
export const SERVICE_TILE_CHARS = 140;
/** A service as its tile shows it, the description already cut to `SERVICE_TILE_CHARS`. */
export type ServiceCard = Pick<Service, 'id' | 'slug' | 'name' | 'description' | 'icon' | 'image'>;

/** What every public page is rendered with. */
export interface PageCommon {
  settings: SiteSettings;
  /** The site's public origin, e.g. https://khonde.mw (no trailing slash). */
  publicUrl: string;
  /** The path (and query) of this page, e.g. /projects?category=urban&page=2. */
  path: string;
  /**
   * The alternative text the studio wrote for each image of the page, by URL: a project's own text for
   * its photograph, else the media library's; an image without one is not listed.
   */
  alts: Record<string, string>;
  /** The focal point of each image of the page that has one (else the centre), overridden as `alts` are. */
  focus: Record<string, FocalPoint>;
}

export interface BlogQuery {
  page: number;
  category?: string;
  tag?: string;
  q?: string;
}

/** A published project's title and photograph (the home page's films pick their posters from them). */
export type ProjectStill = { title: string; thumbnail: string | null };

/** What the server renders a public page with, and what the browser hydrates it from. */
export type PageData = PageCommon &
  (
    | {
        page: 'home';
        featured: ProjectCard[];
        services: ServiceCard[];
        videos: Video[];
        /** Every published project's photograph by its title: a film's poster is the project it is about. */
        stills: ProjectStill[];
        /** The studio's categories, for the tiles' labels. */
        categories: ProjectCategory[];
      }
    | { page: 'about'; team: TeamMember[] }
    | {
        page: 'projects';
        /** The tab shown: a category's slug, or null for All. */
        category: string | null;
        list: ProjectCardList;
        categories: ProjectCategory[];
      }
    | {
        page: 'project';
        project: Project;
        categories: ProjectCategory[];
        /** "You May Also Like": same category first, then the newest. */
        related: ProjectCard[];
        /** Previous and next in the project's category (wrapping); null when it is alone. */
        neighbours: { previous: ProjectCard; next: ProjectCard } | null;
      }
    | { page: 'services'; services: Service[] }
    | { page: 'service'; service: Service }
    | { page: 'blog'; list: BlogPostList; query: BlogQuery; recent: BlogPost[] }
    | { page: 'blog-post'; post: PublicBlogPost }
    | { page: 'contact'; form?: ContactFormResult }
    /** `missing` says which detail screen's not-found state to show; absent for an unknown path. */
    | { page: 'not-found'; missing?: 'project' | 'service' | 'blog-post' }
  );

export type PageName = PageData['page'];
export type PageOf<P extends PageName> = Extract<PageData, { page: P }>;

/** What the server puts in an account-area page (the rest comes from the API, per user). */
export interface AccountShellData {
  settings: SiteSettings;
  /** A photograph of the studio's work beside the sign-in card: the newest featured project's first image. */
  photo: { src: string; title: string; location: string | null } | null;
}
