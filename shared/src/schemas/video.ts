import { z } from 'zod';
import { Timestamp } from './common';
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
