/**
 * The renderer's Content-Security-Policy, written once: sent as a header with every page of the app
 * (with the connected server's origin as the only other image source), and put in the page itself as a
 * meta tag at build time (electron.vite.config.ts), a second fence where the header is missing. The
 * renderer makes no network call, so connect-src is 'none'. No electron import (the test harness
 * serves the renderer with the same policy).
 */
interface CspOptions {
  /** Vite's dev server injects inline module scripts and talks over a websocket; the build does not. */
  dev?: boolean;
}

/** Any http(s) image source: what the page allows before it knows the server (the header narrows it). */
const ANY_SERVER = 'http: https:';

function directives(imageServer: string, { dev = false }: CspOptions): string[] {
  return [
    "default-src 'none'",
    dev ? "script-src 'self' 'unsafe-inline'" : "script-src 'self'",
    // Radix Themes sets style attributes at run time.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${imageServer}`,
    "font-src 'self' data:",
    dev ? 'connect-src ws://localhost:* ws://127.0.0.1:*' : "connect-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-src 'none'",
  ];
}

/** The header: images from the connected server's origin only; no page may frame the app. */
export function contentSecurityPolicy(serverUrl: string, options: CspOptions = {}): string {
  return [...directives(new URL(serverUrl).origin, options), "frame-ancestors 'none'"].join('; ');
}

/** The meta tag's policy (frame-ancestors is ignored in a meta tag, so it is the header's alone). */
export function metaContentSecurityPolicy(options: CspOptions = {}): string {
  return directives(ANY_SERVER, options).join('; ');
}

const CHARSET = '<meta charset="UTF-8" />';

/** The page with its policy as a meta tag, right after the charset (before any script or style). */
export function withCspMeta(html: string, options: CspOptions = {}): string {
  if (!html.includes(CHARSET)) throw new Error(`index.html has no ${CHARSET} to put the CSP after`);
  const meta = `<meta http-equiv="Content-Security-Policy" content="${metaContentSecurityPolicy(options)}" />`;
  return html.replace(CHARSET, `${CHARSET}\n    ${meta}`);
}
