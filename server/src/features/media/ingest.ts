import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import {
  ERROR_CODES,
  MEDIA_MESSAGES,
  PREVIEW_WIDTH,
  type StorageBucket,
  type UploadResult,
} from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../db/audit';
import { type Db, writeTransaction } from '../../db/client';
import { mediaFiles, uploadResults } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import type { MediaUses } from '../../ports';
import { scheduleDecode } from '../../storage/decode';
import { stripJpegMetadata } from '../../storage/jpeg-strip';
import type { Storage } from '../../storage/local';
import { imageHeader, type MediaType, mediaTypeOf } from '../../storage/media-check';
import type { VariantQueue } from '../../storage/variant-queue';
import { decodedPixels, firstVariant, MAX_INPUT_PIXELS } from '../../storage/variants';
import { toMediaItem } from './media-item';

const EXTENSIONS: Record<MediaType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};
/** Images whose responsive variants are made ahead (a GIF's would lose its animation: it is served as is). */
const RESIZED = new Set<MediaType>(['image/png', 'image/jpeg', 'image/webp']);

interface IngestDeps {
  db: Db;
  storage: Storage;
  variants: VariantQueue;
  media: Pick<MediaUses, 'whereUsed'>;
}

interface IngestInput {
  /** The tus upload's id and Upload-Length: its result row is written with the media row. */
  uploadId: string;
  uploadLength: number;
  /** The finished upload on disk (tus' file store); left in place, the caller removes it. */
  file: string;
  filename: string;
  bucket: StorageBucket;
  folderId: string | null;
  userId: string | null;
  ip?: string | null;
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const unreadable = () => new ApiError(415, ERROR_CODES.unsupportedMediaType, MEDIA_MESSAGES.unreadableImage);

/**
 * An image without its metadata (EXIF with GPS, XMP, IPTC) and upright. An upright JPEG keeps its coded
 * pixels: only its metadata segments are dropped (jpeg-strip.ts), with no loss and no encode. Any other image
 * is re-encoded in its own format: decoded with a pixel limit, orientation applied, every metadata block
 * dropped (sharp's default when `withMetadata` is not asked for). In the same decode job, a resized image's
 * first variant (the admin's preview) is made from the stored bytes, so it is ready when the upload answers
 * (for a stripped JPEG it is also the check that its pixels decode; otherwise, should it fail, the variant
 * queue makes it with the rest).
 */
async function reencode(file: string, type: MediaType) {
  const { default: sharp } = await import('sharp');
  const animated = type === 'image/gif' || type === 'image/webp';
  const header = await imageHeader(file, animated);
  const stripped =
    type === 'image/jpeg' && header.orientation === 1 ? stripJpegMetadata(await fs.readFile(file)) : null;
  if (stripped && header.width && header.height) {
    const { width, height } = header;
    const pixels = decodedPixels(
      { format: 'jpeg', upright: { width }, pixels: header.pixels },
      PREVIEW_WIDTH,
    );
    return scheduleDecode(async () => {
      const preview = await firstVariant(stripped).catch(() => {
        throw unreadable();
      });
      return { data: stripped, width, height, preview };
    }, pixels);
  }
  return scheduleDecode(async () => {
    const image = sharp(file, { animated, limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const encoded =
      type === 'image/png'
        ? image.png({ compressionLevel: 6 })
        : type === 'image/jpeg'
          ? // Huffman tables not optimised: half the encode's time for a file a few per cent larger.
            image.jpeg({ quality: 86, optimiseCoding: false })
          : type === 'image/webp'
            ? image.webp({ quality: 86 })
            : image.gif();
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true }).catch(() => {
      throw unreadable();
    });
    const preview = RESIZED.has(type) ? await firstVariant(data).catch(() => undefined) : undefined;
    return { data, width: info.width, height: info.pageHeight ?? info.height, preview };
  }, header.pixels);
}

async function findByHash(db: Db, hash: string) {
  return (await db.select().from(mediaFiles).where(eq(mediaFiles.content_hash, hash)).limit(1))[0];
}

/** The upload's outcome, in the caller's transaction: from this row on the upload is complete for clients. */
async function recordResult(db: Db, input: IngestInput, mediaId: string, deduplicated: boolean) {
  await db
    .insert(uploadResults)
    .values({ id: input.uploadId, media_id: mediaId, deduplicated, upload_length: input.uploadLength })
    .onConflictDoNothing();
}

/**
 * The stored name of an upload's file: random to anyone who does not know the (random) upload id, and the same
 * for every run of one upload, so a run cut off by a crash and run again leaves no second copy behind.
 */
const storedName = (uploadId: string, type: MediaType) =>
  `${createHash('sha256').update(`stored:${uploadId}`).digest('hex').slice(0, 24)}.${EXTENSIONS[type]}`;

/**
 * Turns a finished upload into a library item: type judged by its bytes (png, jpeg, gif, webp, pdf, else
 * 415), identical bytes (SHA-256 of what was uploaded) answer the existing item, images are re-encoded
 * without metadata, and their variants are queued. Nothing is written when a check refuses the file. The media
 * row (or the twin found) and the upload's result row commit together.
 */
export async function ingestUpload(deps: IngestDeps, input: IngestInput): Promise<UploadResult> {
  const type = await mediaTypeOf(input.file);

  const hash = await sha256(input.file);
  const known = await writeTransaction(deps.db, async () => {
    const row = await findByHash(deps.db, hash);
    if (row) await recordResult(deps.db, input, row.id, true);
    return row;
  });
  if (known) return { item: await toMediaItem(deps.media, known), deduplicated: true };

  const name = storedName(input.uploadId, type);
  let stored: { path: string; url: string };
  let preview: Buffer | undefined;
  let size: number;
  let width: number | null = null;
  let height: number | null = null;
  if (type === 'application/pdf') {
    stored = await deps.storage.putStream(input.bucket, name, createReadStream(input.file));
    size = (await fs.stat(input.file)).size;
  } else {
    const image = await reencode(input.file, type);
    stored = await deps.storage.put(input.bucket, name, image.data);
    size = image.data.length;
    preview = image.preview;
    width = image.width;
    height = image.height;
  }

  const result = await writeTransaction(deps.db, async () => {
    // A twin may have finished while this one was encoding: keep theirs.
    const twin = await findByHash(deps.db, hash);
    if (twin) {
      await recordResult(deps.db, input, twin.id, true);
      return { row: twin, deduplicated: true };
    }
    // RETURNING through .all(), never .get(): see docs/decisions.md.
    const [row] = await deps.db
      .insert(mediaFiles)
      .values({
        bucket: input.bucket,
        path: stored.path,
        original_name: input.filename,
        content_hash: hash,
        mime_type: type,
        size_bytes: size,
        width,
        height,
        folder_id: input.folderId,
        uploaded_by: input.userId,
      })
      .returning();
    if (!row) throw new Error('media_files insert returned no row');
    await recordResult(deps.db, input, row.id, false);
    await recordAudit(
      deps.db,
      { id: input.userId, ip: input.ip },
      { action: 'create', entityType: 'media', entityId: row.id, label: input.filename },
    );
    return { row, deduplicated: false };
  });
  if (result.deduplicated) await deps.storage.remove(input.bucket, name);
  else if (RESIZED.has(type)) await deps.variants.enqueue(stored.path, preview);
  return { item: await toMediaItem(deps.media, result.row), deduplicated: result.deduplicated };
}
