import { z } from 'zod';
import { STORAGE_BUCKETS } from '../constants';
import { PageParam, paginated, SearchParam, Timestamp } from './common';

/**
 * The media library. Uploads go only through tus 1.0 at `/api/admin/uploads` (POST creates, HEAD/PATCH
 * resume, DELETE cancels), with `Authorization: Bearer <access token>` and the Upload-Metadata `filename`
 * (required), `filetype`, `folder_id`, `bucket` (projects|team_members|blog, default projects). Its OPTIONS
 * answer says the largest upload it takes (`Tus-Max-Size`: the server's UPLOAD_MAX_BYTES).
 * The PATCH (or creation-with-upload POST) that completes an upload answers 200 with `UploadResult` JSON.
 * Should that answer be lost (the connection dropped after the last byte), the same result stays readable for
 * an hour at `GET /api/admin/uploads/{uploadId}/result`.
 */
export const UPLOADS_ENDPOINT = '/api/admin/uploads';

/** The largest upload, from the `Tus-Max-Size` header of the endpoint's OPTIONS answer; null when absent. */
export function tusMaxSize(header: string | null): number | null {
  const max = Number(header);
  return header && Number.isSafeInteger(max) && max > 0 ? max : null;
}

export const UPLOAD_BUCKETS = ['projects', 'team_members', 'blog'] as const;
export const UploadBucket = z.enum(UPLOAD_BUCKETS, {
  error: 'bucket must be projects, team_members or blog',
});
export type UploadBucket = z.infer<typeof UploadBucket>;

/** The types the library accepts, judged by the file's bytes. */
export const MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'] as const;
export const MEDIA_PAGE_SIZE = 15;
/** The folder the root always shows (created by a migration; neither renamed nor deleted). */
export const PROJECT_IMAGES_FOLDER_ID = 'project-images';

export const MEDIA_MESSAGES = {
  unsupportedType: 'This file type is not supported. Upload a PNG, JPEG, GIF or WebP image, or a PDF.',
  tooLarge: (limit: number) => `The file is too large: at most ${Math.round(limit / 1048576)} MB.`,
  tooManyPixels: 'The image is too large: at most 40 megapixels.',
  unreadableImage: 'The image could not be read. It may be damaged.',
  filenameRequired: 'filename is required in Upload-Metadata',
  mediaNotFound: 'Media file not found',
  folderNotFound: 'Folder not found',
  inUse: 'This file is in use and cannot be deleted',
  someInUse: 'Some of these files are in use; nothing was deleted',
  folderExists: 'A folder with this name already exists here',
  folderNotEmpty: 'Only an empty folder can be deleted',
  folderCycle: 'A folder cannot be moved into itself or one of its subfolders',
  folderFixed: 'The Project Images folder cannot be renamed, moved or deleted',
  folderName: 'Folder name is required',
} as const;

export const MediaUse = z.object({
  entity_type: z.enum(['projects', 'blog-posts', 'services', 'team-members', 'settings', 'profiles']),
  entity_id: z.string(),
  title: z.string(),
  field: z.string(),
});
export type MediaUse = z.infer<typeof MediaUse>;

export const MediaItem = z
  .object({
    id: z.string(),
    url: z.string().meta({ example: '/media/projects/3f9c2a7d1b.jpg' }),
    bucket: z.enum(STORAGE_BUCKETS),
    folder_id: z.string().nullable(),
    filename: z.string(),
    mime_type: z.string(),
    size_bytes: z.number().int(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    alt_text: z.string(),
    content_hash: z.string(),
    /** Who uploaded it (a contributor changes and deletes only their own files); null when unknown. */
    uploaded_by: z.string().nullable(),
    created_at: Timestamp,
    used_by: z.array(MediaUse),
  })
  .meta({ id: 'MediaItem' });
export type MediaItem = z.infer<typeof MediaItem>;

export const MediaList = paginated(MediaItem);
export type MediaList = z.infer<typeof MediaList>;

export const UploadResult = z.object({ item: MediaItem, deduplicated: z.boolean() });
export type UploadResult = z.infer<typeof UploadResult>;

const FolderId = z
  .string()
  .trim()
  .min(1, MEDIA_MESSAGES.folderNotFound)
  .max(100, MEDIA_MESSAGES.folderNotFound);

/** `?folder_id=` (absent = root), `all=1` (every folder), `q`, `page`. */
export const MediaListQuery = z.object({
  folder_id: FolderId.optional(),
  all: z.enum(['0', '1'], { error: 'all must be 0 or 1' }).optional(),
  q: SearchParam,
  page: PageParam,
});

export const MediaPatch = z
  .strictObject({
    alt_text: z
      .string({ error: 'Alt text must be text' })
      .trim()
      .max(500, 'Alt text must be at most 500 characters')
      .optional(),
    folder_id: FolderId.nullable().optional(),
  })
  .meta({ id: 'MediaPatch' });

const Ids = z
  .array(z.string().min(1).max(100), { error: 'ids must be a list of media ids' })
  .min(1, 'Select at least one file')
  .max(500, 'At most 500 files at once');
export const MediaMove = z.strictObject({ ids: Ids, folder_id: FolderId.nullable() });
export const MediaBulkDelete = z.strictObject({ ids: Ids });

export const FolderName = z
  .string({ error: MEDIA_MESSAGES.folderName })
  .trim()
  .min(1, MEDIA_MESSAGES.folderName)
  .max(100, 'Folder name must be at most 100 characters')
  .refine(
    (name) => !/[/\\]/.test(name) && name !== '.' && name !== '..',
    'Folder name cannot contain / or \\',
  );

export interface MediaFolder {
  id: string;
  name: string;
  parent_id: string | null;
  file_count: number;
  children: MediaFolder[];
}
export const MediaFolder: z.ZodType<MediaFolder> = z
  .object({
    id: z.string(),
    name: z.string(),
    parent_id: z.string().nullable(),
    file_count: z.number().int(),
    get children() {
      return z.array(MediaFolder);
    },
  })
  .meta({ id: 'MediaFolder' });
export const MediaFolderTree = z.object({ items: z.array(MediaFolder) });

export const FolderCreate = z.strictObject({
  name: FolderName,
  parent_id: FolderId.nullable().default(null),
});
export const FolderPatch = z.strictObject({
  name: FolderName.optional(),
  parent_id: FolderId.nullable().optional(),
});
/** A dropped folder's relative path: each segment found or created under `parent_id`. */
export const FolderEnsure = z.strictObject({
  parent_id: FolderId.nullable().default(null),
  path: z.array(FolderName).min(1, 'path must name at least one folder').max(20, 'At most 20 levels'),
});
