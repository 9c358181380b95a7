import {
  AdminVideo,
  AdminVideoList,
  AdminVideoListQuery,
  CreateVideoInput,
  MESSAGES,
  UpdateVideoInput,
} from '@atelier/shared';
import { videoAuthorship } from '../../db/authorship';
import { adminCrudRoutes } from '../../http/admin-routes';
import { idParam } from '../../http/openapi';
import type { Revisioned } from '../../ports';
import { createVideo, deleteVideo, findVideo, listAdminVideos, updateVideo } from './videos.service';

export const videoAdminRoutes = adminCrudRoutes({
  path: '/admin/videos',
  tag: 'Admin: videos',
  noun: 'hero video',
  schemas: {
    entity: AdminVideo,
    list: AdminVideoList,
    query: AdminVideoListQuery,
    id: idParam(MESSAGES.invalidVideoId),
    create: CreateVideoInput,
    update: UpdateVideoInput,
  },
  access: { read: 'staff', write: 'write' },
  notFoundMessage: MESSAGES.videoNotFound,
  bulk: { edits: { publish: { is_active: true }, unpublish: { is_active: false } } },
  service: {
    list: listAdminVideos,
    find: findVideo,
    create: async (deps, actor, input) => await createVideo(deps.db, actor, input),
    update: async (deps, actor, id, input) => await updateVideo(deps.db, actor, id, input),
    remove: async (deps, actor, id) => await deleteVideo(deps.db, actor, id),
  },
});

/** A hero video's history: its edit rights, its PUT's body and update. */
export const videoRevisions: Revisioned = {
  path: 'videos',
  permission: 'write',
  authorship: videoAuthorship,
  notFoundMessage: MESSAGES.videoNotFound,
  find: findVideo,
  input: UpdateVideoInput,
  save: async (deps, actor, id, input) => await updateVideo(deps.db, actor, id, input),
};
