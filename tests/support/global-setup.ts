import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from '../../server/src/server';
import { testEnv } from './env';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDir: string;
  }
}

/** Seeds one data directory with the sample content; every test server starts from a copy of it. */
export default async function setup(project: TestProject) {
  const templateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-template-'));
  const running = await startServer(testEnv(templateDir, { SEED: 'sample' }));
  await running.stop();
  project.provide('templateDir', templateDir);
  return () => fs.rmSync(templateDir, { recursive: true, force: true });
}
