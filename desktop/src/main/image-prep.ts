/**
 * Photographs sized for the web before they leave the computer: a camera's 8 MB JPEG is sent as the largest
 * image the site ever shows. The file on disk is only read. No electron import.
 */
import { rename, rm } from 'node:fs/promises';
import sharp from 'sharp';

/** The photographs' types: what a camera or a phone makes. Drawings (PNG, GIF) and PDFs go as they are. */
const PHOTOS = new Set(['image/jpeg', 'image/webp']);
const QUALITY = 88;

// One decode at a time per call, and no cache of decoded images: main's memory stays flat over a shoot.
sharp.cache(false);

export const isPhoto = (mimeType: string | null) => mimeType !== null && PHOTOS.has(mimeType);

/**
 * Writes `source` to `target` with its orientation applied, its longest edge down to `largestEdge`, re-encoded
 * in its own format at high quality without metadata (location, camera serial: no EXIF, XMP or IPTC), and
 * answers the written size. Null, and nothing written, when the file goes as it is: not a photograph, or no
 * larger than `largestEdge`. The same file and edge give the same bytes, so the server's dedupe by content
 * finds a photograph sent twice, and a resume after a restart continues the same upload.
 */
export async function prepareImage(
  source: string,
  mimeType: string,
  largestEdge: number,
  target: string,
): Promise<number | null> {
  if (!PHOTOS.has(mimeType)) return null;
  const { autoOrient } = await sharp(source).metadata();
  if (Math.max(autoOrient.width, autoOrient.height) <= largestEdge) return null;
  const image = sharp(source, { sequentialRead: true })
    .autoOrient()
    .resize({ width: largestEdge, height: largestEdge, fit: 'inside', withoutEnlargement: true });
  const encoded =
    mimeType === 'image/webp' ? image.webp({ quality: QUALITY }) : image.jpeg({ quality: QUALITY });
  const temp = `${target}.tmp`;
  try {
    const { size } = await encoded.toFile(temp);
    await rename(temp, target);
    return size;
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
