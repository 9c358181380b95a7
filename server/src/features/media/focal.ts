import { createHash } from 'node:crypto';
import {
  CENTRE,
  type CropRect,
  FOCAL_MESSAGES,
  type FocalPoint,
  focusKey,
  MEDIA_MESSAGES,
  type UploadResult,
} from '@atelier/shared';
import { eq, sql } from 'drizzle-orm';
import { type Actor, recordAudit } from '../../db/audit';
import { type Db, rawRows, writeTransaction } from '../../db/client';
import { mediaFiles, projects } from '../../db/schema';
import { jsonEntries } from '../../db/sql-dialect';
import { badRequest, notFound } from '../../lib/errors';
import type { MediaUses } from '../../ports';
import { scheduleDecode } from '../../storage/decode';
import { cropPixels, uprightSize } from '../../storage/focal-crops';
import { originalBytes, type Storage } from '../../storage/local';
import type { VariantQueue } from '../../storage/variant-queue';
import { MAX_INPUT_PIXELS } from '../../storage/variants';
import { toMediaItem } from './media-item';

/** The formats a crop is made in: its source's (a GIF would lose its animation). */
const CROPPABLE = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
const MIN_CROP = 16;

/**
 * The point `key` (focal-crops.ts `focusKey`) names for the stored file at `relative`, if the studio set it: its
 * library point, or a project's own point for it. Only those are cut, so a request cannot make crops at will.
 */
export async function knownFocus(db: Db, relative: string, key: string): Promise<FocalPoint | undefined> {
  const row = (
    await db
      .select({ x: mediaFiles.focus_x, y: mediaFiles.focus_y })
      .from(mediaFiles)
      .where(eq(mediaFiles.path, relative))
  )[0];
  // A stored file outside the library (none of the studio's points) is cut around its centre.
  if (!row) return focusKey(CENTRE) === key ? CENTRE : undefined;
  if (focusKey(row) === key) return row;
  const url = `/media/${relative}`;
  const points = await rawRows<{ point: string }>(
    db,
    sql`SELECT k.value AS point FROM ${projects}, ${jsonEntries(db, projects.image_focus, 'k')} WHERE k.key = ${url}`,
  );
  return points.map((p) => JSON.parse(p.point) as FocalPoint).find((point) => focusKey(point) === key);
}

interface CropDeps {
  db: Db;
  storage: Storage;
  variants: VariantQueue;
  media: Pick<MediaUses, 'whereUsed'>;
}

/**
 * Cuts `rect` (fractions of the upright image) out of a library image as a new item that records its source,
 * in the source's folder and format, with its alt text and a focal point at the same place of the photograph
 * where it lies inside the crop (else the crop's centre). The source is never changed. The same crop made twice
 * gives the same bytes, so the second answers the first (`deduplicated`).
 */
export async function cropMedia(
  deps: CropDeps,
  actor: Actor,
  id: string,
  rect: CropRect,
): Promise<UploadResult> {
  const source = (await deps.db.select().from(mediaFiles).where(eq(mediaFiles.id, id)))[0];
  if (!source) throw notFound(MEDIA_MESSAGES.mediaNotFound);
  const ext = CROPPABLE[source.mime_type as keyof typeof CROPPABLE];
  if (!ext) throw badRequest(FOCAL_MESSAGES.notCroppable);
  const file = await originalBytes(deps.storage, source.path);
  if (!file) throw notFound(MEDIA_MESSAGES.mediaNotFound);
  const size = await uprightSize(file);
  const region = cropPixels(rect, size.width, size.height);
  if (region.width < MIN_CROP || region.height < MIN_CROP) throw badRequest(FOCAL_MESSAGES.cropTooSmall);
  const { default: sharp } = await import('sharp');
  const bytes = await scheduleDecode(async () => {
    const image = sharp(file, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().extract(region);
    const encoded =
      ext === 'png'
        ? image.png({ compressionLevel: 6 })
        : ext === 'webp'
          ? image.webp({ quality: 86 })
          : image.jpeg({ quality: 86 });
    return encoded.toBuffer();
  }, size.pixels);
  const hash = createHash('sha256').update(bytes).digest('hex');
  const inside = (point: number, start: number, length: number, whole: number) =>
    (point * whole - start) / length;
  const fx = inside(source.focus_x, region.left, region.width, size.width);
  const fy = inside(source.focus_y, region.top, region.height, size.height);
  const focus = fx >= 0 && fx <= 1 && fy >= 0 && fy <= 1 ? { x: fx, y: fy } : { x: 0.5, y: 0.5 };
  const known = (await deps.db.select().from(mediaFiles).where(eq(mediaFiles.content_hash, hash)))[0];
  if (known) return { item: await toMediaItem(deps.media, known), deduplicated: true };

  const name = `${hash.slice(0, 24)}.${ext}`;
  const stored = await deps.storage.put(source.bucket, name, bytes);
  const base = source.original_name.replace(/\.[^.]+$/, '') || 'image';
  const filename = `${base} (crop ${region.width}×${region.height}).${ext}`;
  const result = await writeTransaction(deps.db, async () => {
    const twin = (await deps.db.select().from(mediaFiles).where(eq(mediaFiles.content_hash, hash)))[0];
    if (twin) return { row: twin, deduplicated: true };
    const [row] = await deps.db
      .insert(mediaFiles)
      .values({
        bucket: source.bucket,
        path: stored.path,
        original_name: filename,
        content_hash: hash,
        mime_type: source.mime_type,
        size_bytes: bytes.length,
        width: region.width,
        height: region.height,
        alt_text: source.alt_text,
        focus_x: focus.x,
        focus_y: focus.y,
        source_id: source.id,
        folder_id: source.folder_id,
        uploaded_by: actor.id,
      })
      .returning();
    if (!row) throw new Error('media_files insert returned no row');
    await recordAudit(deps.db, actor, {
      action: 'create',
      entityType: 'media',
      entityId: row.id,
      label: filename,
    });
    return { row, deduplicated: false };
  });
  // A twin uploaded meanwhile under another name keeps its file; this one goes.
  if (result.row.path !== stored.path) await deps.storage.remove(source.bucket, name);
  else if (!result.deduplicated) deps.variants.enqueue(stored.path);
  return { item: await toMediaItem(deps.media, result.row), deduplicated: result.deduplicated };
}
