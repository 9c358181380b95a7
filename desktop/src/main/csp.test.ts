/**
 * The renderer's two fences, the CSP header and the page's meta tag, come from one source and say the
 * same: every directive alike, except that the header names the connected server where the page (built
 * before any server is known) allows any http(s) image, and that only the header forbids framing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, metaContentSecurityPolicy, withCspMeta } from './csp';

const parse = (policy: string) =>
  new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );

const page = readFileSync(join(import.meta.dirname, '../renderer/index.html'), 'utf8');

describe('content security policy', () => {
  it.each([false, true])('header and meta tag agree (dev: %s)', (dev) => {
    const header = parse(contentSecurityPolicy('http://studio.example:8787/', { dev }));
    const meta = parse(metaContentSecurityPolicy({ dev }));
    expect(header.get('frame-ancestors')).toEqual(["'none'"]);
    expect(meta.has('frame-ancestors')).toBe(false);
    expect([...header.keys()].filter((name) => name !== 'frame-ancestors')).toEqual([...meta.keys()]);
    for (const [name, sources] of meta) {
      if (name === 'img-src') {
        expect(sources.filter((source) => !['http:', 'https:'].includes(source))).toEqual(
          header.get(name)?.filter((source) => source !== 'http://studio.example:8787'),
        );
        expect(header.get(name)).toContain('http://studio.example:8787');
      } else expect(header.get(name), name).toEqual(sources);
    }
  });

  it('keeps the shipped policy strict: no inline script, no connections, nothing by default', () => {
    const meta = parse(metaContentSecurityPolicy());
    expect(meta.get('default-src')).toEqual(["'none'"]);
    expect(meta.get('script-src')).toEqual(["'self'"]);
    expect(meta.get('connect-src')).toEqual(["'none'"]);
  });

  it('puts the meta tag in the page right after the charset, before any script', () => {
    const html = withCspMeta(page);
    const tags = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)" \/>/g) ?? [];
    expect(tags).toHaveLength(1);
    expect(html).toContain(`content="${metaContentSecurityPolicy()}"`);
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'));
    expect(html.indexOf('charset')).toBeLessThan(html.indexOf('Content-Security-Policy'));
    // The source page has none of its own: the build's is the only one.
    expect(page).not.toContain('Content-Security-Policy');
  });
});
