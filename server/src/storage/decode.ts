/**
 * The one place image decoding is scheduled: every sharp decode of an upload or a variant runs through
 * `scheduleDecode`, within a budget of pixels decoded at once (a 12-megapixel photograph needs ~100 MB while
 * it is re-encoded), so a batch of large images cannot take all the memory and both cores while public pages
 * are being served. Small images share the budget; one larger than it runs alone. (The hardening branch's
 * image queue replaces the body of this function at merge time; callers stay as they are.)
 */
export const DECODE_PIXEL_BUDGET = 16_000_000;

let running = 0;
let inUse = 0;
const waiting: { pixels: number; start: () => void }[] = [];
let configured = false;

const fits = (pixels: number) => running === 0 || inUse + pixels <= DECODE_PIXEL_BUDGET;

function grant(pixels: number) {
  running++;
  inUse += pixels;
}

function startWaiting() {
  // First come, first served: a large image at the head is not overtaken by smaller ones forever.
  for (let next = waiting[0]; next && fits(next.pixels); next = waiting[0]) {
    waiting.shift();
    grant(next.pixels);
    next.start();
  }
}

export async function scheduleDecode<T>(work: () => Promise<T>, pixels = DECODE_PIXEL_BUDGET): Promise<T> {
  if (!configured) {
    configured = true;
    // libvips' operation cache keeps decoded images around (50 MB by default); every input here is new.
    const { default: sharp } = await import('sharp');
    sharp.cache(false);
  }
  if (waiting.length > 0 || !fits(pixels))
    await new Promise<void>((start) => waiting.push({ pixels, start }));
  else grant(pixels);
  try {
    return await work();
  } finally {
    running--;
    inUse -= pixels;
    startWaiting();
  }
}
