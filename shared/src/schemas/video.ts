import { z } from 'zod';
import { youtubeId, youtubeWatchUrl } from '../lib/youtube';
import { ADMIN_MESSAGES as M } from '../messages';
import {
  adminListQuery,
  BooleanParam,
  optionalText,
  paginated,
  plainText,
  requiredBoolean,
  sampleField,
  Timestamp,
} from './common';
import { ProjectType } from './project';

export const Video = z
  .object({
    id: z.string(),
    title: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    project_type: ProjectType,
    is_active: z.boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Video' });
export type Video = z.infer<typeof Video>;

export const VideoList = z.object({ items: z.array(Video) }).meta({ id: 'VideoList' });

/** The video form: the URL must yield an 11-character id and is stored as watch?v={id}. */
const videoInput = (requiredMessage: string) =>
  z.object({
    title: plainText(requiredMessage).min(1, requiredMessage).max(200, 'Must be at most 200 characters'),
    url: z
      .string({ error: requiredMessage })
      .trim()
      .min(1, requiredMessage)
      .max(2000, M.videoInvalidUrl)
      .transform((url, ctx) => {
        const id = youtubeId(url);
        if (id) return youtubeWatchUrl(id);
        ctx.addIssue({ code: 'custom', message: M.videoInvalidUrl });
        return z.NEVER;
      }),
    description: optionalText(2000, true),
    project_type: ProjectType.default('project'),
    is_active: requiredBoolean(M.activeRequired),
  });

export const CreateVideoInput = videoInput(M.videoRequired).meta({ id: 'CreateVideoInput' });
export type CreateVideoInput = z.output<typeof CreateVideoInput>;
export type VideoInputValues = z.input<typeof CreateVideoInput>;
export const UpdateVideoInput = videoInput(M.videoEditRequired).meta({ id: 'UpdateVideoInput' });
export type UpdateVideoInput = z.output<typeof UpdateVideoInput>;

export const VIDEO_SORT_KEYS = ['created_at', 'title', 'is_active', 'project_type'] as const;
export const AdminVideoListQuery = adminListQuery(VIDEO_SORT_KEYS, { is_active: BooleanParam });
export type AdminVideoListQuery = z.output<typeof AdminVideoListQuery>;

/** A video as the admin reads it: with who created it (null for older ones, or a removed author). */
export const AdminVideo = Video.extend({ author_id: z.string().nullable(), ...sampleField }).meta({
  id: 'AdminVideo',
});
export type AdminVideo = z.infer<typeof AdminVideo>;

export const AdminVideoList = paginated(AdminVideo).meta({ id: 'AdminVideoList' });
export type AdminVideoList = z.infer<typeof AdminVideoList>;
