import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'integration',
    include: ['integration/**/*.test.ts'],
    // The cluster first: on PostgreSQL + S3 the sample's template is seeded into it.
    globalSetup: ['support/postgres.ts', 'support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file starts its own server on its own port and data directory.
    fileParallelism: true,
    // On CI a failed test runs once more and the report names it (a flake is then a finding, not a stop).
    retry: process.env.CI ? 1 : 0,
  },
});
