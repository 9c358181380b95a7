import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/client', emptyOutDir: true, assetsInlineLimit: 0 },
  // The shared package ships TypeScript sources, so the SSR bundle must include it.
  ssr: { noExternal: ['@atelier/shared'] },
});
