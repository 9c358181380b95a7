/**
 * The files of the local disk the app may read: only paths the user dropped or picked (and what is below a
 * granted folder), so a compromised renderer cannot name any other file. No electron import.
 */
import { open, stat } from 'node:fs/promises';
import { basename, relative, resolve, sep } from 'node:path';
import type { PickedFile } from '../shared/ipc';
import { sniffMime } from './file-check';
import { listFiles } from './upload-queue';

export function createGrants() {
  const granted = new Set<string>();
  return {
    /** A path the user dropped or picked. */
    grant: (path: string) => void granted.add(resolve(path)),
    isGranted(path: string): boolean {
      const full = resolve(path);
      for (const root of granted) if (full === root || full.startsWith(root + sep)) return true;
      return false;
    },
  };
}
export type Grants = ReturnType<typeof createGrants>;

/** A picked file as the admin panel sees it: its name, size, type (by its bytes) and its path as handle. */
async function describe(path: string, relativePath?: string): Promise<PickedFile> {
  const info = await stat(path);
  const head = Buffer.alloc(16);
  const file = await open(path, 'r');
  try {
    await file.read(head, 0, 16, 0);
  } finally {
    await file.close();
  }
  return { name: basename(path), size: info.size, type: sniffMime(head) ?? '', handle: path, relativePath };
}

/** The picked paths as files: a picked folder gives every file below it, with its path inside the folder. */
export async function describePicked(paths: string[], directory: boolean): Promise<PickedFile[]> {
  const picked: PickedFile[] = [];
  for (const path of paths) {
    if (!directory) {
      picked.push(await describe(path));
      continue;
    }
    for (const file of await listFiles(path)) {
      const inner = relative(path, file).split(sep).join('/');
      picked.push(await describe(file, `${basename(path)}/${inner}`));
    }
  }
  return picked;
}
