import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'integration',
    include: ['integration/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts', 'support/postgres.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file starts its own server on its own port and data directory.
    fileParallelism: true,
  },
});
