/**
 * The admin panel's platform in the desktop app: every call, sign-in, upload and external link goes
 * through the preload API to the main process; the renderer itself never touches the network.
 */
import { parseServerEvent, RequestFailure, type UploadResult } from '@atelier/shared';
import type {
  AdminPlatform,
  AdminSession,
  HostUpload,
  HostUploadQueue,
  PickedFile,
  UploadHandle,
} from '@atelier/website/admin';
import type { DesktopSession, QueueSnapshot, UploadItemView } from '../../../shared/ipc';
import { call, on } from './bridge';

export interface DesktopPlatformOptions {
  serverUrl: string;
  /** Moves the app's router (AdminApp's links out of the panel land back in it). */
  navigate(path: string): void;
}

const uploadFailure = (message: string) => new RequestFailure({ status: 0, code: 'upload', message });

/** The session as the admin UI wants it, the same object while nothing changed. */
function sessionStore() {
  let loading = true;
  let current: AdminSession | null = null;
  const listeners = new Set<() => void>();
  const set = (session: DesktopSession | null) => {
    loading = false;
    current = session ? { user: session.user, secondFactorPending: session.mfaRequired } : null;
    for (const listener of listeners) listener();
  };
  on('session:changed', set);
  void call('session:get').then(set, () => set(null));
  return {
    get: () => current,
    loading: () => loading,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set,
  };
}

/** The path on disk of a file the admin was given (picked: its handle; dropped: asked of the preload). */
const pathOf = (file: PickedFile) => file.handle ?? (file.file ? window.atelier.pathForFile(file.file) : '');

const hostUpload = (item: UploadItemView): HostUpload => ({
  key: item.id,
  file: {
    name: item.name,
    size: item.size,
    type: '',
    relativePath: item.folderPath.length ? [...item.folderPath, item.name].join('/') : undefined,
    handle: item.path,
  },
  sent: item.bytesSent,
  total: item.sendSize,
  status: item.status === 'refused' ? 'failed' : item.status,
  error: item.error ?? undefined,
  result: item.result ?? undefined,
});

/** Main's queue, the one every way in feeds (drops on the window and on the library, dialogs). */
const uploadQueue: HostUploadQueue = {
  async add(files, folderId) {
    // The files of one dropped folder go together, below their folders there.
    const groups = new Map<string, { under: string[]; paths: string[] }>();
    for (const file of files) {
      const path = pathOf(file);
      if (!path) throw uploadFailure(`${file.name} is not on this disk.`);
      const under = (file.relativePath ?? '').split('/').filter(Boolean).slice(0, -1);
      const key = under.join('/');
      if (!groups.has(key)) groups.set(key, { under, paths: [] });
      groups.get(key)!.paths.push(path);
    }
    for (const { under, paths } of groups.values()) {
      await call('uploads:add', { paths, under, target: { folderId, bucket: 'projects' } });
    }
  },
  subscribe(listener) {
    const send = (snapshot: QueueSnapshot) => listener(snapshot.items.map(hostUpload));
    const stop = on('uploads:changed', send);
    void call('uploads:get').then(send);
    return stop;
  },
  control: (id, action) => void call('uploads:control', { action, id }),
  clearFinished: () => void call('uploads:clear'),
};

/** Follows one file of main's upload queue until it is done, failed or cancelled. */
function follow(id: string, onProgress?: (sent: number, total: number) => void): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const check = (snapshot: QueueSnapshot) => {
      const item = snapshot.items.find((candidate) => candidate.id === id);
      if (!item) return;
      onProgress?.(item.bytesSent, item.sendSize);
      if (item.status === 'done' && item.result) {
        stop();
        resolve(item.result);
      } else if (item.status === 'failed' || item.status === 'refused') {
        stop();
        reject(uploadFailure(item.error ?? 'Failed to upload'));
      } else if (item.status === 'cancelled') {
        stop();
        reject(new RequestFailure({ status: 0, code: 'cancelled', message: 'Upload cancelled' }));
      }
    };
    const stop = on('uploads:changed', check);
    void call('uploads:get').then(check);
  });
}

export function createDesktopPlatform({ serverUrl, navigate }: DesktopPlatformOptions): AdminPlatform {
  const absolute = (path: string) => (/^https?:\/\//i.test(path) ? path : `${serverUrl}${path}`);
  const session = sessionStore();

  return {
    kind: 'desktop',
    request: (path, init = {}) =>
      call('api:request', {
        path,
        method: init.method ?? 'GET',
        body: init.body,
        ifMatch: init.ifMatch,
        query: init.query
          ? (Object.fromEntries(
              Object.entries(init.query).filter(([, value]) => value !== undefined),
            ) as Record<string, string | number | boolean | null>)
          : undefined,
      }) as never,
    session: {
      get: session.get,
      loading: session.loading,
      subscribe: session.subscribe,
      async signIn(email, password) {
        session.set(await call('session:sign-in', { email, password }));
      },
      async verifySecondFactor(method, code) {
        session.set(await call('session:verify', { method, code }));
      },
      async signOut(scope = 'local') {
        await call('session:sign-out', { scope });
        session.set(null);
      },
    },
    // Paths outside the panel (the browser's /auth after sign-out) have no page here: the panel's
    // own sign-in shows at /admin.
    navigate: (path) => navigate(path.startsWith('/admin') ? path : '/admin'),
    mediaUrl: absolute,
    siteUrl: absolute,
    async pickFiles(options = {}) {
      return call('dialog:pick-files', {
        multiple: options.multiple ?? true,
        directory: options.directory ?? false,
        accept: options.accept,
      });
    },
    upload(file: PickedFile, options = {}): UploadHandle {
      const path = pathOf(file);
      let id: string | undefined;
      const promise = (async () => {
        if (!path) throw uploadFailure(`${file.name} is not on this disk.`);
        const [added] = await call('uploads:add', {
          paths: [path],
          target: { folderId: options.folderId ?? null, bucket: options.bucket ?? 'projects' },
        });
        if (!added) throw uploadFailure('Nothing to upload.');
        id = added;
        return follow(added, options.onProgress);
      })();
      const control = (action: 'pause' | 'resume' | 'cancel') => {
        if (id) void call('uploads:control', { action, id });
      };
      return {
        promise,
        pause: () => control('pause'),
        resume: () => control('resume'),
        cancel: () => control('cancel'),
      };
    },
    uploadQueue,
    // Main asks the server once and checks its queue's files against the same figure.
    maxUploadBytes: () => call('uploads:max-bytes'),
    openExternal(url) {
      void call('shell:open-external', { url: absolute(url) });
    },
    events: {
      subscribe: (type, listener) =>
        on('server:event', (raw) => {
          const event = parseServerEvent(raw);
          // The data is the event's own, parsed with its schema.
          if (event?.type === type) (listener as (data: unknown) => void)(event.data);
        }),
    },
    async downloadFile(path, filename) {
      await call('file:download', { path, filename });
    },
    // Main keeps them in a file per person and removes it when the person signs out.
    drafts: {
      get: (user, form) => call('drafts:get', { user, form }),
      async put(user, form, draft) {
        await call('drafts:put', { user, form, draft });
      },
      async remove(user, form) {
        await call('drafts:remove', { user, form });
      },
    },
  };
}
