import { defineConfig } from 'vitest/config';

// One run over every package's unit tests and the cross-package integration suite.
export default defineConfig({
  test: {
    projects: ['shared', 'server', 'website', 'desktop', 'tests'],
  },
});
