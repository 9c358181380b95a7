import type { ProjectCard, Service, Video } from '@atelier/shared';
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
 * A still for a video, from the studio's own photographs: the featured project the film is about (its
 * title starts with the project's), else one picked by position. YouTube's thumbnails are not used as
 * the poster because they often cannot load (offline, blocked networks), and then the section would be
 * an empty box.
 */
export function videoPoster(video: Video, projects: ProjectCard[], index: number): string | null {
  const title = video.title.toLowerCase();
  const match = projects
    .filter((p) => p.thumbnail && title.startsWith(p.title.toLowerCase()))
    .sort((a, b) => b.title.length - a.title.length)[0];
  if (match) return match.thumbnail;
  const withImages = projects.filter((p) => p.thumbnail);
  return withImages.length ? withImages[index % withImages.length]!.thumbnail : null;
}

export const videoTypeLabel = (video: Video) => (video.project_type === 'proposal' ? 'Proposal' : 'Project');

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
