/**
 * The renderer's Content-Security-Policy, sent as a header with every page of the app: its own
 * scripts and styles, and images from the connected server's origin only (media previews). The
 * renderer makes no network call, so connect-src is 'none'. No electron import (the test harness
 * serves the renderer with the same policy).
 */
export function contentSecurityPolicy(serverUrl: string, { dev = false }: { dev?: boolean } = {}): string {
  const server = new URL(serverUrl).origin;
  return [
    "default-src 'none'",
    // Vite's dev server injects inline module scripts and talks over a websocket; the build does not.
    dev ? "script-src 'self' 'unsafe-inline'" : "script-src 'self'",
    // Radix Themes sets style attributes at run time.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${server}`,
    "font-src 'self' data:",
    dev ? 'connect-src ws://localhost:* ws://127.0.0.1:*' : "connect-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
