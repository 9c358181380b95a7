import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminClient } from '../support/admin';
import { onPostgres, sqliteOnly } from '../support/backend';
import { createDatabase, skippedWhy } from '../support/postgres';
import { runCli } from '../support/process';
import { startTestServer, type TestServer } from '../support/server';

const postgres = inject('postgres');
/** A JSON column as read here: the server's modules, loaded in this process, have the driver hand JSON as text. */
const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
const clusterUrl = 'url' in postgres ? postgres.url : '';

describe.skipIf(!('url' in postgres) || onPostgres)(
  sqliteOnly(
    skippedWhy('atelier migrate-to-postgres', postgres),
    'it moves a SQLite studio to PostgreSQL: its source is a server on SQLite',
  ),
  () => {
    let dir: string;
    let file: string;
    let sqlite: Database.Database;
    let server: TestServer;
    let saved: { id: string; slug: string };
    const migrate = (from: string, to: string) =>
      runCli(['migrate-to-postgres', '--from', from, '--to', to], { DATA_DIR: dir });
    const newDatabase = () => createDatabase(clusterUrl);
    async function query<T extends pg.QueryResultRow>(url: string, text: string, params: unknown[] = []) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query<T>(text, params)).rows;
      } finally {
        await client.end();
      }
    }

    // The sample studio, running, with an admin who saved a project twice (its revisions, audit entries and a
    // former slug): the database a studio moves, read while its server still runs.
    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-to-pg-'));
      server = await startTestServer({ env: { PASSWORD_HASH: 'fast' } });
      file = path.join(server.dataDir, 'atelier.db');
      sqlite = new Database(file);
      const admin = await adminClient(server);
      const project = {
        title: 'Kasungu Clinic',
        description: 'A clinic.',
        category: 'urban',
        status: 'published',
      };
      const created = await admin.post('/api/admin/projects', project);
      const moved = await admin.put(`/api/admin/projects/${created.body.id}`, {
        ...project,
        slug: 'kasungu-clinic-2',
      });
      expect(moved.status).toBe(200);
      saved = { id: created.body.id, slug: created.body.slug };
    });
    afterAll(async () => {
      sqlite?.close();
      await server?.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('copies the sample studio whole: every table counted and hashed, values as the code reads them', async () => {
      const url = await newDatabase();
      const { code, output } = await migrate(file, url);
      expect(output).not.toContain('MISMATCH');
      expect(code).toBe(0);

      const tables = (
        sqlite
          .prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'",
          )
          .all() as { name: string }[]
      ).map((t) => t.name);
      for (const table of tables) {
        const { n } = sqlite.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number };
        const [copied] = await query<{ n: number }>(url, `SELECT count(*)::int AS n FROM "${table}"`);
        expect({ table, rows: copied?.n }).toEqual({ table, rows: n });
        // The printed check: the table, its rows and their hash, found equal on both sides.
        expect(output).toMatch(new RegExp(`^ok +${table} +${n} rows +sha256 [0-9a-f]{16}$`, 'm'));
      }
      expect(output).toContain(`Copied ${file} into PostgreSQL: ${tables.length} tables`);

      const project = sqlite
        .prepare('SELECT * FROM projects WHERE featured = 1 AND json_array_length(images) > 1 LIMIT 1')
        .get() as Record<string, string> & { images: string; image_alts: string };
      const [copied] = await query(url, 'SELECT * FROM projects WHERE id = $1', [project.id]);
      expect(json(copied?.images)).toEqual(JSON.parse(project.images));
      expect(json(copied?.image_alts)).toEqual(JSON.parse(project.image_alts));
      expect(copied?.featured).toBe(true);
      expect(copied?.sample).toBe(true);
      expect(copied?.created_at).toBe(project.created_at);
      expect(copied?.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

      // Rows the admin's saves wrote: a revision's compressed bytes, an audit entry's JSON, the former slug.
      const revision = sqlite
        .prepare('SELECT id, data FROM revisions WHERE entity_id = ? ORDER BY id DESC')
        .get(saved.id) as {
        id: number;
        data: Buffer;
      };
      const [copiedRevision] = await query(url, 'SELECT data FROM revisions WHERE id = $1', [revision.id]);
      expect(Buffer.compare(copiedRevision?.data, revision.data)).toBe(0);
      const audit = sqlite
        .prepare("SELECT id, details FROM audit_log WHERE entity_id = ? AND action = 'update'")
        .get(saved.id) as { id: string; details: string };
      const [copiedAudit] = await query(url, 'SELECT details FROM audit_log WHERE id = $1', [audit.id]);
      expect(json(copiedAudit?.details)).toEqual(JSON.parse(audit.details));
      expect(json(copiedAudit?.details).changed_fields).toContain('slug');
      expect(await query(url, 'SELECT entity_id FROM slug_history WHERE slug = $1', [saved.slug])).toEqual([
        { entity_id: saved.id },
      ]);
      // The revisions' ids go on after the copied ones.
      const [next] = await query<{ id: number }>(
        url,
        "INSERT INTO revisions (entity_type, entity_id, mark, data) VALUES ('project', $1, 'updated', '\\x00') RETURNING id",
        [saved.id],
      );
      expect(next?.id).toBe(revision.id + 1);

      const media = sqlite.prepare('SELECT id, size_bytes, focus_x FROM media_files LIMIT 1').get() as Record<
        string,
        number
      >;
      const [file_] = await query(url, 'SELECT size_bytes, focus_x FROM media_files WHERE id = $1', [
        media.id,
      ]);
      expect({ size: Number(file_?.size_bytes), focus: file_?.focus_x }).toEqual({
        size: media.size_bytes,
        focus: media.focus_x,
      });

      // The copy is a working database: the slug history's triggers fire on PostgreSQL as on SQLite.
      await query(url, "UPDATE projects SET slug = 'moved-on' WHERE id = $1", [project.id]);
      const history = await query(url, 'SELECT entity_type, entity_id FROM slug_history WHERE slug = $1', [
        project.slug,
      ]);
      expect(history).toEqual([{ entity_type: 'project', entity_id: project.id }]);
    });

    it('refuses a database that already holds data, and leaves it as it was', async () => {
      const url = await newDatabase();
      expect((await migrate(file, url)).code).toBe(0);
      const before = await query<{ n: number }>(url, 'SELECT count(*)::int AS n FROM projects');
      const again = await migrate(file, url);
      expect(again.code).toBe(1);
      expect(again.output).toMatch(
        /Error: The PostgreSQL database is not empty \(\w+ has \d+ rows\): migrate into a new, empty database\./,
      );
      expect(await query(url, 'SELECT count(*)::int AS n FROM projects')).toEqual(before);
    });

    it('writes nothing when a row cannot be copied, and says which table', async () => {
      const broken = path.join(dir, 'broken.db');
      sqlite.prepare('VACUUM INTO ?').run(broken);
      const db = new Database(broken);
      // PostgreSQL's text cannot hold a NUL character; SQLite's can.
      db.prepare(
        "UPDATE team_members SET quote = 'a' || char(0) || 'b' WHERE rowid = (SELECT min(rowid) FROM team_members)",
      ).run();
      db.close();
      const url = await newDatabase();
      const { code, output } = await migrate(broken, url);
      expect(code).toBe(1);
      expect(output).toMatch(/Error: team_members: .*\. Nothing was written\./);
      expect(output).not.toContain('$2'); // no values printed
      for (const table of ['users', 'projects', 'media_files', 'team_members'])
        expect(await query(url, `SELECT count(*)::int AS n FROM "${table}"`)).toEqual([{ n: 0 }]);
    });

    it('says what is missing', async () => {
      const url = await newDatabase();
      const absent = await migrate(path.join(dir, 'none.db'), url);
      expect(absent).toEqual({
        code: 1,
        output: expect.stringContaining(`Error: No SQLite database at ${path.join(dir, 'none.db')}`),
      });
      const noTarget = await runCli(['migrate-to-postgres', '--from', file], { DATA_DIR: dir });
      expect(noTarget.code).toBe(2);
      expect(noTarget.output).toContain('Error: migrate-to-postgres needs --to postgres://…');
    });
  },
);
