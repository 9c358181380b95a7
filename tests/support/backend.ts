/**
 * Which backend the integration suite runs on: SQLite and the local disk (the default), or, with
 * `ATELIER_TEST_BACKEND=postgres`, each test server on its own PostgreSQL database and its own S3 bucket.
 */
export const onPostgres = process.env.ATELIER_TEST_BACKEND === 'postgres';

/**
 * The title of a test or suite that runs only on SQLite and the local disk, skipped on PostgreSQL + S3
 * (`describe.skipIf(onPostgres)(sqliteOnly(title, why), …)`): there it says why.
 */
export const sqliteOnly = (title: string, why: string) =>
  onPostgres ? `${title} (skipped on PostgreSQL + S3: ${why})` : title;
