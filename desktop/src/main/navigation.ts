/** Which URLs the app window may load, and which go to the system browser. No electron import. */

function parse(value: string): URL | undefined {
  return URL.canParse(value) ? new URL(value) : undefined;
}

/**
 * Whether `target` belongs to the app itself. For the dev server (http) that is its origin; for the
 * built app (file://) it is only the renderer's own page, since every file:// URL shares one origin.
 */
export function isAppUrl(target: string, appEntryUrl: string): boolean {
  const url = parse(target);
  const entry = parse(appEntryUrl);
  if (!url || !entry) return false;
  if (entry.protocol === 'file:') {
    return (
      url.protocol === 'file:' && decodeURIComponent(url.pathname) === decodeURIComponent(entry.pathname)
    );
  }
  if (entry.protocol === 'http:' || entry.protocol === 'https:') return url.origin === entry.origin;
  // The app's own scheme (app://atelier): URL gives such origins as "null", so compare scheme and host.
  return url.protocol === entry.protocol && url.host === entry.host;
}

/** Links the system browser may open: plain http(s) only, never file:, javascript: or custom schemes. */
export function isExternalHttpUrl(target: string): boolean {
  const url = parse(target);
  return url !== undefined && (url.protocol === 'http:' || url.protocol === 'https:');
}

/**
 * What "View on website" and the admin's links may open in the default browser: pages of the
 * connected server (http/https, same origin) and mailto: addresses (replying to an inquiry). Nothing
 * else leaves the app.
 */
export function isAllowedExternalUrl(target: string, serverUrl: string): boolean {
  const url = parse(target);
  const server = parse(serverUrl);
  if (!url || !server) return false;
  if (url.protocol === 'mailto:') return !url.username && !url.password;
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === server.origin;
}
