/**
 * The browser's store of what a person typed in an admin form and did not save: one IndexedDB record per
 * person and form, keyed [user, form], so signing out removes every record of that person at once.
 */
const DB_NAME = 'atelier-drafts';
const STORE = 'drafts';

export interface LocalDraft {
  savedAt: string;
  values: Record<string, unknown>;
  base: Record<string, unknown>;
}

let opening: Promise<IDBDatabase> | undefined;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  }).catch((error) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

/** Runs one request in its own transaction; resolves once the transaction is committed. */
async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  return new Promise<T>((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = work(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

export const localDrafts = {
  async get(user: string, form: string): Promise<LocalDraft | null> {
    return ((await run('readonly', (store) => store.get([user, form]))) as LocalDraft | undefined) ?? null;
  },
  async put(user: string, form: string, draft: LocalDraft): Promise<void> {
    await run('readwrite', (store) => store.put(draft, [user, form]));
  },
  async remove(user: string, form: string): Promise<void> {
    await run('readwrite', (store) => store.delete([user, form]));
  },
  /** Every draft of `user` (an array key sorts after every string: [user, []] ends the person's range). */
  async clearFor(user: string): Promise<void> {
    await run('readwrite', (store) => store.delete(IDBKeyRange.bound([user], [user, []])));
  },
};
