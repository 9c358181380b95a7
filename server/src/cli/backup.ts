import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * The server's keys (DATA_DIR/keys: the master secret that encrypts authenticator secrets, and the token
 * signing key) travel beside a database backup as `<backup>.keys/`: a database restored without its master
 * secret would hold two-step verification secrets nobody can read.
 */
const keysBesideBackup = (backup: string) => `${backup}.keys`;

/** Copies a keys folder file by file, private (0700 folder, 0600 files), through a temporary folder. */
function copyKeys(from: string, to: string): number {
  const temp = `${to}.partial`;
  fs.rmSync(temp, { recursive: true, force: true });
  fs.mkdirSync(temp, { recursive: true, mode: 0o700 });
  const names = fs.readdirSync(from).filter((name) => fs.statSync(path.join(from, name)).isFile());
  for (const name of names) {
    fs.copyFileSync(path.join(from, name), path.join(temp, name));
    fs.chmodSync(path.join(temp, name), 0o600);
  }
  fs.rmSync(to, { recursive: true, force: true });
  fs.renameSync(temp, to);
  return names.length;
}

/**
 * Copies a live database with SQLite's online backup API: consistent even while the server writes,
 * because the copy restarts pages that change under it. Writes to a temporary file, then renames.
 */
export async function backupDatabase(
  source: string,
  target: string,
): Promise<{ pages: number; bytes: number; keys: number }> {
  if (!fs.existsSync(source)) throw new Error(`No database at ${source}`);
  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  const temp = `${target}.partial`;
  fs.rmSync(temp, { force: true });
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const { totalPages } = await db.backup(temp);
    const check = new Database(temp, { readonly: true });
    try {
      const result = check.pragma('integrity_check', { simple: true });
      if (result !== 'ok') throw new Error(`The backup failed its integrity check: ${result}`);
    } finally {
      check.close();
    }
    fs.renameSync(temp, target);
    const keysDir = path.join(path.dirname(source), 'keys');
    const keys = fs.existsSync(keysDir) ? copyKeys(keysDir, keysBesideBackup(target)) : 0;
    return { pages: totalPages, bytes: fs.statSync(target).size, keys };
  } finally {
    db.close();
    fs.rmSync(temp, { force: true });
  }
}

/**
 * Replaces the database with a backup, after checking the backup's integrity. The current database is
 * kept beside it as `<name>.before-restore` so a mistaken restore can be undone; the keys saved with the
 * backup replace DATA_DIR/keys the same way (the current ones kept as `keys.before-restore`).
 */
export function restoreDatabase(backup: string, target: string): { tables: number; keys: number } {
  if (!fs.existsSync(backup)) throw new Error(`No backup at ${backup}`);
  const check = new Database(backup, { readonly: true, fileMustExist: true });
  let tables: number;
  try {
    const result = check.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`The backup failed its integrity check: ${result}`);
    tables = (
      check.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number }
    ).n;
  } finally {
    check.close();
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  if (fs.existsSync(target)) {
    // Fold the WAL into the old file first, so the kept copy is complete on its own.
    const current = new Database(target);
    current.pragma('wal_checkpoint(TRUNCATE)');
    current.close();
    fs.renameSync(target, `${target}.before-restore`);
  }
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${target}${suffix}`, { force: true });
  fs.copyFileSync(backup, `${target}.restoring`);
  fs.renameSync(`${target}.restoring`, target);
  let keys = 0;
  const savedKeys = keysBesideBackup(backup);
  if (fs.existsSync(savedKeys)) {
    const keysDir = path.join(path.dirname(target), 'keys');
    if (fs.existsSync(keysDir)) copyKeys(keysDir, `${keysDir}.before-restore`);
    keys = copyKeys(savedKeys, keysDir);
  }
  return { tables, keys };
}
