import { AdminProjectCategory } from '@atelier/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { requestParsed } from '../../api/client';
import type { AdminPlatform } from '../../platform';
import { usePlatform } from '../../platform-context';

const BASE = '/api/admin/project-categories';
const List = z.object({ items: z.array(AdminProjectCategory) });
const keys = { all: ['admin', 'project-categories'] as const };
const at = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** The studio's project categories in its order, with how many projects each holds. */
export function useCategories() {
  const platform = usePlatform();
  return useQuery({
    queryKey: keys.all,
    queryFn: async () => (await requestParsed(platform, List, BASE)).items,
  });
}

type Write =
  | { kind: 'create'; name: string }
  | { kind: 'rename'; id: string; name: string }
  | { kind: 'order'; ids: string[] }
  | { kind: 'delete'; id: string };

function write(platform: AdminPlatform, change: Write): Promise<unknown> {
  switch (change.kind) {
    case 'create':
      return requestParsed(platform, AdminProjectCategory, BASE, {
        method: 'POST',
        body: { name: change.name },
      });
    case 'rename':
      return requestParsed(platform, AdminProjectCategory, at(change.id), {
        method: 'PUT',
        body: { name: change.name },
      });
    case 'order':
      return requestParsed(platform, List, `${BASE}/order`, { method: 'PUT', body: { ids: change.ids } });
    case 'delete':
      return platform.request<void>(at(change.id), { method: 'DELETE' });
  }
}

/** Every change to the categories; each refreshes them and the projects' lists (their labels). */
export function useCategoryChange() {
  const platform = usePlatform();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Write) => write(platform, change),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: keys.all }),
        client.invalidateQueries({ queryKey: ['admin', 'projects'] }),
      ]),
  });
}
