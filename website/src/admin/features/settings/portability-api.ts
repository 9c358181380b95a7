import { SiteImportStatus, SiteImportSummary, WordPressImportSummary } from '@atelier/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestParsed } from '../../api/client';
import type { AdminPlatform, PickedFile } from '../../platform';
import { usePlatform } from '../../platform-context';

const STATUS = '/api/admin/site-import';
const statusKey = ['admin', 'site-import'] as const;

/** Whether this site may take an export (nothing of its own yet). */
export function useSiteImportStatus(enabled: boolean) {
  const platform = usePlatform();
  return useQuery({
    queryKey: statusKey,
    queryFn: () => requestParsed(platform, SiteImportStatus, STATUS),
    enabled,
  });
}

/** The server streams the export as a zip (with every saved version when `revisions`); the shell saves it. */
export function useDownloadExport() {
  const platform = usePlatform();
  return (revisions: boolean) =>
    platform.downloadFile(
      `/api/admin/site-export${revisions ? '?revisions=true' : ''}`,
      `atelier-export-${new Date().toISOString().slice(0, 10)}.zip`,
    );
}

const send = async <T>(
  platform: AdminPlatform,
  path: string,
  file: PickedFile,
  check: boolean,
  parse: (value: unknown) => T,
) => {
  if (!platform.sendFile) throw new Error('This app cannot send files: import from the browser.');
  return parse(await platform.sendFile(path, file, { check: check ? 'true' : undefined }));
};

/** A site export checked (`check`: counts, nothing written) or imported; an import refreshes everything. */
export function useSiteImport() {
  const platform = usePlatform();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, check }: { file: PickedFile; check: boolean }) =>
      send(platform, STATUS, file, check, (v) => SiteImportSummary.parse(v)),
    onSuccess: (_, { check }) => {
      if (!check) void client.invalidateQueries();
    },
  });
}

/** A WordPress export previewed (`check`) or imported into the blog. */
export function useWordPressImport() {
  const platform = usePlatform();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, check }: { file: PickedFile; check: boolean }) =>
      send(platform, '/api/admin/wordpress-import', file, check, (v) => WordPressImportSummary.parse(v)),
    onSuccess: (_, { check }) => {
      if (!check) void client.invalidateQueries();
    },
  });
}
