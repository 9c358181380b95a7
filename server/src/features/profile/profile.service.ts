import { ERROR_CODES, AUTH_MESSAGES as M, type Profile, UPLOAD_LIMIT_BYTES } from '@atelier/shared';
import { eq, sql } from 'drizzle-orm';
import type { AuthContext } from '../../auth';
import { randomToken } from '../../auth/tokens';
import { type Db, writeTransaction } from '../../db/client';
import { mediaFiles, profiles } from '../../db/schema';
import { nowIso } from '../../db/schema/columns';
import { ApiError, badRequest } from '../../lib/errors';
import type { ImageColumns, MediaUses } from '../../ports';
import { imageCost, runImageJob } from '../../storage/image-queue';
import type { Storage } from '../../storage/local';

const AVATAR_SIZE = 512;
/**
 * The largest avatar file: the per-file limit of every stored image (UPLOAD_LIMIT_BYTES, 10 MB). The media
 * library's limit is another, set per server (UPLOAD_MAX_BYTES in env.ts).
 */
export const AVATAR_MAX_BYTES = UPLOAD_LIMIT_BYTES;
/** Formats accepted as read from the bytes, whatever the file name or declared type says. */
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp']);

/** An account shows its avatar; where-used names the account by its name. */
export const profileImages: ImageColumns = {
  entity_type: 'profiles',
  audit_type: 'profile',
  table: profiles,
  title: sql`trim(coalesce(${profiles.first_name}, '') || ' ' || coalesce(${profiles.last_name}, ''))`,
  columns: [profiles.avatar_url],
};

/**
 * Stores a new avatar: checked by content (sharp reads the bytes), re-encoded (metadata stripped, orientation
 * applied) and cut to a 512 px square WebP, with its media_files row; the previous avatar is released like every
 * dropped file (removed only when nothing else shows it).
 */
export async function uploadAvatar(
  deps: { db: Db; storage: Storage; media: Pick<MediaUses, 'releaseDropped'> },
  auth: AuthContext,
  file: File,
): Promise<{ avatar_url: string; profile: Profile }> {
  const { db, storage } = deps;
  if (file.size > AVATAR_MAX_BYTES)
    throw new ApiError(
      413,
      ERROR_CODES.payloadTooLarge,
      `The image is larger than ${AVATAR_MAX_BYTES / 1024 / 1024} MB`,
    );
  const bytes = Buffer.from(await file.arrayBuffer());
  const { default: sharp } = await import('sharp');
  const options = { limitInputPixels: 50_000_000, failOn: 'error' } as const;
  let avatar: Buffer;
  // The header alone tells the decoded size: an image over the memory budget is refused before decoding.
  const meta = await sharp(bytes, options)
    .metadata()
    .catch(() => null);
  if (!meta?.format || !IMAGE_FORMATS.has(meta.format)) throw badRequest(M.notAnImage);
  try {
    avatar = await runImageJob(
      () =>
        sharp(bytes, options)
          .rotate()
          .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
          .webp({ quality: 82 })
          .toBuffer(),
      imageCost(meta),
    );
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw badRequest(M.notAnImage);
  }
  const stored = await storage.put('avatars', `${auth.userId}-${randomToken(9)}.webp`, avatar);
  const previous = await writeTransaction(db, async () => {
    const old = (await db.select().from(profiles).where(eq(profiles.id, auth.userId)))[0];
    await db.insert(mediaFiles).values({
      id: crypto.randomUUID(),
      bucket: 'avatars',
      path: stored.path,
      content_hash: stored.hash,
      mime_type: 'image/webp',
      size_bytes: avatar.length,
      width: AVATAR_SIZE,
      height: AVATAR_SIZE,
      uploaded_by: auth.userId,
    });
    await db
      .update(profiles)
      .set({ avatar_url: stored.url, updated_at: nowIso() })
      .where(eq(profiles.id, auth.userId));
    return old;
  });
  const profile = (await db.select().from(profiles).where(eq(profiles.id, auth.userId)))[0];
  if (!profile) throw new Error('The profile vanished');
  if (previous) await deps.media.releaseDropped(profileImages, previous, profile);
  return { avatar_url: stored.url, profile };
}
