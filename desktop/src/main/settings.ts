/**
 * The desktop app's settings file (a small JSON file under Electron's userData folder).
 * No electron import here: the functions take the file path, so tests use a real temp file.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { z } from 'zod';
import { Settings } from '../shared/ipc';

export const DEFAULT_SERVER_URL = 'http://127.0.0.1:8787';
export const DEFAULT_SETTINGS: Settings = Object.freeze({
  serverUrl: DEFAULT_SERVER_URL,
  prepareImages: true,
});

export function settingsFilePath(userDataDir: string): string {
  return join(userDataDir, 'settings.json');
}

export interface ReadSettingsResult {
  settings: Settings;
  /** `file` when the stored settings were valid; `defaults` when missing or unreadable. */
  source: 'file' | 'defaults';
  /** Why the stored file was ignored, when it was. */
  warning?: string;
}

export async function readSettings(file: string): Promise<ReadSettingsResult> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (isErrnoException(error) && error.code === 'ENOENT') {
      return { settings: { ...DEFAULT_SETTINGS }, source: 'defaults' };
    }
    return defaultsBecause(`cannot read ${file}: ${String(error)}`);
  }

  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return defaultsBecause(`${file} is not valid JSON`);
  }
  const parsed = Settings.safeParse(data);
  if (!parsed.success) {
    return defaultsBecause(
      `${file} has invalid settings: ${parsed.error.issues.map((i) => i.message).join(' ')}`,
    );
  }
  return { settings: parsed.data, source: 'file' };
}

/** Writes the whole file at once (temp file + rename), so a crash never leaves half a file. */
export async function writeSettings(file: string, settings: z.input<typeof Settings>): Promise<void> {
  const valid = Settings.parse(settings);
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.${randomUUID()}.tmp`;
  try {
    await writeFile(temp, `${JSON.stringify(valid, null, 2)}\n`, { encoding: 'utf8', mode: 0o600 });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * Settings at start-up: the stored file, with the server URL from ATELIER_SERVER_URL taking
 * precedence when it is set. The file is (re)written when it was missing, unreadable or overridden,
 * so it always holds the URL the app uses.
 */
export async function initSettings(file: string, serverUrlOverride?: string): Promise<ReadSettingsResult> {
  const result = await readSettings(file);
  const settings = serverUrlOverride ? { ...result.settings, serverUrl: serverUrlOverride } : result.settings;
  if (result.source === 'defaults' || settings.serverUrl !== result.settings.serverUrl) {
    await writeSettings(file, settings);
  }
  return { ...result, settings: Settings.parse(settings) };
}

function defaultsBecause(warning: string): ReadSettingsResult {
  return { settings: { ...DEFAULT_SETTINGS }, source: 'defaults', warning: `${warning}; using the defaults` };
}

function isErrnoException(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error;
}
