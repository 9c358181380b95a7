import { ERROR_CODES, MEDIA_MESSAGES, UPLOAD_BUCKETS, UploadFilename } from '@atelier/shared';
import { Server } from '@tus/server';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { currentAuth } from '../../auth/guard';
import { type AppEnv, createRouter, type Deps } from '../../context';
import { clientIp } from '../../http/client-ip';
import { ApiError, badRequest, diskFull, isDiskFull, notFound, statusError } from '../../lib/errors';
import { requireFolder } from './folders.service';
import { BUCKET_NAMES, describeUploads } from './upload-operations';
import { CALLER_KEYS, type UploadStaging } from './upload-staging';

export const UPLOADS_PATH = '/api/admin/uploads';
const UPLOAD_ID = /^[0-9a-f]{32}$/;
const NO_UPLOAD = 'No upload has this id';
const TUS_HEADERS = { 'Tus-Resumable': '1.0.0', 'Cache-Control': 'no-store' };

/**
 * The tus 1.0 endpoint of the media library (@tus/server with its file store in the staging folder,
 * upload-staging.ts): POST creates (Upload-Length above UPLOAD_MAX_BYTES → 413), HEAD/PATCH resume from the
 * stored offset, DELETE cancels. The request that completes an upload runs the pipeline (ingest.ts) and
 * answers 200 with `{ item, deduplicated }`. Until that result is committed the upload is processing (HEAD
 * 423, GET …/{id}/result 202), never complete; once it is, HEAD answers the completed offset and `result` the
 * item for a day. Behind the admin gate of app.ts like every /api/admin route. Every refusal, tus' own or the
 * hooks', reaches the one error handler.
 */
export function uploadRoutes(deps: Deps, staging: UploadStaging) {
  const limit = deps.env.UPLOAD_MAX_BYTES;
  const callers = new WeakMap<Request, { userId: string; ip: string | null }>();
  const { store, locker } = staging;
  /** What a hook refused, per request: tus sends only its status; `handle` throws the refusal itself. */
  const refusals = new WeakMap<Request, ApiError>();
  const refuse = (req: unknown, error: ApiError) => {
    refusals.set(req as Request, error);
    return { status_code: error.status, body: '' };
  };

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: store,
    locker,
    maxSize: limit,
    relativeLocation: true,
    respectForwardedHeaders: deps.env.TRUST_PROXY !== false,
    // A complete upload is processed, not cancelled.
    disableTerminationForFinishedUploads: true,
    async onUploadCreate(req, upload) {
      const meta = upload.metadata ?? {};
      const filename = UploadFilename.safeParse(meta.filename ?? '');
      if (!filename.success) throw refuse(req, badRequest(MEDIA_MESSAGES.filenameRequired));
      if (meta.bucket && !(UPLOAD_BUCKETS as readonly string[]).includes(meta.bucket))
        throw refuse(req, badRequest(`bucket must be ${BUCKET_NAMES}`));
      if (meta.folder_id) {
        try {
          await requireFolder(deps.db, meta.folder_id);
        } catch (error) {
          if (error instanceof ApiError) throw refuse(req, error);
          throw error;
        }
      }
      // Who uploads is kept with the upload, so that a processing the server resumes after a stop knows it.
      const caller = callers.get(req as unknown as Request);
      return {
        metadata: {
          ...meta,
          filename: filename.data,
          [CALLER_KEYS.userId]: caller?.userId ?? null,
          [CALLER_KEYS.ip]: caller?.ip ?? null,
        },
      };
    },
    async onUploadFinish(req, upload) {
      try {
        const result = await staging.finish({ ...upload, size: upload.size ?? upload.offset });
        const body = JSON.stringify(result);
        return { status_code: 200, headers: { 'Content-Type': 'application/json' }, body };
      } catch (error) {
        if (error instanceof ApiError) throw refuse(req, error);
        deps.log.error({ err: error, upload: upload.id }, 'upload processing failed');
        if (isDiskFull(error)) throw refuse(req, diskFull());
        throw refuse(req, new ApiError(500, ERROR_CODES.internal, 'The upload could not be processed'));
      }
    },
    // The store's own refusals (a full disk), as the API says them; tus' others are read by refusalOf.
    async onResponseError(req, error) {
      if (error instanceof ApiError) return refuse(req, error);
      if (isDiskFull(error)) return refuse(req, diskFull());
    },
  });

  /** A refusal of tus (plain text) or of a hook, as the API's error with tus' headers (Tus-Resumable…). */
  const refusalOf = async (req: Request, res: Response, id: string | undefined): Promise<ApiError> => {
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      if (name !== 'content-type' && name !== 'content-length') headers[name] = value;
    });
    const refused = refusals.get(req);
    if (refused)
      return new ApiError(refused.status, refused.code, refused.message, refused.issues, {
        ...headers,
        ...refused.headers,
      });
    const text = (await res.text()).trim();
    if (res.status !== 413)
      return statusError(res.status as ContentfulStatusCode, text || 'Upload refused', headers);
    // More bytes than the upload's own Upload-Length, when that length is within the limit; else the limit.
    const header = req.headers.get('upload-length');
    const created = header ? Number(header) : undefined;
    const declared = id ? (await store.getUpload(id).catch(() => null))?.size : created;
    const message =
      declared !== undefined && declared <= limit
        ? MEDIA_MESSAGES.moreThanDeclared(declared)
        : MEDIA_MESSAGES.tooLarge(limit);
    return statusError(413, message, headers);
  };

  const handle = async (c: Context<AppEnv>) => {
    const auth = currentAuth(c);
    // Upload ids are tus' own (32 hex digits): anything else never reaches the file store's paths.
    const id = c.req.param('id');
    if (id !== undefined && !UPLOAD_ID.test(id)) throw notFound(NO_UPLOAD);
    if (id !== undefined && c.req.method === 'HEAD') {
      const known = await staging.state(id);
      if (known.state === 'processing') throw processing();
      if (known.state === 'done') {
        const length = String(known.length);
        return c.body(null, 200, { ...TUS_HEADERS, 'Upload-Offset': length, 'Upload-Length': length });
      }
    }
    callers.set(c.req.raw, { userId: auth.userId, ip: clientIp(c) });
    const res = await tus.handleWeb(c.req.raw);
    if (res.status >= 400) throw await refusalOf(c.req.raw, res, id);
    return res;
  };

  // An OpenAPI router only so that the tus operations it serves are listed in the document (upload-operations.ts).
  const router = createRouter();
  describeUploads(router);
  return router
    .get('/:id/result', async (c) => {
      const id = c.req.param('id');
      const known = UPLOAD_ID.test(id) ? await staging.state(id) : { state: 'open' as const };
      if (known.state === 'done') return c.json(known.result, 200);
      if (known.state === 'processing')
        return c.json({ processing: true, message: MEDIA_MESSAGES.processing }, 202, { 'Retry-After': '1' });
      throw notFound(MEDIA_MESSAGES.noResult);
    })
    .all('/', handle)
    .all('/:id', handle);
}

/** A complete upload whose result is not committed yet: tus clients retry a 423 after a pause. */
const processing = () =>
  new ApiError(423, ERROR_CODES.conflict, MEDIA_MESSAGES.processing, undefined, {
    ...TUS_HEADERS,
    'Retry-After': '1',
  });
