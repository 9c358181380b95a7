import { YOUTUBE_ID_LENGTH } from '../constants';

const ID = `[A-Za-z0-9_-]{${YOUTUBE_ID_LENGTH}}`;
const PATTERNS = [
  new RegExp(`[?&]v=(${ID})(?:[&#]|$)`), // youtube.com/watch?v=ID
  new RegExp(`youtu\\.be/(${ID})(?:[?&#/]|$)`), // youtu.be/ID
  new RegExp(`/(?:embed|shorts|live|v)/(${ID})(?:[?&#/]|$)`), // /embed/ID, /shorts/ID
];
const HOSTS = /^(?:www\.|m\.|music\.)?(?:youtube\.com|youtube-nocookie\.com|youtu\.be)$/;

/** The 11-character video id of any common YouTube URL form, or null. */
export function youtubeId(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (!/^https?:$/.test(parsed.protocol) || !HOSTS.test(parsed.hostname)) return null;
  const target = `${parsed.hostname}${parsed.pathname}${parsed.search}`;
  for (const pattern of PATTERNS) {
    const match = pattern.exec(target);
    if (match?.[1]) return match[1];
  }
  return null;
}

/** The canonical form the product stores: watch?v={id}. */
export const youtubeWatchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;
/** Privacy-enhanced embed address. */
export const youtubeEmbedUrl = (id: string) => `https://www.youtube-nocookie.com/embed/${id}`;
export const youtubeThumbnailUrl = (id: string) => `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;
