/**
 * The IPC contract between the main process and the renderer: channel names and the zod schema of
 * every payload. Main validates each request with these schemas; the renderer may reuse them for
 * early feedback, and the preload imports its types only. No electron import here: unit tests load
 * this module without the Electron binary.
 */
import {
  AuthUser,
  type FailureData,
  SECOND_FACTOR_METHODS,
  type ServerEventOf,
  UploadBucket,
  UploadResult,
} from '@atelier/shared';
import { z } from 'zod';

const SERVER_URL_EXAMPLE = 'http://127.0.0.1:8787';

function parsedUrl(value: string): URL | undefined {
  return URL.canParse(value) ? new URL(value) : undefined;
}

/** The address of the Atelier server: an http(s) URL, normalised without a trailing slash. */
export const ServerUrl = z
  .string({ error: 'The server URL must be text.' })
  .trim()
  .min(1, 'Enter the server URL.')
  .max(2048, 'The server URL is too long.')
  .refine((value) => {
    const url = parsedUrl(value);
    return url !== undefined && (url.protocol === 'http:' || url.protocol === 'https:');
  }, `The server URL must be an http:// or https:// address, such as ${SERVER_URL_EXAMPLE}.`)
  .refine((value) => {
    const url = parsedUrl(value);
    return url !== undefined && !url.username && !url.password && !url.search && !url.hash;
  }, 'The server URL must not contain a user name, password, query or fragment.')
  .transform((value) => {
    const url = new URL(value);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  });
export type ServerUrl = z.infer<typeof ServerUrl>;

/** Where and how big the window was, restored at the next start. */
export const WindowBounds = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(200),
  height: z.number().int().min(200),
  maximized: z.boolean().default(false),
});
export type WindowBounds = z.infer<typeof WindowBounds>;

/** An admin page of the app: a path under /admin, no scheme or host (restored at the next start). */
export const AdminPath = z
  .string()
  .max(2048)
  .regex(/^\/admin(?:[/?#][^\s]*)?$/, 'Not an admin page.');

/** What the desktop app keeps in its settings file. */
export const Settings = z.object({
  serverUrl: ServerUrl,
  lastPage: AdminPath.optional().catch(undefined),
  window: WindowBounds.optional().catch(undefined),
  /** Photographs are sized for the web before they are sent (the default). */
  prepareImages: z.boolean().default(true).catch(true),
});
export type Settings = z.infer<typeof Settings>;

export const AppInfo = z.object({
  version: z.string(),
  platform: z.string(),
  serverUrl: ServerUrl,
  /** False when the OS offers no keychain: the session is kept in memory only. */
  keychain: z.boolean(),
  /** No settings were saved yet: the app asks which server to use. */
  firstRun: z.boolean(),
  lastPage: AdminPath.optional(),
  prepareImages: z.boolean(),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const ServerCheck = z.discriminatedUnion('state', [
  z.object({ state: z.literal('connected'), version: z.string(), degraded: z.boolean() }),
  z.object({ state: z.enum(['unreachable', 'not-atelier', 'incompatible']), reason: z.string() }),
]);
export type ServerCheck = z.infer<typeof ServerCheck>;

export const DesktopSession = z.object({
  user: AuthUser,
  aal: z.enum(['aal1', 'aal2']),
  mfaRequired: z.boolean(),
  persistent: z.boolean(),
});
export type DesktopSession = z.infer<typeof DesktopSession>;

const Text = (max: number, message: string) => z.string({ error: message }).min(1, message).max(max);

export const SignInInput = z.strictObject({
  email: Text(254, 'Enter your email address.'),
  password: Text(256, 'Enter your password.'),
});
export const SecondFactorInput = z.strictObject({
  method: z.enum(SECOND_FACTOR_METHODS).default('totp'),
  code: Text(40, 'Enter the code.'),
});
export const SignOutInput = z.strictObject({ scope: z.enum(['local', 'global', 'others']).default('local') });

/** One JSON call of the admin UI, made by main with the session's token. */
export const ApiRequest = z.strictObject({
  path: z
    .string()
    .max(2048)
    .regex(/^\/(?:api|auth\/v1)\/[^\s]*$/, 'Only /api and /auth/v1 paths can be called.')
    .refine((path) => !path.includes('..') && !path.startsWith('//'), 'Not an API path.'),
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).default('GET'),
  body: z.unknown().optional(),
  query: z
    .record(z.string().max(100), z.union([z.string().max(2048), z.number(), z.boolean(), z.null()]))
    .optional(),
  // The only header the renderer may set: the version a save is based on (an `updated_at` in quotes).
  ifMatch: z
    .string()
    .max(100)
    .regex(/^[\x20-\x7e]*$/, 'Not a version.')
    .optional(),
});
export type ApiRequest = z.input<typeof ApiRequest>;

export const UploadTarget = z.strictObject({
  folderId: z.string().min(1).max(100).nullable().default(null),
  bucket: UploadBucket.default('projects'),
});
export type UploadTarget = z.input<typeof UploadTarget>;

const LocalPath = z.string().min(1).max(4096);
export const AddUploads = z.strictObject({
  paths: z.array(LocalPath).min(1, 'Nothing to upload.').max(1000, 'At most 1000 items at once.'),
  target: UploadTarget,
  /** Folders below the target the files go in (made there): the files of a folder dropped on the library. */
  under: z.array(z.string().trim().min(1).max(255)).max(32).default([]),
});
export const PrepareImages = z.strictObject({ enabled: z.boolean() });
export const PickUploads = z.strictObject({ target: UploadTarget, folders: z.boolean().default(false) });
export const PickFiles = z.strictObject({
  multiple: z.boolean().default(true),
  directory: z.boolean().default(false),
  accept: z.array(z.string().max(100)).max(50).optional(),
});
/** A file the user chose in the native dialog: its path is the handle the uploader reads. */
export const PickedFile = z.object({
  name: z.string(),
  size: z.number(),
  type: z.string(),
  handle: z.string(),
  relativePath: z.string().optional(),
});
export type PickedFile = z.infer<typeof PickedFile>;
export const UploadControl = z.strictObject({
  action: z.enum(['pause', 'resume', 'cancel', 'retry']),
  id: z.string().min(1).max(100),
});

export const UploadItem = z.object({
  id: z.string(),
  path: z.string(),
  name: z.string(),
  size: z.number(),
  /** What is sent: the size of the photograph sized for the web (smaller than `size`), else the file's. */
  sendSize: z.number(),
  status: z.enum(['queued', 'uploading', 'paused', 'done', 'failed', 'refused', 'cancelled']),
  bytesSent: z.number(),
  speed: z.number(),
  error: z.string().nullable(),
  folderPath: z.array(z.string()),
  restarted: z.boolean(),
  resumedFrom: z.number().nullable(),
  result: UploadResult.nullable(),
});
export const QueueSnapshot = z.object({
  items: z.array(UploadItem),
  totals: z.object({
    files: z.number(),
    done: z.number(),
    active: z.number(),
    failed: z.number(),
    bytesTotal: z.number(),
    bytesSent: z.number(),
    speed: z.number(),
    secondsLeft: z.number().nullable(),
  }),
});
export type QueueSnapshot = z.infer<typeof QueueSnapshot>;
export type UploadItemView = z.infer<typeof UploadItem>;

/** Where a watched folder's files go: a media folder (null: the library's top) or a project's images. */
export const SyncLinkTarget = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('media'),
    folderId: z.string().min(1).max(100).nullable(),
    label: z.string().min(1).max(300),
  }),
  z.strictObject({
    kind: z.literal('project'),
    projectId: z.string().min(1).max(100),
    label: z.string().min(1).max(300),
  }),
]);
export type SyncLinkTarget = z.infer<typeof SyncLinkTarget>;
export const SyncLink = z.object({
  id: z.string(),
  dir: z.string(),
  target: SyncLinkTarget,
  state: z.enum(['watching', 'paused', 'missing']),
  /** Files sent from it so far. */
  sent: z.number(),
  /** Why the last project append was refused (the server's message). */
  error: z.string().nullable(),
});
export type SyncLink = z.infer<typeof SyncLink>;
export const AddSyncLink = z.strictObject({ target: SyncLinkTarget });
export const SyncControl = z.strictObject({
  action: z.enum(['pause', 'resume', 'remove']),
  id: z.string().min(1).max(100),
});

/** Whether the server answered the last request, and when it last answered (ISO time; null: not yet). */
export const ConnectionState = z.object({ reachable: z.boolean(), lastReached: z.string().nullable() });
export type ConnectionState = z.infer<typeof ConnectionState>;

export const OpenExternal = z.strictObject({ url: z.string().min(1).max(4096) });
export const DownloadFile = z.strictObject({
  path: ApiRequest.shape.path,
  filename: z
    .string()
    .min(1)
    .max(200)
    .refine((name) => !/[/\\]/.test(name), 'A file name, not a path.'),
});
export const LastPage = z.strictObject({ path: AdminPath });

/** A form's unsaved values (the admin's FormDraft): at most 2 MB of JSON. */
export const FormDraft = z
  .object({
    savedAt: z.iso.datetime(),
    values: z.record(z.string(), z.unknown()),
    base: z.record(z.string(), z.unknown()),
  })
  .refine((draft) => JSON.stringify(draft).length <= 2 * 1024 * 1024, 'The draft is too large.');
export type FormDraft = z.infer<typeof FormDraft>;
/** Whose draft (a user id: also its file's name) of which form ("projects/{id}", "posts/new"). */
export const DraftKey = z.strictObject({
  user: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Not a user id.'),
  form: z.string().regex(/^[a-z-]{1,40}\/[A-Za-z0-9_-]{1,100}$/, 'Not a form.'),
});
export const PutDraft = DraftKey.extend({ draft: FormDraft });

export const IpcChannel = {
  appInfo: 'app:info',
  checkServer: 'server:check',
  connect: 'server:connect',
  session: 'session:get',
  signIn: 'session:sign-in',
  verifySecondFactor: 'session:verify',
  signOut: 'session:sign-out',
  request: 'api:request',
  addUploads: 'uploads:add',
  pickUploads: 'uploads:pick',
  pickFiles: 'dialog:pick-files',
  controlUpload: 'uploads:control',
  clearUploads: 'uploads:clear',
  uploads: 'uploads:get',
  maxUploadBytes: 'uploads:max-bytes',
  prepareImages: 'uploads:prepare-images',
  openExternal: 'shell:open-external',
  downloadFile: 'file:download',
  lastPage: 'app:last-page',
  connection: 'connection:get',
  syncLinks: 'sync:get',
  addSyncLink: 'sync:add',
  controlSyncLink: 'sync:control',
  draft: 'drafts:get',
  putDraft: 'drafts:put',
  removeDraft: 'drafts:remove',
} as const;
export type IpcChannel = (typeof IpcChannel)[keyof typeof IpcChannel];

const Nothing = z.undefined();

/** Request and response schema of each channel. */
export const ipcContract = {
  [IpcChannel.appInfo]: { request: Nothing, response: AppInfo },
  [IpcChannel.checkServer]: { request: Nothing, response: ServerCheck },
  [IpcChannel.connect]: { request: ServerUrl, response: ServerCheck },
  [IpcChannel.session]: { request: Nothing, response: DesktopSession.nullable() },
  [IpcChannel.signIn]: { request: SignInInput, response: DesktopSession },
  [IpcChannel.verifySecondFactor]: { request: SecondFactorInput, response: DesktopSession },
  [IpcChannel.signOut]: { request: SignOutInput, response: Nothing },
  [IpcChannel.request]: { request: ApiRequest, response: z.unknown() },
  [IpcChannel.addUploads]: { request: AddUploads, response: z.array(z.string()) },
  [IpcChannel.pickUploads]: { request: PickUploads, response: z.array(z.string()) },
  [IpcChannel.pickFiles]: { request: PickFiles, response: z.array(PickedFile) },
  [IpcChannel.controlUpload]: { request: UploadControl, response: Nothing },
  [IpcChannel.clearUploads]: { request: Nothing, response: Nothing },
  [IpcChannel.uploads]: { request: Nothing, response: QueueSnapshot },
  [IpcChannel.maxUploadBytes]: { request: Nothing, response: z.number().int().positive().nullable() },
  [IpcChannel.prepareImages]: { request: PrepareImages, response: Nothing },
  [IpcChannel.openExternal]: { request: OpenExternal, response: z.boolean() },
  [IpcChannel.downloadFile]: { request: DownloadFile, response: z.boolean() },
  [IpcChannel.lastPage]: { request: LastPage, response: Nothing },
  [IpcChannel.connection]: { request: Nothing, response: ConnectionState },
  [IpcChannel.syncLinks]: { request: Nothing, response: z.array(SyncLink) },
  /** Asks for the folder in the native dialog; null when it was cancelled. */
  [IpcChannel.addSyncLink]: { request: AddSyncLink, response: SyncLink.nullable() },
  [IpcChannel.controlSyncLink]: { request: SyncControl, response: Nothing },
  [IpcChannel.draft]: { request: DraftKey, response: FormDraft.nullable() },
  [IpcChannel.putDraft]: { request: PutDraft, response: Nothing },
  [IpcChannel.removeDraft]: { request: DraftKey, response: Nothing },
} as const satisfies Record<IpcChannel, { request: z.ZodType; response: z.ZodType }>;

export type IpcRequest<C extends IpcChannel> = z.input<(typeof ipcContract)[C]['request']>;
export type IpcResponse<C extends IpcChannel> = z.output<(typeof ipcContract)[C]['response']>;

/**
 * A handler's answer. Electron keeps only an Error's message across IPC, so a failure crosses as data (the
 * shared FailureData) and the renderer's bridge rebuilds the shared RequestFailure from it.
 */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: FailureData };
export const IpcFailure = z.object({
  status: z.number(),
  code: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/**
 * Sent by the preload alone (never exposed): a path the user dropped, resolved from a real File by
 * webUtils. Main uploads only paths the user dropped or picked, so a compromised renderer cannot
 * name any other file on the disk.
 */
export const GRANT_CHANNEL = 'files:grant';

/** Events main sends to the renderer. */
export interface IpcEvents {
  'session:changed': DesktopSession | null;
  'uploads:changed': QueueSnapshot;
  'sync:changed': SyncLink[];
  'connection:changed': ConnectionState;
  /** A server event (shared SERVER_EVENTS), already parsed by main; the renderer parses it again. */
  'server:event': ServerEventOf;
  /** Go to an admin page (a clicked notification, a menu item). */
  navigate: string;
  /** A menu command the renderer carries out. */
  command: 'switch-server' | 'sign-out' | 'sign-out-everywhere' | 'add-files' | 'add-folder';
}
export type IpcEvent = keyof IpcEvents;

/** The one API the preload script exposes to the renderer as `window.atelier`. */
export interface AtelierApi {
  invoke<C extends IpcChannel>(channel: C, payload?: IpcRequest<C>): Promise<IpcResult<IpcResponse<C>>>;
  on<E extends IpcEvent>(event: E, listener: (value: IpcEvents[E]) => void): () => void;
  /** The path on disk of a dropped or picked file or folder (Electron's webUtils.getPathForFile). */
  pathForFile(file: File): string;
}
