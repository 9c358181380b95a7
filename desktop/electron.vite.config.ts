import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { withCspMeta } from './src/main/csp';

const here = import.meta.dirname;

/**
 * The page's Content-Security-Policy meta tag, from the same source as the header main sends
 * (src/main/csp.ts). Vite's dev server and React Fast Refresh inject inline module scripts and HMR talks
 * over a websocket: only under `electron-vite dev` is the policy relaxed for them.
 */
function cspMeta(): Plugin {
  return {
    name: 'atelier:csp-meta',
    transformIndexHtml: (html, context) => withCspMeta(html, { dev: Boolean(context.server) }),
  };
}

export default defineConfig({
  // Dependencies (zod, the workspace packages, which ship TypeScript source) are bundled into
  // out/ rather than required at run time, so the built app needs no node_modules but sharp's.
  main: {
    build: {
      outDir: resolve(here, 'out/main'),
      externalizeDeps: false,
      // sharp is a native module: loaded from node_modules at run time (unpacked from the asar when packaged).
      rolldownOptions: { input: { index: resolve(here, 'src/main/index.ts') }, external: ['sharp'] },
    },
  },
  preload: {
    build: {
      outDir: resolve(here, 'out/preload'),
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(here, 'src/preload/index.ts') },
        // A sandboxed preload script is run as a classic script: CommonJS, one file.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(here, 'src/renderer'),
    build: {
      outDir: resolve(here, 'out/renderer'),
      rolldownOptions: { input: { index: resolve(here, 'src/renderer/index.html') } },
    },
    plugins: [react(), cspMeta()],
  },
});
