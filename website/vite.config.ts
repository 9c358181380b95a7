import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    // The public pages (server-rendered, hydrated) and the account area (rendered in the browser).
    rollupOptions: { input: { index: 'index.html', account: 'account.html' } },
  },
  // The shared package ships TypeScript sources, so the SSR bundle must include it.
  ssr: { noExternal: ['@atelier/shared'] },
});
