/**
 * A JPEG's metadata removed without decoding it: the segments before and between its scans are copied but
 * for EXIF (GPS, the camera, its thumbnail), XMP, IPTC, comments and any other application block, and
 * nothing after its end is kept (a second picture, a trailer). The pixels' coded bytes are copied as they
 * are, so the picture loses nothing and costs no encode. Kept: the JFIF header (without a thumbnail), the
 * colour profile (ICC) and Adobe's colour-transform flag, which say how to show the pixels.
 *
 * Null for a file this does not cover, which is then re-encoded: not Huffman-coded baseline or progressive
 * 8-bit grey or colour (CMYK, 12-bit, arithmetic coding), or not well formed.
 */
export function stripJpegMetadata(jpeg: Buffer): Buffer | null {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return null;
  const kept: Buffer[] = [jpeg.subarray(0, 2)];
  let frame = false;
  let at = 2;
  while (at + 1 < jpeg.length) {
    if (jpeg[at] !== 0xff) return null;
    const marker = jpeg[at + 1]!;
    if (marker === 0xff) {
      at += 1; // a fill byte before a marker
      continue;
    }
    if (marker === 0xd9) return frame ? Buffer.concat([...kept, jpeg.subarray(at, at + 2)]) : null;
    if (at + 4 > jpeg.length) return null;
    const length = jpeg.readUInt16BE(at + 2);
    let end = at + 2 + length;
    if (length < 2 || end > jpeg.length) return null;
    if (isFrame(marker)) {
      // SOF0–2 only (Huffman baseline, extended, progressive); 8 bits; 1 (grey) or 3 (YCbCr) components.
      if (marker > 0xc2 || length < 8 || jpeg[at + 4] !== 8) return null;
      if (jpeg[at + 9] !== 1 && jpeg[at + 9] !== 3) return null;
      frame = true;
    }
    if (marker === 0xda) {
      end = endOfScan(jpeg, end);
      if (end < 0) return null;
    }
    if (keeps(marker, jpeg.subarray(at + 4, at + 2 + length))) kept.push(jpeg.subarray(at, end));
    at = end;
  }
  return null;
}

/** SOF0–SOF15, which are not DHT (C4), JPG (C8) or DAC (CC). */
const isFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

const startsWith = (payload: Buffer, tag: string) =>
  payload.subarray(0, tag.length).equals(Buffer.from(tag, 'latin1'));

/** Application blocks (APP0–APP15) and comments go, but for those that tell how to show the pixels. */
function keeps(marker: number, payload: Buffer) {
  if (marker === 0xfe) return false;
  if (marker < 0xe0 || marker > 0xef) return true;
  // JFIF without a thumbnail: its 14 bytes exactly.
  if (marker === 0xe0) return startsWith(payload, 'JFIF\0') && payload.length === 14;
  if (marker === 0xe2) return startsWith(payload, 'ICC_PROFILE\0');
  if (marker === 0xee) return startsWith(payload, 'Adobe');
  return false;
}

/**
 * Where a scan's coded bytes end: the first marker after them. Inside them 0xFF is followed by 0 (a coded
 * 0xFF), a restart marker (D0–D7) or another 0xFF (fill); anything else is a marker. -1 without one.
 */
function endOfScan(jpeg: Buffer, from: number) {
  for (let at = jpeg.indexOf(0xff, from); at >= 0 && at + 1 < jpeg.length; at = jpeg.indexOf(0xff, at + 1)) {
    const next = jpeg[at + 1]!;
    if (next !== 0 && next !== 0xff && (next < 0xd0 || next > 0xd7)) return at;
  }
  return -1;
}
