import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { MFA_REQUIREMENTS, type MfaRequirement, USER_ROLES, type UserRoleName } from '@atelier/shared';
import { createPasswordHasher } from '../auth/password';
import { AccountError } from '../auth/users';
import { closeDatabase, type Db, databaseFile, migrateDatabase } from '../db/client';
import { openConfiguredDatabase } from '../db/open';
import { type Env, parseEnv } from '../env';
import { BackupError, createBackup, restoreBackup } from '../features/backups/backup-folder';
import { exportSite } from '../features/portability/site-export';
import { importSite } from '../features/portability/site-import';
import { ApiError } from '../lib/errors';
import { IMAGE_COLUMNS } from '../server';
import { openStorage } from '../storage/open';
import { importUrlsCommand } from './import-urls';
import { formatChecks, MigrateError, MismatchError, migrateToPostgres } from './migrate-to-postgres';
import {
  createUserCommand,
  listUsersCommand,
  resetPasswordCommand,
  setMfaRequirement,
  setRoleCommand,
} from './users';

const USAGE = `Usage: pnpm atelier <command>

Commands:
  backup [dir]      A complete backup (database, keys, media library, with a manifest of SHA-256
                    hashes) in a new folder atelier-<time> under [dir] (default BACKUP_DIR, else
                    DATA_DIR/backups); safe while the server runs
  restore <backup-dir>
                    Check every file of the backup against its hash, then put its media files into
                    the media store and replace the database and keys with its own; what was there is
                    kept as *.before-restore (stop the server first)
  export <file.zip> [--revisions]
                    The whole site as a portable export (content as JSON, settings, media originals
                    with their folders and alt texts, staff accounts without passwords or keys; with
                    --revisions, every saved version too; see docs/export-format.md); safe while the
                    server runs
  import <file.zip>  Check an export whole (format, version, every file's SHA-256, paths, each media
                    file as an upload), then import it into a site with nothing but the sample; its
                    staff accounts have no password ("Forgot your password?" sets one)
  user:create --email <e-mail> --password <password> [--role user|contributor|editor|admin|owner] [--first-name <name>] [--last-name <name>]
                    Create a confirmed account (no confirmation mail); --role names a staff role (one owner at most)
  user:reset-password --email <e-mail> --password <password>
                    Set an account's password, sign out its sessions and lift a login lockout
  user:list         Every account: e-mail, role and status (active, deactivated, unconfirmed)
  user:role --email <e-mail> --role user|contributor|editor|admin|owner
                    Give an account a role; --role owner makes it the owner (the owner there was
                    becomes an administrator): for an owner who lost access
  media:import-urls
                    Fetch every outside image URL saved in projects, blog posts, services and team
                    members into the media library and point the content at the library's copy
                    (public addresses only, 10 s and the upload limit per image)
  settings:mfa none|admins|staff
                    Whose admin sessions must verify a second factor (two-step verification):
                    nobody, the owner and administrators, or all staff
  migrate-to-postgres --to postgres://user:password@host:5432/database [--from <file.db>]
                    Copy the SQLite database (--from, default DATA_DIR's; safe while the server runs)
                    into a new, empty PostgreSQL database in one transaction, then check each table's
                    row count and hash; on any difference nothing is written (exit 1)
  settings:admin-mfa on|off
                    The older name of settings:mfa admins (on) and settings:mfa none (off)

Environment: DATABASE_URL (postgres://…), else DATA_DIR (default ./data), selects the database; BACKUP_DIR
where backups go; STORAGE_URL the media store (s3://bucket?endpoint=…&region=…; the local DATA_DIR/uploads when
unset).`;

class UsageError extends Error {}

const OPTIONS = {
  email: { type: 'string' },
  password: { type: 'string' },
  role: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  revisions: { type: 'boolean' },
  from: { type: 'string' },
  to: { type: 'string' },
} as const;

/** Runs `work` on the migrated database (DATABASE_URL's, else DATA_DIR's), closing it after. */
async function withDatabase<T>(env: Env, work: (db: Db) => T | Promise<T>): Promise<T> {
  const db = await openConfiguredDatabase(env);
  try {
    await migrateDatabase(db);
    return await work(db);
  } finally {
    await closeDatabase(db);
  }
}

function roleOption(values: { role?: string }): UserRoleName {
  const role = values.role ?? 'user';
  if (!(USER_ROLES as readonly string[]).includes(role))
    throw new UsageError(`--role must be one of ${USER_ROLES.join(', ')}`);
  return role as UserRoleName;
}

async function users(
  command: string,
  values: Partial<Record<Exclude<keyof typeof OPTIONS, 'revisions'>, string>>,
  env: Env,
) {
  if (command === 'user:list') return withDatabase(env, listUsersCommand);
  if (!values.email) throw new UsageError(`${command} needs --email`);
  const email = values.email;
  if (command === 'user:role') {
    if (!values.role) throw new UsageError('user:role needs --role');
    const role = roleOption(values);
    return withDatabase(env, async (db) => await setRoleCommand(db, { email, role }));
  }
  if (!values.password) throw new UsageError(`${command} needs --password`);
  const role = roleOption(values);
  const input = { email, password: values.password };
  const hasher = createPasswordHasher(env.PASSWORD_HASH);
  return withDatabase(env, (db) =>
    command === 'user:create'
      ? createUserCommand(db, hasher, {
          ...input,
          role,
          firstName: values['first-name'],
          lastName: values['last-name'],
        })
      : resetPasswordCommand(db, hasher, input),
  );
}

const MFA_ANSWERS: Record<MfaRequirement, string> = {
  none: 'Nobody needs two-step verification to use the admin area.',
  admins: 'The owner and administrators now need two-step verification to use the admin area.',
  staff: 'All staff now need two-step verification to use the admin area.',
};

async function main(argv: string[]): Promise<number> {
  let parsed: ReturnType<
    typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true }>
  >;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    console.error(`Error: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { positionals, values } = parsed;
  const [command, file] = positionals;
  const env = parseEnv();
  try {
    switch (command) {
      case 'backup': {
        const backup = await createBackup(
          { dataDir: env.dataDir, storage: await openStorage(env) },
          path.resolve(file ?? env.backupDir),
        );
        const { counts, bytes, new_bytes, linked_files } = backup.manifest;
        console.log(
          `Backed up ${env.dataDir} to ${backup.dir}: the database (${counts.rows.projects ?? 0} projects, ` +
            `${counts.rows.inquiries ?? 0} inquiries), ${counts.keys} keys and ${counts.media_files} media files, ` +
            `${bytes} bytes (${new_bytes} new, ${linked_files} files linked to the previous backup).`,
        );
        return 0;
      }
      case 'restore': {
        if (!file) break;
        const manifest = await restoreBackup(path.resolve(file), {
          dataDir: env.dataDir,
          storage: await openStorage(env),
        });
        console.log(
          `Checked ${manifest.files.length} files and restored ${env.dataDir} from ${file} (made ${manifest.created_at}). ` +
            'What was there is kept as atelier.db.before-restore and keys.before-restore; the media files were ' +
            'added to the media store, where nothing was removed.',
        );
        return 0;
      }
      case 'export': {
        if (!file) break;
        const target = path.resolve(file);
        const storage = await openStorage(env);
        const { manifest, archive } = await withDatabase(env, (db) =>
          exportSite({ db, storage }, { revisions: values.revisions === true }),
        );
        await pipeline(archive, fs.createWriteStream(target));
        const { counts } = manifest;
        console.log(
          `Exported ${env.dataDir} to ${target}: ${counts.projects} projects, ${counts.blog_posts} posts, ` +
            `${counts.services} services, ${counts.team_members} team members, ${counts.youtube_videos} videos, ` +
            `${counts.inquiries} inquiries, ${counts.media_files} media files, ${counts.users} staff accounts.`,
        );
        return 0;
      }
      case 'import': {
        if (!file) break;
        const storage = await openStorage(env);
        const { counts, accounts } = await withDatabase(env, (db) =>
          importSite({ db, storage, env }, path.resolve(file)),
        );
        console.log(
          `Imported ${file} into ${env.dataDir}: ${counts.projects} projects, ${counts.blog_posts} posts, ` +
            `${counts.media_files} media files and ${accounts.length} staff accounts` +
            `${accounts.length ? ` (${accounts.join(', ')}: each sets a password with "Forgot your password?")` : ''}.`,
        );
        return 0;
      }
      case 'media:import-urls': {
        const { rows, failures } = await withDatabase(env, (db) => importUrlsCommand(db, env, IMAGE_COLUMNS));
        console.log(`Imported the outside images of ${rows} ${rows === 1 ? 'entry' : 'entries'}.`);
        for (const failure of failures) console.error(`Not imported: ${failure}`);
        return failures.length ? 1 : 0;
      }
      case 'migrate-to-postgres': {
        if (!values.to) throw new UsageError('migrate-to-postgres needs --to postgres://…');
        const from = path.resolve(values.from ?? databaseFile(env.dataDir));
        try {
          const checks = await migrateToPostgres(from, values.to);
          console.log(formatChecks(checks));
          const rows = checks.reduce((sum, check) => sum + check.sqliteRows, 0);
          console.log(
            `Copied ${from} into PostgreSQL: ${checks.length} tables, ${rows} rows, every count and hash equal.`,
          );
          return 0;
        } catch (error) {
          if (error instanceof MismatchError) console.log(formatChecks(error.checks));
          throw error;
        }
      }
      case 'settings:mfa':
      case 'settings:admin-mfa': {
        const legacy = command === 'settings:admin-mfa';
        const requirement = legacy
          ? ({ on: 'admins', off: 'none' } as const)[file as 'on' | 'off']
          : MFA_REQUIREMENTS.find((value) => value === file);
        if (!requirement)
          throw new UsageError(
            legacy ? 'settings:admin-mfa needs on or off' : 'settings:mfa needs none, admins or staff',
          );
        await withDatabase(env, async (db) => await setMfaRequirement(db, requirement));
        console.log(MFA_ANSWERS[requirement]);
        return 0;
      }
      case 'user:create':
      case 'user:reset-password':
      case 'user:list':
      case 'user:role':
        console.log(await users(command, values, env));
        return 0;
    }
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`Error: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (
      error instanceof AccountError ||
      error instanceof BackupError ||
      error instanceof ApiError ||
      error instanceof MigrateError
    ) {
      console.error(`Error: ${error.message}`);
      return 1;
    }
    throw error;
  }
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`Error: ${error.message}`);
    process.exit(1);
  },
);
