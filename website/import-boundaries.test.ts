/**
 * The website's import boundaries, as biome.json's noRestrictedImports keeps them: each rule is proved by a
 * fixture that breaks it (and must be refused with the rule's message) beside imports that must stay allowed.
 * The fixtures are written into a temporary copy of the layout, linted there with the repository's own
 * biome.json, so the repository's `biome check .` never sees them.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const BIOME = path.join(ROOT, 'node_modules', '.bin', 'biome');

/** The start of each rule's message (biome.json), enough to tell the rules apart. */
const RULES = {
  areaFromLib: 'website/src/lib is shared by every area',
  areaFromPublic: 'Public pages never import the account area or the admin',
  areaFromAccount: 'The account area uses the public site only through',
  adminOutside: 'The admin UI reaches the outside only through its AdminPlatform',
  adminLib: 'The admin may use only website/src/lib',
  belowFeatures: 'admin/ui and admin/api are below the features and the layout',
  otherFeature: 'A feature does not import another feature',
} as const;
type Rule = keyof typeof RULES;

/** [the importing file, under website/src; what it imports; the rule it breaks, or null when allowed]. */
const CASES: [string, string, Rule | null][] = [
  // A bare folder import is the import that pulls the admin (and Radix Themes) into a page.
  ['public/pages/Home.tsx', '../../admin', 'areaFromPublic'],
  ['public/pages/Home.tsx', '../../admin/ui/page-header', 'areaFromPublic'],
  ['public/pages/Home.tsx', '../../account', 'areaFromPublic'],
  ['account/pages/AuthPage.tsx', '../../admin', 'areaFromAccount'],
  ['account/pages/AuthPage.tsx', '../../public/site-chrome', null],
  ['lib/session.ts', '../admin', 'areaFromLib'],
  ['lib/session.ts', '../public', 'areaFromLib'],
  ['admin-browser/browser-admin.tsx', '../admin', null],
  // The admin and the outside.
  ['admin/admin-app.tsx', '../account', 'adminOutside'],
  ['admin/features/media/media-page.tsx', '../../../admin-browser/browser-platform', 'adminOutside'],
  ['admin/features/media/media-page.tsx', '../../../lib/session', 'adminLib'],
  ['admin/features/media/media-page.tsx', '../../../lib/api', 'adminLib'],
  ['admin/features/media/media-page.tsx', '../../../lib/session-hint', 'adminLib'],
  ['admin/features/media/media-page.tsx', '../../../lib', 'adminLib'],
  ['admin/layout/sidebar.tsx', '../../lib/flash', 'adminLib'],
  ['admin/ui/toaster.tsx', '../../lib/session', 'adminLib'],
  ['admin/ui/toaster.tsx', '../../lib/toasts', null],
  ['admin/ui/toaster.tsx', '../../lib/toast', null],
  ['admin/features/media/media-page.tsx', '../../../lib/failure', null],
  ['admin/features/blog/blog-form-page.tsx', '../../../lib/markdown', null],
  // Features stand side by side.
  ['admin/features/projects/projects-page.tsx', '../media/api', 'otherFeature'],
  ['admin/features/projects/projects-page.tsx', '../media', 'otherFeature'],
  ['admin/features/projects/projects-page.tsx', '../../features/media/api', 'otherFeature'],
  ['admin/features/projects/projects-page.tsx', './api', null],
  ['admin/features/projects/projects-page.tsx', '../../ui/page-header', null],
  ['admin/features/projects/projects-page.tsx', '../../api/entity', null],
  ['admin/features/projects/projects-page.tsx', '../../platform-context', null],
  ['admin/features/projects/projects-page.tsx', '@atelier/shared', null],
  // ui and api are below the features and the layout.
  ['admin/ui/entity-form-page.tsx', '../layout/not-found', 'belowFeatures'],
  ['admin/ui/entity-form-page.tsx', '../layout', 'belowFeatures'],
  ['admin/ui/media-picker.tsx', '../features/media/api', 'belowFeatures'],
  ['admin/api/entity.ts', '../features/projects', 'belowFeatures'],
  ['admin/api/entity.ts', '../layout/sidebar', 'belowFeatures'],
  ['admin/ui/media-picker.tsx', '../api/media-library', null],
  ['admin/api/entity.ts', '../platform-context', null],
  ['admin/layout/sidebar.tsx', '../api/site', null],
];

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string; start: { line: number } };
}

let work: string;
let found: Diagnostic[];

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-boundaries-'));
  const config = JSON.parse(fs.readFileSync(path.join(ROOT, 'biome.json'), 'utf8'));
  // The copy is not a git checkout: no ignore file to read.
  config.$schema = undefined;
  config.vcs = { enabled: false };
  fs.writeFileSync(path.join(work, 'biome.json'), JSON.stringify(config));
  const files = new Map<string, string[]>();
  for (const [file, specifier] of CASES) files.set(file, [...(files.get(file) ?? []), specifier]);
  for (const [file, specifiers] of files) {
    const target = path.join(work, 'website', 'src', file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const lines = specifiers.map((specifier, index) => `import * as m${index} from '${specifier}';`);
    lines.push(`export const all = [${specifiers.map((_, index) => `m${index}`).join(', ')}];`);
    fs.writeFileSync(target, `${lines.join('\n')}\n`);
  }
  let output: string;
  try {
    output = execFileSync(BIOME, ['lint', '--reporter=json', '--max-diagnostics=none', '.'], {
      cwd: work,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    // Errors found: biome exits non-zero, its report still on stdout.
    output = (error as { stdout: string }).stdout;
  }
  found = (JSON.parse(output) as { diagnostics: Diagnostic[] }).diagnostics.filter(
    (diagnostic) => diagnostic.category === 'lint/style/noRestrictedImports',
  );
}, 60_000);

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

/** The line of `specifier` in the fixture written for `file`. */
function lineOf(file: string, specifier: string): number {
  const specifiers = CASES.filter(([each]) => each === file).map(([, each]) => each);
  return specifiers.indexOf(specifier) + 1;
}

describe('import boundaries (biome.json)', () => {
  it.each(CASES)('%s importing %s: %s', (file, specifier, rule) => {
    const at = found.filter(
      (diagnostic) =>
        diagnostic.location.path === `website/src/${file}` &&
        diagnostic.location.start.line === lineOf(file, specifier),
    );
    if (rule === null) expect(at).toEqual([]);
    else expect(at.map((diagnostic) => diagnostic.message)).toEqual([expect.stringContaining(RULES[rule])]);
  });
});
