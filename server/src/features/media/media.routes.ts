import {
  CropRect,
  FolderCreate,
  FolderEnsure,
  FolderPatch,
  MEDIA_MESSAGES,
  MediaBulkDelete,
  MediaByUrls,
  MediaDeleted,
  MediaFolder,
  MediaFolderTree,
  MediaItem,
  MediaList,
  MediaListQuery,
  MediaMove,
  MediaPatch,
  MediaReplace,
  MediaReplaced,
  PublishFacts,
  PublishFactsQuery,
  UploadResult,
} from '@atelier/shared';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../context';
import { actorOf, allow } from '../../http/admin-routes';
import {
  adminErrors,
  adminIdErrors,
  errorResponse,
  idParam,
  jsonBody,
  jsonContent,
} from '../../http/openapi';
import { cropMedia } from './focal';
import { createFolder, deleteFolder, ensureFolderPath, folderTree, updateFolder } from './folders.service';
import { deleteMedia, findMediaByUrls, getMedia, listMedia, moveMedia, updateMedia } from './media.service';
import { publishFacts } from './publish-facts';
import { replaceMedia } from './replace';

const tags = ['Media'];
const conflict = { 409: errorResponse('A rule refuses (in use, name taken, not empty)') };
const MediaId = idParam(MEDIA_MESSAGES.mediaNotFound);
const FolderIdParam = idParam(MEDIA_MESSAGES.folderNotFound);

const list = createRoute({
  method: 'get',
  path: '/admin/media',
  tags,
  ...allow('staff'),
  summary: 'Library files, newest first, 15 a page: root (no folder_id), a folder, or every folder (all=1)',
  request: { query: MediaListQuery },
  responses: { 200: jsonContent(MediaList, 'A page of files'), ...adminIdErrors },
});
const byUrl = createRoute({
  method: 'post',
  path: '/admin/media/by-url',
  tags,
  ...allow('staff'),
  summary: 'The library files shown at these URLs (to name a form’s images); other URLs are left out',
  request: { body: jsonBody(MediaByUrls) },
  responses: { 200: jsonContent(z.object({ items: z.array(MediaItem) }), 'The files'), ...adminErrors },
});
const replace = createRoute({
  method: 'post',
  path: '/admin/media/{id}/replace',
  tags,
  ...allow('media'),
  summary:
    'Replaces a file everywhere it is used with another library file (uploaded first), in one transaction; the old address redirects to the new file',
  request: { params: MediaId, body: jsonBody(MediaReplace) },
  responses: {
    200: jsonContent(MediaReplaced, 'The new file and the places switched to it'),
    ...adminIdErrors,
  },
});
const facts = createRoute({
  method: 'post',
  path: '/admin/media/publish-facts',
  tags,
  ...allow('staff'),
  summary:
    'What the publish checks need: the library’s alt text, decorative flag and size of each image, and the links within the site that lead to no page',
  request: { body: jsonBody(PublishFactsQuery) },
  responses: { 200: jsonContent(PublishFacts, 'The facts'), ...adminErrors },
});
const folders = createRoute({
  method: 'get',
  path: '/admin/media/folders',
  tags,
  ...allow('staff'),
  summary: 'The folder tree, with the number of files in each folder',
  responses: { 200: jsonContent(MediaFolderTree, 'The folders'), ...adminErrors },
});
const createFolderRoute = createRoute({
  method: 'post',
  path: '/admin/media/folders',
  tags,
  ...allow('media'),
  summary: 'Creates a folder (409 if the name exists there)',
  request: { body: jsonBody(FolderCreate) },
  responses: { 201: jsonContent(MediaFolder, 'The folder'), ...adminIdErrors, ...conflict },
});
const ensureFolder = createRoute({
  method: 'post',
  path: '/admin/media/folders/ensure',
  tags,
  ...allow('upload'),
  summary: 'Finds or creates each folder of a path (a dropped folder) and answers the deepest',
  request: { body: jsonBody(FolderEnsure) },
  responses: { 200: jsonContent(MediaFolder, 'The deepest folder'), ...adminIdErrors },
});
const patchFolder = createRoute({
  method: 'patch',
  path: '/admin/media/folders/{id}',
  tags,
  ...allow('media'),
  summary: 'Renames or moves a folder (no cycles; the name must be free there)',
  request: { params: FolderIdParam, body: jsonBody(FolderPatch) },
  responses: { 200: jsonContent(MediaFolder, 'The folder'), ...adminIdErrors, ...conflict },
});
const deleteFolderRoute = createRoute({
  method: 'delete',
  path: '/admin/media/folders/{id}',
  tags,
  ...allow('media'),
  summary: 'Deletes an empty folder',
  request: { params: FolderIdParam },
  responses: { 204: { description: 'Deleted' }, ...adminIdErrors, ...conflict },
});
const move = createRoute({
  method: 'post',
  path: '/admin/media/move',
  tags,
  ...allow('upload'),
  summary: 'Moves files to a folder (null: the root); a contributor only files they uploaded (403 otherwise)',
  request: { body: jsonBody(MediaMove) },
  responses: { 200: jsonContent(z.object({ moved: z.number().int() }), 'Moved'), ...adminIdErrors },
});
const bulkDelete = createRoute({
  method: 'post',
  path: '/admin/media/delete',
  tags,
  ...allow('upload'),
  summary:
    'Moves the files nothing uses to the Trash and keeps (and lists, with where they are used) those in use; deletes none if an id is unknown (404) or a contributor names a file someone else uploaded (403)',
  request: { body: jsonBody(MediaBulkDelete) },
  responses: { 200: jsonContent(MediaDeleted, 'Deleted, and kept'), ...adminIdErrors },
});
const get = createRoute({
  method: 'get',
  path: '/admin/media/{id}',
  tags,
  ...allow('staff'),
  summary: 'One file, with where it is used',
  request: { params: MediaId },
  responses: { 200: jsonContent(MediaItem, 'The file'), ...adminIdErrors },
});
const patch = createRoute({
  method: 'patch',
  path: '/admin/media/{id}',
  tags,
  ...allow('upload'),
  summary:
    'Changes a file’s alt text, folder or focal point (x, y: fractions 0..1; a contributor: only a file they uploaded)',
  request: { params: MediaId, body: jsonBody(MediaPatch) },
  responses: { 200: jsonContent(MediaItem, 'The file'), ...adminIdErrors },
});
const crop = createRoute({
  method: 'post',
  path: '/admin/media/{id}/crop',
  tags,
  ...allow('upload'),
  summary:
    'Saves a part of an image (left, top, width, height: fractions of it) as a new file recording its source; the source is not changed (the same crop again: 200 with the first)',
  request: { params: MediaId, body: jsonBody(CropRect) },
  responses: {
    201: jsonContent(UploadResult, 'The new file'),
    200: jsonContent(UploadResult, 'The same crop, made before'),
    ...adminIdErrors,
  },
});
const remove = createRoute({
  method: 'delete',
  path: '/admin/media/{id}',
  tags,
  ...allow('upload'),
  summary:
    'Moves a file to the Trash (409 with the where-used list while it is used, by a trashed item too; a contributor: only their own)',
  request: { params: MediaId },
  responses: { 204: { description: 'Deleted' }, ...adminIdErrors, ...conflict },
});

/** The media library's admin API (uploads themselves go through tus: uploads.ts). */
export const mediaRoutes = createRouter()
  .openapi(list, async (c) => {
    const query = c.req.valid('query');
    const folderId = query.all === '1' ? undefined : (query.folder_id ?? null);
    const altMissing = query.alt === 'missing';
    return c.json(await listMedia(c.var.deps, { folderId, q: query.q, page: query.page, altMissing }), 200);
  })
  .openapi(byUrl, async (c) =>
    c.json({ items: await findMediaByUrls(c.var.deps, c.req.valid('json').urls) }, 200),
  )
  .openapi(replace, async (c) =>
    c.json(await replaceMedia(c.var.deps, actorOf(c), c.req.valid('param').id, c.req.valid('json').url), 200),
  )
  .openapi(facts, async (c) => c.json(await publishFacts(c.var.deps.db, c.req.valid('json')), 200))
  .openapi(folders, async (c) => c.json({ items: await folderTree(c.var.deps.db) }, 200))
  .openapi(createFolderRoute, async (c) =>
    c.json(await createFolder(c.var.deps.db, actorOf(c), c.req.valid('json')), 201),
  )
  .openapi(ensureFolder, async (c) => {
    const input = c.req.valid('json');
    return c.json(await ensureFolderPath(c.var.deps.db, actorOf(c), input.parent_id, input.path), 200);
  })
  .openapi(patchFolder, async (c) =>
    c.json(await updateFolder(c.var.deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(deleteFolderRoute, async (c) => {
    await deleteFolder(c.var.deps.db, actorOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(move, async (c) => {
    const input = c.req.valid('json');
    return c.json(await moveMedia(c.var.deps.db, actorOf(c), input.ids, input.folder_id), 200);
  })
  .openapi(bulkDelete, async (c) =>
    c.json(await deleteMedia(c.var.deps, actorOf(c), c.req.valid('json').ids, { keepUsed: true }), 200),
  )
  .openapi(get, async (c) => c.json(await getMedia(c.var.deps, c.req.valid('param').id), 200))
  .openapi(patch, async (c) =>
    c.json(await updateMedia(c.var.deps, actorOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(crop, async (c) => {
    const result = await cropMedia(c.var.deps, actorOf(c), c.req.valid('param').id, c.req.valid('json'));
    return c.json(result, result.deduplicated ? 200 : 201);
  })
  .openapi(remove, async (c) => {
    await deleteMedia(c.var.deps, actorOf(c), [c.req.valid('param').id]);
    return c.body(null, 204);
  });
