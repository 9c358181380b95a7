/**
 * What a person typed in an admin form and did not save: one JSON file per person (`drafts/{user id}.json`,
 * each form's draft under its name) in the app's data folder, written whole (temp file + rename) so a crash
 * leaves the last complete file. Signing out removes the person's file. No electron import.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FormDraft } from '../shared/ipc';

export type DraftFile = Record<string, FormDraft>;

export interface DraftStore {
  get(user: string, form: string): Promise<FormDraft | null>;
  put(user: string, form: string, draft: FormDraft): Promise<void>;
  remove(user: string, form: string): Promise<void>;
  /** Removes every draft of the person. */
  clearFor(user: string): Promise<void>;
}

export function createDraftStore(dir: string): DraftStore {
  // The writes of one person's file go one after another: the last one wins, none is lost half-way.
  const queues = new Map<string, Promise<unknown>>();
  const fileOf = (user: string) => join(dir, `${user}.json`);

  async function read(user: string): Promise<DraftFile> {
    try {
      const data: unknown = JSON.parse(await readFile(fileOf(user), 'utf8'));
      const drafts: DraftFile = {};
      for (const [form, draft] of Object.entries(data && typeof data === 'object' ? data : {})) {
        const parsed = FormDraft.safeParse(draft);
        if (parsed.success) drafts[form] = parsed.data;
      }
      return drafts;
    } catch {
      // None yet, or unreadable: no drafts.
      return {};
    }
  }

  async function write(user: string, drafts: DraftFile) {
    const file = fileOf(user);
    if (Object.keys(drafts).length === 0) {
      await rm(file, { force: true });
      return;
    }
    await mkdir(dir, { recursive: true });
    const temp = `${file}.${randomUUID()}.tmp`;
    try {
      await writeFile(temp, JSON.stringify(drafts), { encoding: 'utf8', mode: 0o600 });
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  function queued<T>(user: string, work: () => Promise<T>): Promise<T> {
    const next = (queues.get(user) ?? Promise.resolve()).catch(() => {}).then(work);
    queues.set(user, next);
    return next;
  }

  const change = (user: string, edit: (drafts: DraftFile) => void) =>
    queued(user, async () => {
      const drafts = await read(user);
      edit(drafts);
      await write(user, drafts);
    });

  return {
    get: (user, form) => queued(user, async () => (await read(user))[form] ?? null),
    put: (user, form, draft) =>
      change(user, (drafts) => {
        drafts[form] = draft;
      }),
    remove: (user, form) =>
      change(user, (drafts) => {
        delete drafts[form];
      }),
    clearFor: (user) => queued(user, () => rm(fileOf(user), { force: true })),
  };
}
