import { MediaList } from '@atelier/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminPlatform } from '../platform';
import { usePlatform } from '../platform-context';
import { requestParsed } from './client';

/**
 * A page of the media library: what the library screen (features/media) and every form's image picker
 * (ui/media-picker) list. Its keys are the library's, so any write to the library refreshes both.
 */
export const MEDIA_PATH = '/api/admin/media';

export const mediaKeys = {
  all: ['admin', 'media'] as const,
  list: (query: MediaQuery) => [...mediaKeys.all, 'list', query] as const,
  folders: ['admin', 'media', 'folders'] as const,
};

/** One page of the library: a folder (null = the root), or every folder when searching with `all`. */
export interface MediaQuery {
  folderId: string | null;
  all?: boolean;
  q: string;
  page: number;
}

export const listMedia = (platform: AdminPlatform, { folderId, all, q, page }: MediaQuery) =>
  requestParsed(platform, MediaList, MEDIA_PATH, {
    method: 'GET',
    query: { folder_id: all ? undefined : folderId, all: all ? '1' : undefined, q, page },
  });

export function useMediaList(query: MediaQuery) {
  const platform = usePlatform();
  return useQuery({
    queryKey: mediaKeys.list(query),
    queryFn: () => listMedia(platform, query),
    placeholderData: keepPreviousData,
  });
}
