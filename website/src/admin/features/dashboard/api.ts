import { Dashboard } from '@atelier/shared';
import { useQuery } from '@tanstack/react-query';
import { requestParsed } from '../../api/client';
import { usePlatform } from '../../platform-context';

export const dashboardKey = ['admin', 'dashboard'] as const;

export function useDashboard() {
  const platform = usePlatform();
  return useQuery({
    queryKey: dashboardKey,
    queryFn: () => requestParsed(platform, Dashboard, '/api/admin/dashboard'),
  });
}
