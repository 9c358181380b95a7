import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers, lowest first (docs/architecture.md draws them). A file imports only from its own layer
 * or a lower one, so a lower layer never learns of a higher one; no feature imports another feature (what
 * two features share moves down a layer, or the server hands it in through ports.ts); and no import cycle,
 * type-only imports included.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['env.ts', 'version.ts', 'lib/'],
  ['db/'],
  ['storage/', 'mail/'],
  ['auth/'],
  ['ports.ts', 'context.ts'],
  ['http/'],
  ['features/'],
  ['ssr/'],
  ['app.ts', 'server.ts', 'index.ts', 'cli/', 'seed/'],
];

const SRC = path.dirname(fileURLToPath(import.meta.url));

/** Each file of server/src (relative, `/`-separated) and the server/src files it imports. */
function importGraph(): Map<string, string[]> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'migrations') walk(full);
      } else if (entry.name.endsWith('.ts')) files.push(full);
    }
  };
  walk(SRC);
  const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');
  const resolve = (from: string, specifier: string) => {
    const base = path.resolve(path.dirname(from), specifier);
    const found = [`${base}.ts`, path.join(base, 'index.ts'), base].find(
      (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
    );
    if (!found) throw new Error(`${relative(from)} imports ${specifier}, which is no file`);
    return relative(found);
  };
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles
        .map((imported) => imported.fileName)
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => resolve(file, specifier));
      return [relative(file), [...new Set(targets)]];
    }),
  );
}

const layerOf = (file: string) =>
  LAYERS.findIndex((holds) => holds.some((h) => file === h || file.startsWith(h)));
const featureOf = (file: string) => /^features\/([^/]+)\//.exec(file)?.[1];
const isTest = (file: string) => file.endsWith('.test.ts');

/** What breaks the rules in `graph`: cycles (each a group of files), upward and cross-feature imports. */
function violations(graph: Map<string, string[]>) {
  // Tarjan's strongly connected components: each group of two or more files is a cycle.
  const cycles: string[][] = [];
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) cycles.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);

  const unplaced: string[] = [];
  const upward: string[] = [];
  const acrossFeatures: string[] = [];
  for (const [file, targets] of graph) {
    // A test imports what it tests and what it sets up with; nothing imports a test.
    if (isTest(file)) continue;
    if (layerOf(file) < 0) unplaced.push(file);
    for (const target of targets) {
      if (layerOf(target) > layerOf(file)) upward.push(`${file} → ${target}`);
      const [from, to] = [featureOf(file), featureOf(target)];
      if (from && to && from !== to) acrossFeatures.push(`${file} → ${target}`);
    }
  }
  return { cycles, unplaced, upward, acrossFeatures };
}

describe('the server import graph', () => {
  it('has no cycle, no import from a lower layer up, and no feature importing another', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(100);
    expect(violations(graph)).toEqual({ cycles: [], unplaced: [], upward: [], acrossFeatures: [] });
  });

  it('catches a cycle, an upward import, a feature importing another, and a file in no layer', () => {
    const graph = new Map([
      ['context.ts', ['features/events/feeds.ts']],
      ['features/events/feeds.ts', ['features/settings/settings.service.ts']],
      ['features/settings/settings.service.ts', ['context.ts']],
      ['stray/helper.ts', []],
    ]);
    expect(violations(graph)).toEqual({
      cycles: [['context.ts', 'features/events/feeds.ts', 'features/settings/settings.service.ts']],
      unplaced: ['stray/helper.ts'],
      upward: ['context.ts → features/events/feeds.ts'],
      acrossFeatures: ['features/events/feeds.ts → features/settings/settings.service.ts'],
    });
  });
});
