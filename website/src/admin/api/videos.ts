import { AdminVideoList, Video } from '@atelier/shared';
import { entityApi } from './entity';

/** Hero videos (the media library's Hero Videos folder): full CRUD under /api/admin/videos. */
export const videosApi = entityApi({ path: 'videos', item: Video, list: AdminVideoList });
