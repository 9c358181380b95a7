import { AdminProject, AdminProjectList, type ProjectDeleteQuery, ProjectPhotos } from '@atelier/shared';
import { useQuery } from '@tanstack/react-query';
import { requestParsed } from '../../api/client';
import { entityApi } from '../../api/entity';
import type { AdminPlatform } from '../../platform';
import { usePlatform } from '../../platform-context';

export const projectsApi = entityApi({ path: 'projects', item: AdminProject, list: AdminProjectList });

export const setProjectFeatured = (platform: AdminPlatform, id: string, featured: boolean) =>
  requestParsed(platform, AdminProject, `/api/admin/projects/${encodeURIComponent(id)}/featured`, {
    method: 'PATCH',
    body: { featured },
  });

/** The featured star: toggled at once in every cached list, put back if the server refuses. */
export const useToggleFeatured = () =>
  projectsApi.useRowChange((platform, id, { featured }: { featured: boolean }) =>
    setProjectFeatured(platform, id, featured),
  );

/** How many of a project's photographs nothing else shows (read while its delete confirmation is open). */
export function useOwnPhotos(id: string, enabled: boolean) {
  const platform = usePlatform();
  return useQuery({
    queryKey: [...projectsApi.keys.one(id), 'photos'],
    queryFn: () =>
      requestParsed(platform, ProjectPhotos, `/api/admin/projects/${encodeURIComponent(id)}/photos`),
    enabled,
  });
}

/** Deletes a project; `photos: 'keep'` leaves the photographs only it showed in the library. */
export const deleteProject = (platform: AdminPlatform, id: string, photos: ProjectDeleteQuery['photos']) =>
  platform.request<void>(`/api/admin/projects/${encodeURIComponent(id)}?photos=${photos}`, {
    method: 'DELETE',
  });
