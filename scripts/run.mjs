// The root scripts other than start and test: `node scripts/run.mjs <task> [args]`.
import { spawn } from 'node:child_process';
import { ensureBuilt, ensureInstalled, must, mustPnpm, rel } from './lib.mjs';

const [task, ...args] = process.argv.slice(2);
ensureInstalled();

switch (task) {
  case 'build':
    ensureBuilt(['website', 'server', 'desktop'], { force: true });
    break;
  case 'typecheck':
    mustPnpm(['-r', '--no-bail', 'run', 'typecheck']);
    break;
  case 'lint':
    must(rel('node_modules', '.bin', 'biome'), ['check', '.', ...args]);
    break;
  case 'bench':
    ensureBuilt(['website', 'server']);
    mustPnpm(['--filter', '@atelier/tests', 'run', 'bench', ...args]);
    break;
  case 'bench:web':
    ensureBuilt(['website', 'server']);
    mustPnpm(['--filter', '@atelier/tests', 'run', 'bench:web', ...args]);
    break;
  case 'screenshots':
    ensureBuilt(['website', 'server']);
    mustPnpm(['--filter', '@atelier/tests', 'run', 'screenshots', ...args]);
    break;
  case 'atelier':
    ensureBuilt(['server']);
    must(process.execPath, [rel('server', 'dist', 'cli.js'), ...args]);
    break;
  case 'dev': {
    // The website rebuilds on change; the server restarts on change and renders the fresh build.
    ensureBuilt(['website']);
    const children = [
      spawn('corepack', ['pnpm', '--filter', '@atelier/website', 'run', 'dev'], { stdio: 'inherit' }),
      spawn('corepack', ['pnpm', '--filter', '@atelier/server', 'run', 'dev'], {
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'development', DATA_DIR: process.env.DATA_DIR ?? rel('data') },
      }),
    ];
    const stop = () => {
      for (const child of children) child.kill('SIGTERM');
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    break;
  }
  default:
    console.error('Usage: node scripts/run.mjs build|typecheck|lint|bench|bench:web|screenshots|atelier|dev');
    process.exit(2);
}
