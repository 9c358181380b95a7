import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from '../../server/src/server';
import { onPostgres } from './backend';
import { testEnv } from './env';
import { createDatabase } from './postgres';
import { startS3 } from './s3';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDir: string;
    /** On PostgreSQL + S3: the seeded template database and bucket each test server copies. */
    pgTemplate?: {
      clusterUrl: string;
      database: string;
      endpoint: string;
      s3Directory: string;
      bucket: string;
    };
  }
}

/**
 * Seeds the sample content once; every test server starts from a copy of it. On SQLite, one data directory;
 * on PostgreSQL + S3 (`ATELIER_TEST_BACKEND=postgres`), a template database in the run's cluster and a template
 * bucket on one s3rver for the whole run.
 */
export default async function setup(project: TestProject) {
  const templateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-template-'));
  project.provide('templateDir', templateDir);
  if (!onPostgres) {
    const running = await startServer(testEnv(templateDir, { SEED: 'sample' }));
    await running.stop();
    return () => fs.rmSync(templateDir, { recursive: true, force: true });
  }
  const postgres = project.getProvidedContext().postgres;
  if ('missing' in postgres) throw new Error(`ATELIER_TEST_BACKEND=postgres: ${postgres.missing}`);
  const s3 = await startS3('template');
  const database = 'atelier_template';
  const running = await startServer(
    testEnv(templateDir, {
      SEED: 'sample',
      DATABASE_URL: await createDatabase(postgres.url, database),
      STORAGE_URL: s3.url,
    }),
  );
  await running.stop();
  project.provide('pgTemplate', {
    clusterUrl: postgres.url,
    database,
    endpoint: s3.endpoint,
    s3Directory: s3.directory,
    bucket: s3.bucket,
  });
  return async () => {
    await s3.stop();
    fs.rmSync(templateDir, { recursive: true, force: true });
  };
}
