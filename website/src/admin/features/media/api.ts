import {
  AdminVideo,
  AdminVideoList,
  type CropRect,
  type FocalPoint,
  type FolderCreate,
  type FolderPatch,
  MediaDeleted,
  MediaFolder,
  MediaItem,
  MediaReplaced,
  UploadResult,
} from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { requestParsed } from '../../api/client';
import { entityApi } from '../../api/entity';
import { MEDIA_PATH, mediaKeys } from '../../api/media-library';
import type { AdminPlatform } from '../../platform';
import { usePlatform } from '../../platform-context';

const FOLDERS = `${MEDIA_PATH}/folders`;

/** What a file's details change: its alt text, its decorative flag, its folder, its focal point. */
export type MediaChange = {
  alt_text?: string;
  decorative?: boolean;
  folder_id?: string | null;
  focus?: FocalPoint;
};

/** Hero videos (the library's Hero Videos folder): full CRUD under /api/admin/videos. */
export const videosApi = entityApi({ path: 'videos', item: AdminVideo, list: AdminVideoList });

export const updateMedia = (platform: AdminPlatform, id: string, patch: MediaChange) =>
  requestParsed(platform, MediaItem, `${MEDIA_PATH}/${id}`, { method: 'PATCH', body: patch });
/** Replaces a file everywhere it is used by the library file at `url` (uploaded first). */
export const replaceMedia = (platform: AdminPlatform, id: string, url: string) =>
  requestParsed(platform, MediaReplaced, `${MEDIA_PATH}/${id}/replace`, { method: 'POST', body: { url } });
export const deleteMedia = (platform: AdminPlatform, id: string) =>
  platform.request<void>(`${MEDIA_PATH}/${id}`, { method: 'DELETE' });
export const moveMedia = (platform: AdminPlatform, ids: string[], folderId: string | null) =>
  platform.request<unknown>(`${MEDIA_PATH}/move`, { method: 'POST', body: { ids, folder_id: folderId } });
/** Deletes what nothing uses; the answer lists the files kept because they are in use. */
export const deleteManyMedia = (platform: AdminPlatform, ids: string[]) =>
  requestParsed(platform, MediaDeleted, `${MEDIA_PATH}/delete`, { method: 'POST', body: { ids } });

export const createFolder = (platform: AdminPlatform, input: z.input<typeof FolderCreate>) =>
  requestParsed(platform, MediaFolder, FOLDERS, { method: 'POST', body: input });
export const updateFolder = (platform: AdminPlatform, id: string, patch: z.input<typeof FolderPatch>) =>
  requestParsed(platform, MediaFolder, `${FOLDERS}/${id}`, { method: 'PATCH', body: patch });
export const deleteFolder = (platform: AdminPlatform, id: string) =>
  platform.request<void>(`${FOLDERS}/${id}`, { method: 'DELETE' });
/** The folder at `path` under `parentId`, made where missing (a dropped folder keeps its structure). */
export const ensureFolder = (platform: AdminPlatform, parentId: string | null, path: string[]) =>
  requestParsed(platform, MediaFolder, `${FOLDERS}/ensure`, {
    method: 'POST',
    body: { parent_id: parentId, path },
  });

/** Every media write refreshes the lists and the folder tree (file counts). */
function useMediaMutation<A, R>(write: (platform: AdminPlatform, args: A) => Promise<R>) {
  const platform = usePlatform();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => write(platform, args),
    onSettled: () => client.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}

export const useUpdateMedia = () =>
  useMediaMutation((platform, { id, ...patch }: MediaChange & { id: string }) =>
    updateMedia(platform, id, patch),
  );
/** Saves a part of an image as a new file (the source is not changed). */
export const useCropMedia = () =>
  useMediaMutation((platform, { id, rect }: { id: string; rect: CropRect }) =>
    requestParsed(platform, UploadResult, `${MEDIA_PATH}/${id}/crop`, { method: 'POST', body: rect }),
  );
export const useReplaceMedia = () =>
  useMediaMutation((platform, { id, url }: { id: string; url: string }) => replaceMedia(platform, id, url));
export const useDeleteMedia = () =>
  useMediaMutation((platform, ids: string[]) =>
    ids.length === 1
      ? deleteMedia(platform, ids[0] as string).then(() => undefined)
      : deleteManyMedia(platform, ids),
  );
export const useMoveMedia = () =>
  useMediaMutation((platform, { ids, folderId }: { ids: string[]; folderId: string | null }) =>
    moveMedia(platform, ids, folderId),
  );
export const useCreateFolder = () =>
  useMediaMutation((platform, input: { name: string; parent_id: string | null }) =>
    createFolder(platform, input),
  );
export const useUpdateFolder = () =>
  useMediaMutation((platform, { id, ...patch }: { id: string; name?: string; parent_id?: string | null }) =>
    updateFolder(platform, id, patch),
  );
export const useDeleteFolder = () => useMediaMutation((platform, id: string) => deleteFolder(platform, id));
