import { BackupList, Dashboard, Health } from '@atelier/shared';
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

/** The server's health, read fresh at each visit: the dashboard warns when the data folder's disk is low. */
export function useHealth(enabled: boolean) {
  const platform = usePlatform();
  return useQuery({
    queryKey: ['admin', 'health'],
    queryFn: () => requestParsed(platform, Health, '/api/health'),
    enabled,
    staleTime: 0,
  });
}

/** The backups' state, read fresh at each visit: the dashboard warns when the last good one is too old. */
export function useBackupState(enabled: boolean) {
  const platform = usePlatform();
  return useQuery({
    queryKey: ['admin', 'backups'],
    queryFn: () => requestParsed(platform, BackupList, '/api/admin/backups'),
    enabled,
    staleTime: 0,
  });
}
