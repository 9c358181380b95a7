import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { CORE_TEXT } from './src/public/lib/core-text';

const require = createRequire(import.meta.url);

interface Subset {
  /** The fontsource file (resolved from node_modules). */
  source: string;
  target: string;
  options: Record<string, unknown>;
}

const FONTS: Subset[] = [
  {
    // Text and UI: the weights the site sets (400–600; 300–700 leaves room), without the alternates
    // reachable only through OpenType features, which the site never turns on.
    source: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    target: 'inter-core.woff2',
    options: { variationAxes: { wght: { min: 300, max: 700 } }, noLayoutClosure: true },
  },
  {
    // Headings: ligatures and kerning kept, they are part of the face's look.
    source: '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-normal.woff2',
    target: 'cormorant-core.woff2',
    options: {},
  },
];

/** Bumped when CORE_TEXT or the options change, so cached subsets are made again. */
const VERSION = 1;

/**
 * Writes the core subsets of the two web fonts to `outDir` before a build (about a third of the full
 * files' bytes). A subset is made again only when its source file or this step changed.
 */
export function fontSubsets(outDir: string): Plugin {
  return {
    name: 'atelier-font-subsets',
    async buildStart() {
      const { default: subsetFont } = await import('subset-font');
      fs.mkdirSync(outDir, { recursive: true });
      for (const font of FONTS) {
        const source = require.resolve(font.source);
        const stamp = `${VERSION}:${fs.statSync(source).size}:${JSON.stringify(font.options)}`;
        const target = path.join(outDir, font.target);
        const stampFile = `${target}.stamp`;
        if (fs.existsSync(target) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp)
          continue;
        const subset = await subsetFont(fs.readFileSync(source), CORE_TEXT, {
          targetFormat: 'woff2',
          ...font.options,
        });
        fs.writeFileSync(target, subset);
        fs.writeFileSync(stampFile, stamp);
      }
    },
  };
}
