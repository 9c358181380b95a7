import { createRequire } from 'node:module';

// src/ and dist/ both sit one level below the package, so this path holds in sources and bundle.
export const VERSION: string = createRequire(import.meta.url)('../package.json').version;
