import type {
  AuthUser,
  SecondFactorMethod,
  ServerEventData,
  ServerEventName,
  UploadBucket,
  UploadResult,
} from '@atelier/shared';

/**
 * AdminPlatform: the only way the admin UI reaches the outside. The browser shell
 * (website/src/admin-browser/) and the desktop renderer each give one to `AdminApp`; the admin code never
 * touches window.location, document.cookie, localStorage, relative fetch or a hard-coded origin.
 *
 * Failures: whatever goes wrong on the way to the server or at it rejects with the shared `RequestFailure`
 * (`@atelier/shared`: status, code, message, issues; status 0 when nothing answered), in both shells. The
 * admin reads it only through `isRequestFailure`.
 *
 * Routing: the shell renders `AdminApp` inside a react-router DATA router (createBrowserRouter in the
 * browser, createMemoryRouter in the desktop app) — the unsaved-changes guard needs one. The admin's
 * paths are absolute: /admin/dashboard, /admin/projects/edit/{id}, …
 */
export interface AdminPlatform {
  /** 'browser' or 'desktop': only for wording (never for behaviour the platform should provide). */
  readonly kind: 'browser' | 'desktop';
  /**
   * A JSON API call with the session's access token. Resolves to the answer (undefined for 204), which the
   * caller parses with its shared schema; rejects with a RequestFailure.
   */
  request<T>(path: string, init?: AdminRequestInit): Promise<T>;
  session: AdminSessionPort;
  /** Leaves the admin panel for a path outside it ('/auth' after logging out). */
  navigate(path: string): void;
  /** The absolute URL of a stored file's path (/media/...) for an <img src>; other URLs pass unchanged. */
  mediaUrl(path: string): string;
  /** The URL of a public page of the site (/projects/{id}) for "View" links (a plain path in the browser). */
  siteUrl(path: string): string;
  /** Asks the user for files (or a folder); resolves to [] when the user cancels. */
  pickFiles(options?: PickFilesOptions): Promise<PickedFile[]>;
  /** Starts a resumable (tus) upload to /api/admin/uploads. */
  upload(file: PickedFile, options?: UploadOptions): UploadHandle;
  /**
   * The host's own upload queue, where the host keeps one for every way a file comes in (the desktop app's
   * main process): the library lists and controls it instead of queueing `upload` calls of its own. Absent
   * in the browser, where the library's queue is the page's.
   */
  uploadQueue?: HostUploadQueue;
  /**
   * The largest upload the server takes (its UPLOAD_MAX_BYTES, which tus announces as `Tus-Max-Size`), asked
   * once; null when the server could not say (the server still refuses a bigger file).
   */
  maxUploadBytes(): Promise<number | null>;
  /** Opens a URL outside the admin (View on website, mailto:). */
  openExternal(url: string): void;
  /** The server's events (/api/events, shared SERVER_EVENTS), each parsed with its schema. */
  events: ServerEvents;
  /** Downloads an API answer (GET, with the session) as a file: the inquiries' CSV export. */
  downloadFile(path: string, filename: string): Promise<void>;
  /**
   * What a person typed in a form and did not save, kept on this computer (IndexedDB in the browser, a file
   * per person written by the desktop app's main process). `session.signOut` discards the person's drafts.
   */
  drafts: DraftStore;
  /**
   * POSTs a picked file as the request body (a site export to import, a WordPress export) and answers the
   * JSON reply. Absent where the shell cannot send one (the desktop app): the admin then offers no import.
   */
  sendFile?<T>(path: string, file: PickedFile, query?: AdminRequestInit['query']): Promise<T>;
}

/** A form's unsaved values, the saved values it was opened on, and when it was written (ISO time). */
export interface FormDraft {
  savedAt: string;
  values: Record<string, unknown>;
  base: Record<string, unknown>;
}

/** The drafts of one person (`user`: their id), one per form (`form`: "projects/{id}", "posts/new"). */
export interface DraftStore {
  get(user: string, form: string): Promise<FormDraft | null>;
  put(user: string, form: string, draft: FormDraft): Promise<void>;
  remove(user: string, form: string): Promise<void>;
}

export interface ServerEvents {
  /** Calls `listener` with each event of this name; returns the function that stops listening. */
  subscribe<N extends ServerEventName>(type: N, listener: (data: ServerEventData<N>) => void): () => void;
}

export interface AdminRequestInit {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON body. */
  body?: unknown;
  /** Query parameters; undefined, null and '' are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Sent as `If-Match`: a save refused with 409 when the record changed since this version was loaded. */
  ifMatch?: string;
}

export interface AdminSession {
  user: AuthUser;
  /** The password was right; the account's second factor is still to be verified. */
  secondFactorPending: boolean;
}

export interface AdminSessionPort {
  /** The current session, or null when nobody is signed in (or while it loads: see `loading`). */
  get(): AdminSession | null;
  /** True until the shell knows whether there is a session. */
  loading(): boolean;
  /** Calls `listener` whenever the session changes; returns the function that stops it. */
  subscribe(listener: () => void): () => void;
  signIn(email: string, password: string): Promise<void>;
  /** The second step: a code of the authenticator app or one of the recovery codes, as the person chose. */
  verifySecondFactor(method: SecondFactorMethod, code: string): Promise<void>;
  /**
   * Signs out on the server, then here, discarding the person's drafts (a shared computer keeps nobody's);
   * throws when the server failed (the user stays signed in).
   */
  signOut(scope?: 'local' | 'global'): Promise<void>;
}

export interface PickFilesOptions {
  /** MIME types or extensions (".pdf"); all files when absent. */
  accept?: string[];
  multiple?: boolean;
  /** Pick a whole folder (each file carries its `relativePath`). */
  directory?: boolean;
}

/**
 * A file the user chose: a browser File, or a desktop handle (a path the main process reads). The admin UI
 * only reads these fields and hands the handle back to `upload`.
 */
export interface PickedFile {
  name: string;
  size: number;
  type: string;
  /** Within a picked or dropped folder: "folder/sub/name.jpg". */
  relativePath?: string;
  /** The browser's File (browser only): also used for local previews. */
  file?: File;
  /** The desktop's handle of the file (desktop only). */
  handle?: string;
}

export interface UploadOptions {
  folderId?: string | null;
  bucket?: UploadBucket;
  onProgress?: (sentBytes: number, totalBytes: number) => void;
}

/** One file of a host's upload queue, as the library lists it. */
export interface HostUpload {
  key: string;
  file: PickedFile;
  sent: number;
  total: number;
  status: 'queued' | 'uploading' | 'paused' | 'done' | 'failed' | 'cancelled';
  error?: string;
  result?: UploadResult;
}

export interface HostUploadQueue {
  /** Queues files below a folder of the library (a file's `relativePath` folders are made under it). */
  add(files: PickedFile[], folderId: string | null): Promise<void>;
  /** Calls `listener` with every file of the queue now and at each change; returns the function that stops it. */
  subscribe(listener: (uploads: HostUpload[]) => void): () => void;
  control(key: string, action: 'pause' | 'resume' | 'cancel' | 'retry'): void;
  /** Forgets the finished files. */
  clearFinished(): void;
}

export interface UploadHandle {
  /** The stored file (parsed with the shared UploadResult), or a RequestFailure. */
  promise: Promise<UploadResult>;
  pause(): void;
  resume(): void;
  cancel(): void;
}
