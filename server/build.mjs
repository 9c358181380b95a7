// Bundles the server (and the shared package's TypeScript) into dist/, keeping npm dependencies
// external, and copies the generated migrations (SQLite's and PostgreSQL's) beside the bundle.
import fs from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@atelier/shared');

fs.rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: { index: 'src/index.ts', cli: 'src/cli/index.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'bundle',
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
fs.cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
fs.cpSync('src/db/migrations-pg', 'dist/migrations-pg', { recursive: true });
