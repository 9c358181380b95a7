import path from 'node:path';
import { ERROR_CODES, MEDIA_MESSAGES, type StorageBucket, UPLOAD_BUCKETS } from '@atelier/shared';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { currentAuth } from '../../auth/guard';
import { type AppEnv, createRouter, type Deps } from '../../context';
import { clientIp } from '../../http/client-ip';
import { ApiError, badRequest, notFound, statusError } from '../../lib/errors';
import { requireFolder } from './folders.service';
import { ingestUpload } from './ingest';
import { BUCKET_NAMES, describeUploads } from './upload-operations';

export const UPLOADS_PATH = '/api/admin/uploads';
const RESULT_TTL_MS = 60 * 60 * 1000;
const UPLOAD_ID = /^[0-9a-f]{32}$/;
const NO_UPLOAD = 'No upload has this id';

/**
 * The tus 1.0 endpoint of the media library (@tus/server with its file store under DATA_DIR/tmp-uploads):
 * POST creates (Upload-Length above UPLOAD_MAX_BYTES → 413), HEAD/PATCH resume from the stored offset, DELETE
 * cancels. The request that completes an upload runs the pipeline (ingest.ts) and answers 200 with
 * `{ item, deduplicated }`; the same answer stays at GET …/{id}/result for an hour. Behind the admin gate
 * of app.ts like every /api/admin route. Every refusal, tus' own or the hooks', reaches the one error handler.
 */
export function uploadRoutes(deps: Deps) {
  const directory = path.join(deps.env.dataDir, 'tmp-uploads');
  const limit = deps.env.UPLOAD_MAX_BYTES;
  const callers = new WeakMap<Request, { userId: string; ip: string | null }>();
  const results = new Map<string, { body: string; at: number }>();
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: 24 * 60 * 60 * 1000 });
  /** What a hook refused, per request: tus sends only its status; `handle` throws the refusal itself. */
  const refusals = new WeakMap<Request, ApiError>();
  const refuse = (req: unknown, error: ApiError) => {
    refusals.set(req as Request, error);
    return { status_code: error.status, body: '' };
  };

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: store,
    maxSize: limit,
    relativeLocation: true,
    respectForwardedHeaders: deps.env.TRUST_PROXY !== false,
    async onUploadCreate(req, upload) {
      const meta = upload.metadata ?? {};
      if (!meta.filename?.trim()) throw refuse(req, badRequest(MEDIA_MESSAGES.filenameRequired));
      if (meta.bucket && !(UPLOAD_BUCKETS as readonly string[]).includes(meta.bucket))
        throw refuse(req, badRequest(`bucket must be ${BUCKET_NAMES}`));
      if (meta.folder_id) {
        try {
          requireFolder(deps.db, meta.folder_id);
        } catch (error) {
          if (error instanceof ApiError) throw refuse(req, error);
          throw error;
        }
      }
      return {};
    },
    async onUploadFinish(req, upload) {
      const meta = upload.metadata ?? {};
      const caller = callers.get(req as unknown as Request);
      try {
        const result = await ingestUpload(deps, {
          file: path.join(directory, upload.id),
          filename: (meta.filename ?? '').trim().slice(0, 255),
          bucket: (meta.bucket as StorageBucket | undefined) || 'projects',
          folderId: meta.folder_id || null,
          userId: caller?.userId ?? null,
          ip: caller?.ip ?? null,
        });
        const body = JSON.stringify(result);
        const now = Date.now();
        for (const [id, kept] of results) if (now - kept.at > RESULT_TTL_MS) results.delete(id);
        results.set(upload.id, { body, at: now });
        return { status_code: 200, headers: { 'Content-Type': 'application/json' }, body };
      } catch (error) {
        if (error instanceof ApiError) throw refuse(req, error);
        deps.log.error({ err: error, upload: upload.id }, 'upload processing failed');
        throw refuse(req, new ApiError(500, ERROR_CODES.internal, 'The upload could not be processed'));
      } finally {
        // The bytes now live in the store (or were refused): the temporary copy goes either way.
        await store.remove(upload.id).catch(() => {});
      }
    },
  });
  // Leftovers of uploads abandoned more than a day ago.
  tus.cleanUpExpiredUploads().catch(() => {});

  /** A refusal of tus (plain text) or of a hook, as the API's error with tus' headers (Tus-Resumable…). */
  const refusalOf = async (req: Request, res: Response): Promise<ApiError> => {
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
    const message = res.status === 413 ? MEDIA_MESSAGES.tooLarge(limit) : text || 'Upload refused';
    return statusError(res.status as ContentfulStatusCode, message, headers);
  };

  const handle = async (c: Context<AppEnv>) => {
    const auth = currentAuth(c);
    // Upload ids are tus' own (32 hex digits): anything else never reaches the file store's paths.
    const id = c.req.param('id');
    if (id !== undefined && !UPLOAD_ID.test(id)) throw notFound(NO_UPLOAD);
    callers.set(c.req.raw, { userId: auth.userId, ip: clientIp(c) });
    const res = await tus.handleWeb(c.req.raw);
    if (res.status >= 400) throw await refusalOf(c.req.raw, res);
    return res;
  };

  // An OpenAPI router only so that the tus operations it serves are listed in the document (upload-operations.ts).
  const router = createRouter();
  describeUploads(router);
  return router
    .get('/:id/result', (c) => {
      const kept = results.get(c.req.param('id'));
      if (!kept) throw notFound(NO_UPLOAD);
      return c.body(kept.body, 200, { 'Content-Type': 'application/json' });
    })
    .all('/', handle)
    .all('/:id', handle);
}
