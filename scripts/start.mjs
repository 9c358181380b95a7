// `npm start`: install and build what is missing or stale, then serve (migrations and seed run at start-up).
import { ensureBuilt, ensureInstalled, rel } from './lib.mjs';

ensureInstalled();
ensureBuilt(['website', 'server']);
await import(rel('server', 'dist', 'index.js'));
