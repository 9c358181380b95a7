import { parseArgs } from 'node:util';
import { MFA_REQUIREMENTS, type MfaRequirement, USER_ROLES, type UserRoleName } from '@atelier/shared';
import { createPasswordHasher } from '../auth/password';
import { AccountError } from '../auth/users';
import { closeDatabase, type Db, databaseFile, migrateDatabase, openDatabase } from '../db/client';
import { type Env, parseEnv } from '../env';
import { IMAGE_COLUMNS } from '../server';
import { backupDatabase, restoreDatabase } from './backup';
import { importUrlsCommand } from './import-urls';
import {
  createUserCommand,
  listUsersCommand,
  resetPasswordCommand,
  setMfaRequirement,
  setRoleCommand,
} from './users';

const USAGE = `Usage: pnpm atelier <command>

Commands:
  backup <file>     Copy the live database to <file> (SQLite online backup; safe while serving)
                    and the server's keys (DATA_DIR/keys) to <file>.keys/
  restore <file>    Replace the database with <file>, and the keys with <file>.keys/ when present
                    (stop the server first)
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
  settings:admin-mfa on|off
                    The older name of settings:mfa admins (on) and settings:mfa none (off)

Environment: DATA_DIR (default ./data) selects the database.`;

class UsageError extends Error {}

const OPTIONS = {
  email: { type: 'string' },
  password: { type: 'string' },
  role: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
} as const;

/** Runs `work` on the migrated database of DATA_DIR, closing it after. */
async function withDatabase<T>(env: Env, work: (db: Db) => T | Promise<T>): Promise<T> {
  const db = openDatabase(databaseFile(env.dataDir));
  try {
    migrateDatabase(db);
    return await work(db);
  } finally {
    closeDatabase(db);
  }
}

function roleOption(values: { role?: string }): UserRoleName {
  const role = values.role ?? 'user';
  if (!(USER_ROLES as readonly string[]).includes(role))
    throw new UsageError(`--role must be one of ${USER_ROLES.join(', ')}`);
  return role as UserRoleName;
}

async function users(command: string, values: Partial<Record<keyof typeof OPTIONS, string>>, env: Env) {
  if (command === 'user:list') return withDatabase(env, listUsersCommand);
  if (!values.email) throw new UsageError(`${command} needs --email`);
  const email = values.email;
  if (command === 'user:role') {
    if (!values.role) throw new UsageError('user:role needs --role');
    const role = roleOption(values);
    return withDatabase(env, (db) => setRoleCommand(db, { email, role }));
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
  const database = databaseFile(env.dataDir);
  try {
    switch (command) {
      case 'backup': {
        if (!file) break;
        const { pages, bytes, keys } = await backupDatabase(database, file);
        console.log(`Backed up ${database} to ${file} (${pages} pages, ${bytes} bytes).`);
        if (keys)
          console.log(`Saved the server's keys to ${file}.keys/ (${keys} files): keep them with the backup.`);
        else console.log(`No keys in ${env.dataDir}/keys to save (the server has not started on it yet).`);
        return 0;
      }
      case 'restore': {
        if (!file) break;
        const { tables, keys } = restoreDatabase(file, database);
        console.log(`Restored ${database} from ${file} (${tables} tables checked).`);
        if (keys) console.log(`Restored the server's keys from ${file}.keys/ (${keys} files).`);
        else console.log(`No ${file}.keys/ beside the backup: the server keeps its current keys.`);
        return 0;
      }
      case 'media:import-urls': {
        const { rows, failures } = await withDatabase(env, (db) => importUrlsCommand(db, env, IMAGE_COLUMNS));
        console.log(`Imported the outside images of ${rows} ${rows === 1 ? 'entry' : 'entries'}.`);
        for (const failure of failures) console.error(`Not imported: ${failure}`);
        return failures.length ? 1 : 0;
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
        await withDatabase(env, (db) => setMfaRequirement(db, requirement));
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
    if (error instanceof AccountError) {
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
