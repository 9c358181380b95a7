import { AdminVideoList, type CreateVideoInput, Video } from '@atelier/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPlatform } from '../platform';
import { usePlatform } from '../platform-context';
import { requestParsed } from './client';

const BASE = '/api/admin/videos';
export const videoKeys = { all: ['admin', 'videos'] as const };

export const listVideos = (platform: AdminPlatform, query: { q: string; page: number }) =>
  requestParsed(platform, AdminVideoList, BASE, { method: 'GET', query: { ...query } });
export const createVideo = (platform: AdminPlatform, input: CreateVideoInput) =>
  requestParsed(platform, Video, BASE, { method: 'POST', body: input });
export const updateVideo = (platform: AdminPlatform, id: string, input: CreateVideoInput) =>
  requestParsed(platform, Video, `${BASE}/${id}`, { method: 'PUT', body: input });
export const deleteVideo = (platform: AdminPlatform, id: string) =>
  platform.request<void>(`${BASE}/${id}`, { method: 'DELETE' });

export function useVideos(query: { q: string; page: number }) {
  const platform = usePlatform();
  return useQuery({
    queryKey: [...videoKeys.all, query],
    queryFn: () => listVideos(platform, query),
    placeholderData: keepPreviousData,
  });
}

export function useSaveVideo() {
  const platform = usePlatform();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: CreateVideoInput }) =>
      id ? updateVideo(platform, id, input) : createVideo(platform, input),
    onSuccess: () => client.invalidateQueries({ queryKey: videoKeys.all }),
  });
}

export function useDeleteVideo() {
  const platform = usePlatform();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteVideo(platform, id),
    onSuccess: () => client.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
