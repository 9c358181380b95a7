import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { criticalCss } from './critical-css';
import { fontSubsets } from './font-subset';

/** Text files worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest|ico)$/;

/**
 * Writes a Brotli (`.br`, best quality) and a gzip (`.gz`) copy beside each compressible file of the
 * client build, once at build time, so the server sends them as they are (serveStatic's `precompressed`)
 * instead of compressing every answer. A copy is kept only when it is smaller than the file.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'atelier-precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const files = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' });
      for (const name of files.filter((f) => COMPRESSIBLE.test(f))) {
        const file = path.join(outDir, name);
        const body = fs.readFileSync(file);
        const copies = {
          br: zlib.brotliCompressSync(body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
          gz: zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
        };
        for (const [suffix, copy] of Object.entries(copies)) {
          if (copy.length < body.length) fs.writeFileSync(`${file}.${suffix}`, copy);
        }
      }
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    fontSubsets(path.resolve(import.meta.dirname, 'src/public/fonts')),
    criticalCss(),
    precompress(),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    // The public pages (server-rendered, hydrated) and the account area (rendered in the browser).
    rollupOptions: {
      input: { index: 'index.html', account: 'account.html' },
      output: {
        // A chunk shared by the public pages and the account area must not be named after the account
        // (shared/src/lib/account.ts): the public pages' test watches for account code by its name.
        chunkFileNames: (chunk) =>
          chunk.name === 'account' ? 'assets/common-[hash].js' : 'assets/[name]-[hash].js',
      },
    },
  },
  // The shared package ships TypeScript sources, so the SSR bundle must include it.
  ssr: { noExternal: ['@atelier/shared'] },
});
