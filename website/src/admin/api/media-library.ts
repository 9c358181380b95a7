import { MediaFolderTree, MediaItem, MediaList, PublishFacts, type PublishFactsQuery } from '@atelier/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
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
  /** Only the images still to describe: no alt text, not decorative. */
  altMissing?: boolean;
}

export const listMedia = (platform: AdminPlatform, { folderId, all, q, page, altMissing }: MediaQuery) =>
  requestParsed(platform, MediaList, MEDIA_PATH, {
    method: 'GET',
    query: {
      folder_id: all ? undefined : folderId,
      all: all ? '1' : undefined,
      q,
      page,
      alt: altMissing ? 'missing' : undefined,
    },
  });

export function useMediaList(query: MediaQuery) {
  const platform = usePlatform();
  return useQuery({
    queryKey: mediaKeys.list(query),
    queryFn: () => listMedia(platform, query),
    placeholderData: keepPreviousData,
  });
}

const MediaItems = z.object({ items: z.array(MediaItem) });

/** An image from elsewhere is named by the last part of its address. */
export const urlName = (url: string) => decodeURIComponent(url.split(/[?#]/)[0]?.split('/').pop() || url);

/** The library's file shown at each of a form's image URLs (undefined for an image from elsewhere). */
export function useMediaFiles(urls: string[]): (url: string) => MediaItem | undefined {
  const platform = usePlatform();
  const files = useQuery({
    queryKey: [...mediaKeys.all, 'by-url', urls],
    queryFn: () =>
      requestParsed(platform, MediaItems, `${MEDIA_PATH}/by-url`, { method: 'POST', body: { urls } }),
    enabled: urls.length > 0,
    placeholderData: keepPreviousData,
  });
  return (url) => files.data?.items.find((file) => file.url === url);
}

export const listFolders = async (platform: AdminPlatform) =>
  (await requestParsed(platform, MediaFolderTree, `${MEDIA_PATH}/folders`)).items;

/** The library's folder tree, with each folder's file count. */
export function useMediaFolders() {
  const platform = usePlatform();
  return useQuery({ queryKey: mediaKeys.folders, queryFn: () => listFolders(platform) });
}

/** What the publish checks need of a form's images and links (the library's side, the links that lead nowhere). */
export function usePublishFacts(query: PublishFactsQuery) {
  const platform = usePlatform();
  return useQuery({
    queryKey: [...mediaKeys.all, 'publish-facts', query],
    queryFn: () =>
      requestParsed(platform, PublishFacts, `${MEDIA_PATH}/publish-facts`, { method: 'POST', body: query }),
    placeholderData: keepPreviousData,
  });
}

/** Marks a library image decorative (it needs no alt text); the lists and the checks are read again. */
/** Describes a library image for the publish checks: its alt text, or marked decorative. */
export function useDescribeImage() {
  const platform = usePlatform();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & ({ alt_text: string } | { decorative: true })) =>
      requestParsed(platform, MediaItem, `${MEDIA_PATH}/${id}`, { method: 'PATCH', body }),
    onSettled: () => client.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}
