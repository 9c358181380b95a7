import { type ProjectCard, type ProjectStill, type Service, type Video, youtubeId } from '@atelier/shared';
import { PLACEHOLDER_IMAGE } from '../Picture';

/**
 * A service's picture: its icon, else its default, else the generic placeholder. The spec's defaults by
 * name (Architectural Design, Interior Design, Urban Planning, Landscape Design, 3D Visualization) are the
 * photographs stored with each service, so the default is the service's own image whatever its name.
 */
export function serviceImage(service: Pick<Service, 'icon' | 'image'>): string {
  return service.icon || service.image || PLACEHOLDER_IMAGE;
}

/**
 * A still for a video, from the studio's own photographs: the published project the film is about (its
 * title starts with the project's, the longest such title), else a featured project's, picked by
 * position. YouTube's thumbnails are not used as the poster because they often cannot load (offline,
 * blocked networks), and then the section would be an empty box.
 */
function videoPoster(video: Video, stills: ProjectStill[], featured: ProjectCard[], index: number) {
  const title = video.title.toLowerCase();
  const match = stills
    .filter((p) => p.thumbnail && title.startsWith(p.title.toLowerCase()))
    .sort((a, b) => b.title.length - a.title.length)[0];
  if (match) return match.thumbnail;
  const withImages = featured.filter((p) => p.thumbnail);
  return withImages.length ? withImages[index % withImages.length]!.thumbnail : null;
}

/**
 * A video as the home page's films draw it (the showcase, the cards, the player): its YouTube id and its
 * poster are worked out on the server, so the page's data carries no URL to parse and no list of projects
 * to pick posters from.
 */
export interface Film extends Pick<Video, 'title' | 'description' | 'project_type'> {
  /** Null when the stored URL names no YouTube video ("Invalid YouTube URL"). */
  youtubeId: string | null;
  poster: string | null;
}

export const filmsOf = (videos: Video[], stills: ProjectStill[], featured: ProjectCard[]): Film[] =>
  videos.map((video, index) => ({
    title: video.title,
    description: video.description,
    project_type: video.project_type,
    youtubeId: youtubeId(video.url),
    poster: videoPoster(video, stills, featured, index),
  }));

export const videoTypeLabel = (video: Pick<Video, 'project_type'>) =>
  video.project_type === 'proposal' ? 'Proposal' : 'Project';

/**
 * How many columns a grid of `count` items gets on wide screens: all of them up to `max`, else the count
 * from `max` down to 3 that leaves the fullest last row (so 6 tiles sit 3 by 2, not 5 and 1).
 */
export function balancedColumns(count: number, max: number): number {
  if (count <= max) return Math.max(count, 1);
  const fill = (cols: number) => (count % cols === 0 ? 1 : (count % cols) / cols);
  let best = max;
  for (let cols = max - 1; cols >= 3; cols--) if (fill(cols) > fill(best)) best = cols;
  return best;
}
