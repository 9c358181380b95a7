import { defineProject } from 'vitest/config';

// Unit tests of the website's pure modules (the browser suites live in tests/e2e).
export default defineProject({ test: { name: 'website', include: ['src/**/*.test.ts', '*.test.ts'] } });
