import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
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
