import { parseArgs } from 'node:util';
import { MFA_REQUIREMENTS, type MfaRequirement, USER_ROLES, type UserRoleName } from '@atelier/shared';
import { createPasswordHasher } from '../auth/password';
import { AccountError } from '../auth/users';
import { closeDatabase, databaseFile, migrateDatabase, openDatabase } from '../db/client';
import { type Env, parseEnv } from '../env';
import { backupDatabase, restoreDatabase } from './backup';
import { createUserCommand, resetPasswordCommand, setMfaRequirement } from './users';

const MFA_REQUIREMENT_SAID: Record<MfaRequirement, string> = {
  none: 'Nobody needs two-step verification to use the admin area now.',
  admins: 'Admins now need two-step verification to use the admin area.',
  staff: 'All staff now need two-step verification to use the admin area.',
};

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
  settings:mfa none|admins|staff
                    Who needs a verified second factor in the admin area: nobody, the owner and admins,
                    or all staff (settings:admin-mfa on|off is the same for admins)

Environment: DATA_DIR (default ./data) selects the database.`;

class UsageError extends Error {}

const OPTIONS = {
  email: { type: 'string' },
  password: { type: 'string' },
  role: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
} as const;

async function users(command: string, values: Partial<Record<keyof typeof OPTIONS, string>>, env: Env) {
  if (!values.email) throw new UsageError(`${command} needs --email`);
  if (!values.password) throw new UsageError(`${command} needs --password`);
  const role = values.role ?? 'user';
  if (!(USER_ROLES as readonly string[]).includes(role))
    throw new UsageError(`--role must be one of ${USER_ROLES.join(', ')}`);
  const db = openDatabase(databaseFile(env.dataDir));
  try {
    migrateDatabase(db);
    const hasher = createPasswordHasher(env.PASSWORD_HASH);
    const input = { email: values.email, password: values.password };
    return command === 'user:create'
      ? await createUserCommand(db, hasher, {
          ...input,
          role: role as UserRoleName,
          firstName: values['first-name'],
          lastName: values['last-name'],
        })
      : await resetPasswordCommand(db, hasher, input);
  } finally {
    closeDatabase(db);
  }
}

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
      case 'settings:admin-mfa':
      case 'settings:mfa': {
        const requirement =
          command === 'settings:mfa' ? file : file === 'on' ? 'admins' : file === 'off' ? 'none' : undefined;
        if (!(MFA_REQUIREMENTS as readonly (string | undefined)[]).includes(requirement))
          throw new UsageError(
            command === 'settings:mfa'
              ? `settings:mfa needs one of ${MFA_REQUIREMENTS.join(', ')}`
              : 'settings:admin-mfa needs on or off',
          );
        const db = openDatabase(database);
        try {
          migrateDatabase(db);
          setMfaRequirement(db, requirement as MfaRequirement);
        } finally {
          closeDatabase(db);
        }
        console.log(MFA_REQUIREMENT_SAID[requirement as MfaRequirement]);
        return 0;
      }
      case 'user:create':
      case 'user:reset-password':
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
