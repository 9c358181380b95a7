import { parseArgs } from 'node:util';
import { databaseFile } from '../db/client';
import { parseEnv } from '../env';
import { backupDatabase, restoreDatabase } from './backup';

const USAGE = `Usage: pnpm atelier <command>

Commands:
  backup <file>     Copy the live database to <file> (SQLite online backup; safe while serving)
  restore <file>    Replace the database with <file> (stop the server first)

Environment: DATA_DIR (default ./data) selects the database.`;

async function main(argv: string[]): Promise<number> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true });
  const [command, file] = positionals;
  const env = parseEnv();
  const database = databaseFile(env.dataDir);
  switch (command) {
    case 'backup': {
      if (!file) break;
      const { pages, bytes } = await backupDatabase(database, file);
      console.log(`Backed up ${database} to ${file} (${pages} pages, ${bytes} bytes).`);
      return 0;
    }
    case 'restore': {
      if (!file) break;
      const { tables } = restoreDatabase(file, database);
      console.log(`Restored ${database} from ${file} (${tables} tables checked).`);
      return 0;
    }
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
