import { parseEnv } from './env';
import { startServer } from './server';

let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const running = await startServer(env);
const shown = env.publicUrl === running.url ? running.url : `${running.url} (public: ${env.publicUrl})`;
console.log(`\nAtelier ${running.deps.version} is serving on ${shown}`);
console.log(`  website      ${running.url}/`);
console.log(`  API          ${running.url}/api  (OpenAPI: ${running.url}/api/openapi.json)`);
console.log(`  health       ${running.url}/api/health`);
console.log(`  data         ${env.dataDir}\n`);
if (running.adminSetupUrl) {
  console.log("No owner yet. Create the studio's owner account at this one-time link (valid 24 hours):");
  console.log(`  ${running.adminSetupUrl}\n`);
}

// `on`, not `once`: Ctrl-C reaches the server both from the terminal and from `npm start`'s parent, and a
// second signal must not kill a shutdown in progress (stop() is idempotent).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    running.deps.log.info({ signal }, 'shutting down');
    // Whatever goes wrong while stopping (the data folder removed underneath, a hung close), the process ends,
    // non-zero, shortly after the timeout that stop() gives in-flight requests.
    setTimeout(() => {
      console.error('shutdown did not finish in time');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS + 2000).unref();
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('shutdown failed:', (error as Error)?.message ?? error);
        process.exit(1);
      },
    );
  });
}
