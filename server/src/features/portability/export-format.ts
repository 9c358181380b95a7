import { packRevision, unpackRevision } from '../../db/revisions';

/**
 * The portable export's format (docs/export-format.md): a zip holding `manifest.json`, one
 * `content/<table>.json` per table below (an array of its rows, keyed by column), and the media originals under
 * `media/<bucket>/<name>`. Tables are listed parents first: an import inserts them in this order.
 */
export const EXPORT_FORMAT = 'atelier-export';
export const EXPORT_VERSION = 1;
export const MANIFEST = 'manifest.json';

export interface ExportTable {
  name: string;
  /** The columns exported, when not all of them (a table that holds secrets names what it gives). */
  columns?: readonly string[];
  /** Which rows, when not all (an SQL condition on the table). */
  where?: string;
  /** Exported only when asked for (`revisions`: every saved version of the content and settings). */
  onRequest?: true;
  /**
   * Columns stored in another form than the export's: `out` turns the stored value into the export's (plain
   * JSON), `in` back.
   */
  codecs?: Record<string, { out(value: unknown): unknown; in(value: unknown): unknown }>;
}

const STAFF = "id IN (SELECT id FROM profiles WHERE role <> 'user')";

/** A revision's row as saved, kept Brotli-compressed in the database, is plain JSON in the export. */
const revisionData = {
  out: (value: unknown) => unpackRevision(value as Buffer),
  in: (value: unknown) => packRevision(value as object),
};

/** The tables of an export. A table added to the schema that holds studio content is added here. */
export const EXPORT_TABLES: readonly ExportTable[] = [
  // Staff accounts only, and never a password hash, session, second factor or key.
  {
    name: 'users',
    columns: ['id', 'email', 'email_confirmed_at', 'deactivated_at', 'created_at', 'updated_at'],
    where: STAFF,
  },
  { name: 'profiles', where: STAFF },
  { name: 'media_folders' },
  { name: 'media_files' },
  { name: 'project_categories' },
  { name: 'projects' },
  { name: 'blog_posts' },
  { name: 'services' },
  { name: 'team_members' },
  { name: 'youtube_videos' },
  { name: 'slug_history' },
  { name: 'inquiries' },
  { name: 'inquiry_status_changes' },
  { name: 'inquiry_notes' },
  { name: 'imported_items' },
  { name: 'media_redirects' },
  { name: 'site_settings' },
  { name: 'trash_settings' },
  { name: 'revision_retention' },
  { name: 'revisions', onRequest: true, codecs: { data: revisionData } },
];

/** The tables of an export, with those exported on request when asked for. */
export const exportedTables = ({ revisions = false } = {}) =>
  EXPORT_TABLES.filter((table) => !table.onRequest || revisions);

export const contentEntry = (table: string) => `content/${table}.json`;
export const mediaEntry = (storedPath: string) => `media/${storedPath}`;

export interface ExportManifest {
  format: typeof EXPORT_FORMAT;
  version: number;
  created_at: string;
  /** Rows per table, and `media_files`: the media originals in the archive. */
  counts: Record<string, number>;
  files: { path: string; bytes: number; sha256: string }[];
}
