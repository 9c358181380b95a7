import { AdminProject, AdminProjectList } from '@atelier/shared';
import { requestParsed } from '../../api/client';
import { entityApi } from '../../api/entity';
import type { AdminPlatform } from '../../platform';

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
