import { AdminProjectList, Project } from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestParsed } from '../../api/client';
import { entityApi } from '../../api/entity';
import { usePlatform } from '../../platform-context';

export const projectsApi = entityApi({ path: 'projects', item: Project, list: AdminProjectList });

export const setProjectFeatured = (platform: ReturnType<typeof usePlatform>, id: string, featured: boolean) =>
  requestParsed(platform, Project, `/api/admin/projects/${encodeURIComponent(id)}/featured`, {
    method: 'PATCH',
    body: { featured },
  });

/** The featured star: toggled at once in every cached list, put back if the server refuses. */
export function useToggleFeatured() {
  const platform = usePlatform();
  const client = useQueryClient();
  const lists = { queryKey: [...projectsApi.keys.all, 'list'] };
  return useMutation({
    mutationFn: ({ id, featured }: { id: string; featured: boolean }) =>
      setProjectFeatured(platform, id, featured),
    onMutate: async ({ id, featured }) => {
      await client.cancelQueries(lists);
      const before = client.getQueriesData<AdminProjectList>(lists);
      client.setQueriesData<AdminProjectList>(
        lists,
        (page) =>
          page && {
            ...page,
            items: page.items.map((item) => (item.id === id ? { ...item, featured } : item)),
          },
      );
      return { before };
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.before ?? []) client.setQueryData(key, data);
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: projectsApi.keys.all }),
        client.invalidateQueries({ queryKey: ['admin', 'activity'] }),
      ]),
  });
}
