import { UPLOAD_BUCKETS, UploadProcessing, UploadResult } from '@atelier/shared';
import { z } from '@hono/zod-openapi';
import type { createRouter } from '../../context';
import { documentedAccess } from '../../http/admin-routes';
import { errorResponse, jsonContent } from '../../http/openapi';

/**
 * The tus 1.0 operations of /api/admin/uploads in the OpenAPI document. They are served by @tus/server
 * (uploads.ts), not by OpenAPI handlers, so they are registered as documentation only; listing them also puts
 * them in the admin gate's route-by-route test (tests/integration/admin-gate.test.ts).
 */

const tags = ['Media: uploads (tus 1.0)'];
/** The buckets an upload may name, as a sentence says them: "projects, team_members or blog". */
export const BUCKET_NAMES = `${UPLOAD_BUCKETS.slice(0, -1).join(', ')} or ${UPLOAD_BUCKETS.at(-1)}`;
/** A response header (the document's plain schema objects: zod schemas are for requests here). */
const header = (description: string, type: 'string' | 'integer' = 'string') => ({
  description,
  schema: { type },
});

const TusResumable = z.literal('1.0.0');
const UploadId = z.object({
  id: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .meta({ description: "The upload's id: the last segment of the Location the POST answered" }),
});
const tusResumable = { 'tus-resumable': TusResumable.meta({ description: 'The protocol version: 1.0.0' }) };
const answerTusResumable = { 'Tus-Resumable': header('1.0.0') };
const Bytes = z.string().meta({ format: 'binary' });
const Count = z.coerce.number().int().min(0);

/** What every tus request may answer besides its own result (the gate, the protocol version). */
const common = {
  401: errorResponse('Not signed in'),
  403: errorResponse(
    'Not an admin; or a tus rule: Upload-Offset missing, or a PATCH without the tus Content-Type',
  ),
  412: errorResponse('Tus-Resumable is missing'),
} as const;
const gone = {
  404: errorResponse('No upload has this id (or it was cancelled, or its result is more than a day old)'),
  410: errorResponse('The upload expired (24 hours after its last byte)'),
} as const;
/** The request that carries the last byte runs the pipeline (ingest.ts): these are its answers. */
const completion = {
  200: jsonContent(
    UploadResult,
    'The upload is complete: the stored media item, and whether an identical file was already stored ' +
      '(then `item` is that file and nothing new is kept)',
  ),
  413: errorResponse(
    'Upload-Length above UPLOAD_MAX_BYTES (10485760 by default), more bytes than the upload declared (its Upload-Length), or an image of more pixels than the limit',
  ),
  415: errorResponse(
    'The bytes are not a png, jpeg, gif, webp or pdf file (judged by content, not name), or unreadable',
  ),
  503: errorResponse('The image queue is full: try again shortly'),
  507: errorResponse("The server's disk is full: nothing was kept"),
} as const;
/** A complete upload whose result is not committed yet (being processed, or processed again after a stop). */
const processing = errorResponse('The upload is complete and being processed: ask again after Retry-After');

export function describeUploads(router: ReturnType<typeof createRouter>) {
  const registry = router.openAPIRegistry;
  registry.registerPath({
    method: 'options',
    path: '/',
    tags,
    ...documentedAccess('upload'),
    summary: "The server's tus capabilities",
    responses: {
      204: {
        description: 'Capabilities',
        headers: {
          'Tus-Version': header('1.0.0'),
          'Tus-Extension': header(
            'creation,creation-with-upload,creation-defer-length,termination,expiration',
          ),
          'Tus-Max-Size': header('UPLOAD_MAX_BYTES', 'integer'),
        },
      },
      401: common[401],
      403: errorResponse('Not an admin'),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/',
    tags,
    ...documentedAccess('upload'),
    summary: 'Creates an upload (tus creation; with a body: creation-with-upload)',
    description:
      `Upload-Metadata carries \`filename\` (required), \`bucket\` (${BUCKET_NAMES}; projects by ` +
      'default) and `folder_id` (a media folder; the root when absent), each base64 as tus says. The checksum ' +
      'extension is not offered, so 460 (checksum mismatch) is never answered.',
    request: {
      headers: z.object({
        ...tusResumable,
        'upload-length': Count.optional().meta({
          description: 'The whole file in bytes (or Upload-Defer-Length: 1 and the length on a later PATCH)',
        }),
        'upload-defer-length': z.literal('1').optional(),
        'upload-metadata': z
          .string()
          .meta({ description: 'filename <base64>,bucket <base64>,folder_id <base64>' }),
        'content-type': z
          .literal('application/offset+octet-stream')
          .optional()
          .meta({ description: 'Only with first bytes in the body (creation-with-upload)' }),
      }),
      body: { content: { 'application/offset+octet-stream': { schema: Bytes } }, required: false },
    },
    responses: {
      201: {
        description: 'Created: PATCH the bytes to Location',
        headers: {
          Location: header('/api/admin/uploads/{id}'),
          'Upload-Offset': header('Bytes received with the POST (creation-with-upload)', 'integer'),
          'Upload-Expires': header('When an upload left unfinished is removed (RFC 9110 date)'),
          ...answerTusResumable,
        },
      },
      200: completion[200],
      400: errorResponse(
        'Upload-Metadata without a filename, an unknown bucket, or a tus header that is not valid (Upload-Length, Upload-Metadata…)',
      ),
      ...common,
      404: errorResponse('No media folder has this folder_id'),
      413: completion[413],
      415: completion[415],
      503: completion[503],
      507: completion[507],
    },
  });
  registry.registerPath({
    method: 'head',
    path: '/{id}',
    tags,
    ...documentedAccess('upload'),
    summary: 'How much of an upload the server has (to resume it)',
    description:
      'A completed upload answers Upload-Offset = Upload-Length for a day: its item is at GET …/{id}/result. ' +
      'A complete upload is never answered so before its item is committed: it answers 423 meanwhile.',
    request: { params: UploadId, headers: z.object(tusResumable) },
    responses: {
      200: {
        description: 'The offset to resume from, or the completed offset (no body)',
        headers: {
          'Upload-Offset': header('Bytes stored so far', 'integer'),
          'Upload-Length': header('The whole file, when known', 'integer'),
          'Upload-Metadata': header('As sent with the POST'),
          'Cache-Control': header('no-store'),
          ...answerTusResumable,
        },
      },
      ...common,
      ...gone,
      423: processing,
    },
  });
  registry.registerPath({
    method: 'patch',
    path: '/{id}',
    tags,
    ...documentedAccess('upload'),
    summary:
      'Sends bytes from Upload-Offset on; the PATCH that completes the file answers `{ item, deduplicated }`',
    request: {
      params: UploadId,
      headers: z.object({
        ...tusResumable,
        'upload-offset': Count.meta({ description: 'Where these bytes start: the offset HEAD answered' }),
        'content-type': z.literal('application/offset+octet-stream'),
        'upload-length': Count.optional().meta({
          description: 'Once, for an upload created with a deferred length',
        }),
      }),
      body: { content: { 'application/offset+octet-stream': { schema: Bytes } }, required: true },
    },
    responses: {
      204: {
        description: 'Stored; more bytes are expected',
        headers: {
          'Upload-Offset': header('Bytes stored so far', 'integer'),
          'Upload-Expires': header('When an upload left unfinished is removed'),
          ...answerTusResumable,
        },
      },
      ...completion,
      400: errorResponse('A tus header that is not valid'),
      ...common,
      ...gone,
      409: errorResponse('Upload-Offset is not the offset the server has (ask HEAD, then resume from there)'),
      507: completion[507],
    },
  });
  registry.registerPath({
    method: 'delete',
    path: '/{id}',
    tags,
    ...documentedAccess('upload'),
    summary: 'Cancels an upload and removes its bytes (tus termination)',
    request: { params: UploadId, headers: z.object(tusResumable) },
    responses: {
      204: { description: 'Cancelled', headers: answerTusResumable },
      400: errorResponse('The upload is complete: it is processed, not cancelled'),
      ...common,
      ...gone,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/{id}/result',
    tags,
    ...documentedAccess('upload'),
    summary: 'The `{ item, deduplicated }` of a completed upload, for a day (when the last answer was lost)',
    request: { params: UploadId },
    responses: {
      200: completion[200],
      202: {
        ...jsonContent(
          UploadProcessing,
          'The upload is complete and being processed: ask again after Retry-After',
        ),
        headers: { 'Retry-After': header('Seconds', 'integer') },
      },
      401: common[401],
      403: errorResponse('Not an admin'),
      404: errorResponse('No upload with this id completed in the last day (or its file was refused)'),
    },
  });
}
