import { ActivityList } from '@atelier/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestParsed } from '../../api/client';
import type { AdminPlatform } from '../../platform';
import { usePlatform } from '../../platform-context';

interface ActivityFilter {
  entity_type: string;
  action: string;
  page: number;
}

export const listActivity = (platform: AdminPlatform, { entity_type, action, page }: ActivityFilter) =>
  requestParsed(platform, ActivityList, '/api/admin/activity', {
    method: 'GET',
    query: { entity_type, action, page },
  });

export function useActivity(filter: ActivityFilter) {
  const platform = usePlatform();
  return useQuery({
    queryKey: ['admin', 'activity', filter],
    queryFn: () => listActivity(platform, filter),
    placeholderData: keepPreviousData,
  });
}
