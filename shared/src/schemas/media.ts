import { z } from 'zod';
import { STORAGE_BUCKETS } from '../constants';
import { PageParam, paginated, plainText, SearchParam, Timestamp } from './common';
import { FocalPoint } from './focal';

/**
 * The media library. Uploads go only through tus 1.0 at `/api/admin/uploads` (POST creates, HEAD/PATCH
 * resume, DELETE cancels), with `Authorization: Bearer <access token>` and the Upload-Metadata `filename`
 * (required), `filetype`, `folder_id`, `bucket` (projects|team_members|blog, default projects). Its OPTIONS
 * answer says the largest upload it takes (`Tus-Max-Size`: the server's UPLOAD_MAX_BYTES).
 * The PATCH (or creation-with-upload POST) that completes an upload answers 200 with `UploadResult` JSON.
 * Should that answer be lost (the connection dropped after the last byte, the server stopped while processing
 * the file), `GET /api/admin/uploads/{uploadId}/result` answers 202 while the file is processed, then the same
 * result for a day; HEAD answers 423 while it is processed, then the completed offset. A completion without
 * an item (a resumed upload that HEAD found complete) is therefore not done: ask `result` (awaitUploadResult).
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
  replaceSame: 'This is already the file: choose a different one to replace it with.',
  replaceKind: 'An image can only be replaced by an image, and a document by a document.',
  unsupportedType: 'This file type is not supported. Upload a PNG, JPEG, GIF or WebP image, or a PDF.',
  tooLarge: (limit: number) => `The file is too large: at most ${Math.round(limit / 1048576)} MB.`,
  tooManyPixels: 'The image is too large: at most 40 megapixels.',
  unreadableImage: 'The image could not be read. It may be damaged.',
  filenameRequired: 'filename is required in Upload-Metadata',
  moreThanDeclared: (length: number) =>
    `More data was sent than the upload declared: its Upload-Length is ${length} bytes.`,
  processing: 'The upload is being processed: ask again in a moment.',
  noResult: 'No upload with this id completed in the last day',
  mediaNotFound: 'Media file not found',
  folderNotFound: 'Folder not found',
  inUse: 'This file is in use and cannot be deleted',
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
  /** The item is in the Trash: the file stays until the item is restored or deleted forever. */
  in_trash: z.boolean().optional(),
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
    /** The point every cover frame of the site keeps in view (the centre unless set). */
    focus: FocalPoint,
    /** The item this one was cropped from (it may have been deleted since); null for an upload. */
    source_id: z.string().nullable(),
    /** Shown for its look only: it needs no alt text (the publish checks let it through). */
    decorative: z.boolean(),
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

/** The `filename` of an upload's metadata: cleaned like every text field, at most 255 characters kept. */
export const UploadFilename = plainText()
  .overwrite((name) => name.slice(0, 255).trim())
  .min(1, MEDIA_MESSAGES.filenameRequired);

export const UploadResult = z.object({ item: MediaItem, deduplicated: z.boolean() });
export type UploadResult = z.infer<typeof UploadResult>;

/** The `{ item, deduplicated }` of an upload's last answer; null when it has none (a resume's HEAD). */
export function parseUploadResult(body: string | null | undefined): UploadResult | null {
  try {
    return UploadResult.parse(JSON.parse(body ?? ''));
  } catch {
    return null;
  }
}

/** What `result` answers while the upload is processed (202, with Retry-After). */
export const UploadProcessing = z.object({ processing: z.literal(true), message: z.string() });

/** The few members of a fetch Response that awaitUploadResult reads. */
interface ResultAnswer {
  status: number;
  headers: { get(name: string): string | null };
  json(): Promise<unknown>;
}

/**
 * The `{ item, deduplicated }` of an upload that completed without it, asked of its `result` (`ask` sends
 * GET <upload url>/result with the caller's credentials) until the server has it: 202 (processing), a 5xx or
 * no answer wait and ask again, for at most `patienceMs`. Null when the server has no result for it (the file
 * was refused, or the upload is gone): the upload is then not done.
 */
export async function awaitUploadResult(
  ask: () => Promise<ResultAnswer>,
  patienceMs = 10 * 60_000,
): Promise<UploadResult | null> {
  const deadline = Date.now() + patienceMs;
  for (;;) {
    let wait = 1000;
    try {
      const answer = await ask();
      if (answer.status === 200) return UploadResult.parse(await answer.json());
      if (answer.status !== 202 && answer.status < 500) return null;
      wait = Math.min(Math.max(Number(answer.headers.get('Retry-After')) || 1, 1), 30) * 1000;
    } catch {}
    if (Date.now() + wait > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

const FolderId = z
  .string()
  .trim()
  .min(1, MEDIA_MESSAGES.folderNotFound)
  .max(100, MEDIA_MESSAGES.folderNotFound);

/**
 * `?folder_id=` (absent = root), `all=1` (every folder), `q`, `page`; `alt=missing`: only the images with
 * no alt text that are not marked decorative (the "Describe images" view).
 */
export const MediaListQuery = z.object({
  folder_id: FolderId.optional(),
  all: z.enum(['0', '1'], { error: 'all must be 0 or 1' }).optional(),
  alt: z.enum(['missing'], { error: 'alt must be missing' }).optional(),
  q: SearchParam,
  page: PageParam,
});

/** The files shown at these URLs (a form's images), to name them. */
export const MediaByUrls = z
  .object({ urls: z.array(z.string().max(2000)).max(100, 'At most 100 URLs') })
  .meta({ id: 'MediaByUrls' });

/** A file's replacement: the library file (just uploaded, or one it already had) to show in its place. */
export const MediaReplace = z
  .strictObject({ url: z.string({ error: 'url is required' }).trim().min(1, 'url is required').max(2000) })
  .meta({ id: 'MediaReplace' });

/** What a replace did: the file now shown, and every place that switched to it. */
export const MediaReplaced = z
  .object({ item: z.lazy(() => MediaItem), switched: z.array(MediaUse) })
  .meta({ id: 'MediaReplaced' });
export type MediaReplaced = z.infer<typeof MediaReplaced>;

export const MediaPatch = z
  .strictObject({
    alt_text: plainText('Alt text must be text')
      .max(500, 'Alt text must be at most 500 characters')
      .optional(),
    decorative: z.boolean({ error: 'decorative must be true or false' }).optional(),
    folder_id: FolderId.nullable().optional(),
    focus: FocalPoint.optional(),
  })
  .meta({ id: 'MediaPatch' });

const Ids = z
  .array(z.string().min(1).max(100), { error: 'ids must be a list of media ids' })
  .min(1, 'Select at least one file')
  .max(500, 'At most 500 files at once');
export const MediaMove = z.strictObject({ ids: Ids, folder_id: FolderId.nullable() });
export const MediaBulkDelete = z.strictObject({ ids: Ids });

/** What a bulk delete did: how many files went, and those kept because they are in use, with where. */
export const MediaDeleted = z
  .object({
    deleted: z.number().int(),
    kept: z.array(z.object({ id: z.string(), filename: z.string(), used_by: z.array(z.string()) })),
  })
  .meta({ id: 'MediaDeleted' });
export type MediaDeleted = z.infer<typeof MediaDeleted>;

export const FolderName = plainText(MEDIA_MESSAGES.folderName)
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
