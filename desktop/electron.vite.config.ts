import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

const here = import.meta.dirname;

/**
 * The shipped CSP (the header of src/main/csp.ts and the meta tag of src/renderer/index.html) allows no inline script, but Vite's dev server and
 * React Fast Refresh inject inline module scripts, and HMR talks over a websocket. Relax the policy
 * for those only under `electron-vite dev`; the build keeps it strict.
 */
function devServerCsp(): Plugin {
  return {
    name: 'atelier:dev-server-csp',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html
        .replace("script-src 'self';", "script-src 'self' 'unsafe-inline';")
        .replace("connect-src 'none'", 'connect-src ws://localhost:* ws://127.0.0.1:*'),
  };
}

export default defineConfig({
  // Dependencies (zod, the workspace packages, which ship TypeScript source) are bundled into
  // out/ rather than required at run time, so the built app needs no node_modules.
  main: {
    build: {
      outDir: resolve(here, 'out/main'),
      externalizeDeps: false,
      rolldownOptions: { input: { index: resolve(here, 'src/main/index.ts') } },
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
    plugins: [react(), devServerCsp()],
  },
});
