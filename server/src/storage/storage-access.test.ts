import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * `Storage` is the only way to stored files: no file of server/src but the local store (storage/local.ts)
 * names the folders it keeps on disk (`DATA_DIR/uploads`, `DATA_DIR/cache/variants`, `DATA_DIR/cache/focal`)
 * or serves the media from a folder, so the same code runs on a bucket. Tests may look at the disk.
 */
const SRC = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const ALLOWED = new Set(['storage/local.ts']);
const FORBIDDEN: readonly [RegExp, string][] = [
  [/\buploadsDir\b/, 'the uploads folder'],
  [/['"`]uploads['"`]/, 'the uploads folder by name'],
  [/['"`]cache['"`]|cache\/(?:variants|focal)/, 'the variants or crops folder'],
  [/['"`]tmp-uploads['"`]/, 'the staging folder other than through env.ts'],
];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('access to stored files', () => {
  it('goes through Storage everywhere but the local store itself', () => {
    const found: string[] = [];
    for (const file of sources(SRC)) {
      const relative = path.relative(SRC, file).split(path.sep).join('/');
      if (ALLOWED.has(relative)) continue;
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (/^\s*(\*|\/\/)/.test(line)) return;
        for (const [pattern, what] of FORBIDDEN)
          if (pattern.test(line) && !(relative === 'env.ts' && what.startsWith('the staging')))
            found.push(`${relative}:${index + 1} reaches ${what}: ${line.trim()}`);
        // The website's own assets are served from its build folder (http/static-files.ts); media never.
        if (relative.startsWith('features/') && /\bserveStatic\b/.test(line))
          found.push(`${relative}:${index + 1} serves files from a folder: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
