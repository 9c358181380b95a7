import { BackupItem, BackupList, BackupSchedule } from '@atelier/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestParsed } from '../../api/client';
import { usePlatform } from '../../platform-context';

const BASE = '/api/admin/backups';
const backupsKey = ['admin', 'backups'] as const;

export function useBackups() {
  const platform = usePlatform();
  return useQuery({ queryKey: backupsKey, queryFn: () => requestParsed(platform, BackupList, BASE) });
}

/** "Back up now": answers once the backup is complete (or failed, which the list then shows). */
export function useBackUpNow() {
  const platform = usePlatform();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => requestParsed(platform, BackupItem, BASE, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: backupsKey }),
  });
}

export function useSaveSchedule() {
  const platform = usePlatform();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (schedule: BackupSchedule) =>
      requestParsed(platform, BackupSchedule, `${BASE}/schedule`, { method: 'PUT', body: schedule }),
    onSuccess: () => client.invalidateQueries({ queryKey: backupsKey }),
  });
}

/** The server streams the backup folder as a .tar; the shell saves it. */
export function useDownloadBackup() {
  const platform = usePlatform();
  return (name: string) =>
    platform.downloadFile(`${BASE}/${encodeURIComponent(name)}/download`, `${name}.tar`);
}
