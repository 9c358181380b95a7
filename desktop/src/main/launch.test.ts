import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const desktopDir = resolve(import.meta.dirname, '../..');
const builtMain = join(desktopDir, 'out/main/index.js');

/**
 * The Electron binary, found the way electron's index.js finds it (path.txt names it inside dist/),
 * but without requiring that module: when the binary is missing, requiring it starts a download.
 */
function findElectronBinary(): string | undefined {
  try {
    const packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
    const executable = readFileSync(join(packageDir, 'path.txt'), 'utf8').trim();
    const distDir = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(packageDir, 'dist');
    const binary = join(distDir, executable);
    return existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

/** The little of playwright-core's `_electron` this test uses (playwright-core lives in tests/). */
interface ElectronLauncher {
  launch(options: { executablePath: string; args: string[]; env: Record<string, string> }): Promise<{
    firstWindow(): Promise<{
      title(): Promise<string>;
      waitForLoadState(state: 'domcontentloaded'): Promise<void>;
    }>;
    close(): Promise<void>;
  }>;
}

const electronBinary = findElectronBinary();

it('opens the Atelier window (needs the Electron binary and a built app: electron-vite build)', async (context) => {
  if (electronBinary === undefined) {
    // Reported as skipped, with why: no Electron binary can be downloaded on these machines.
    context.skip(
      'No Electron binary (node_modules/electron/dist is empty: ELECTRON_SKIP_BINARY_DOWNLOAD); the app is tested through the renderer harness (tests/e2e/desktop-app.spec.ts) instead',
    );
    return;
  }
  expect(existsSync(builtMain), `${builtMain} is missing; run electron-vite build first`).toBe(true);
  const requireFromTests = createRequire(join(desktopDir, '../tests/package.json'));
  const { _electron } = requireFromTests('playwright-core') as { _electron: ElectronLauncher };

  const userData = mkdtempSync(join(tmpdir(), 'atelier-desktop-'));
  const env = Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const app = await _electron.launch({
    executablePath: electronBinary!,
    // Chromium refuses to start as root with its sandbox on (as in some CI containers).
    args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), builtMain],
    env: { ...env, ATELIER_USER_DATA_DIR: userData },
  });
  try {
    const window = await app.firstWindow();
    await window.waitForLoadState('domcontentloaded');
    expect(await window.title()).toBe('Atelier');
  } finally {
    await app.close();
    rmSync(userData, { recursive: true, force: true });
  }
}, 60_000);
