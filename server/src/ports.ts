import type {
  InquiryEvent,
  MediaUse,
  PageData,
  Permission,
  PublishContent,
  ReviewEvent,
  RevisionedPath,
  SiteSettings,
  StorageBucket,
  WentLiveEvent,
} from '@atelier/shared';
import type { SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { Actor } from './db/audit';
import type { Authorship } from './db/authorship';
import type { Db } from './db/client';

/**
 * What the request context (context.ts) names and a feature implements: the context stays below every
 * feature, and the server (server.ts) plugs the implementations in.
 */

/** One kind of event: listeners subscribe, a write publishes. */
export interface Channel<T> {
  subscribe(listener: (event: T) => void): () => void;
  publish(event: T): void;
}

/** The live feeds of a running server (features/events): what an event stream listens to, and its slots. */
export interface Feeds {
  settings: {
    subscribe(listener: (settings: SiteSettings) => void): () => void;
    /** Tells listeners now about a change this process made (instead of at the next poll). */
    notify(): void;
  };
  inquiries: Channel<InquiryEvent>;
  /** Drafts submitted for review (sent only to the streams of staff who may publish). */
  reviews: Channel<ReviewEvent>;
  /** Scheduled posts going live (sent to every staff stream). */
  wentLive: Channel<WentLiveEvent>;
  /**
   * Registers a stream's closer (with the id of the signed-in person who reads it, if any); a stream that
   * starts after shutdown began is closed at once.
   */
  onClose(closer: () => void, userId?: string): () => void;
  /**
   * Ends the streams a person reads: they were let in by the role and account they had when they opened
   * (deactivation, a role change). A client that opens a new one is judged again.
   */
  endStreamsOf(userId: string): void;
  /**
   * Takes a stream slot for `address`: the release function, or why not ('address' or 'total' is full,
   * 'closed' once shutdown began).
   */
  openStream(address: string): (() => void) | 'address' | 'total' | 'closed';
  readonly openStreams: number;
  /** Ends every stream, so a graceful shutdown does not wait on them. */
  close(): void;
}

/** The public pages rendered on the server (ssr/renderer.ts). */
export interface PageRenderer {
  /** The page for a GET of a public path (the 404 page for an unknown one). */
  render(c: Context): Promise<Response>;
  /** A public page from data the caller loaded (a form's answer), with its status. */
  renderData(c: Context, data: PageData, status: number): Response;
  clientDir: string;
}

/**
 * The columns of one content table that hold stored files' URLs, declared by the feature that owns the table:
 * where-used reads exactly these, so a new image field is declared beside its feature, not in the media code.
 */
export interface ImageColumns {
  /** The entity as the where-used list names it (its admin path). */
  entity_type: MediaUse['entity_type'];
  table: SQLiteTable & { id: SQLiteColumn };
  /** What the where-used list shows as the entity's title. */
  title: SQLiteColumn | SQL;
  /** Text columns of one URL, or JSON lists of URLs, in the order their uses are listed. */
  columns: readonly SQLiteColumn[];
  /**
   * JSON objects keyed by these URLs (a project's alt texts and focal points): a replaced file's key moves with
   * it.
   */
  byUrl?: readonly SQLiteColumn[];
  /**
   * Text columns (Markdown: a post's text) whose every mention of a file's URL (an image, a link) is a use:
   * listed where it is used, so the file is not deleted, and switched by a replace. A write that drops one
   * releases nothing (the file stays in the library).
   */
  markdown?: readonly SQLiteColumn[];
  /** The entity as its audit entries name it (`project`). */
  audit_type: string;
}

/** Images given by another site's URL, fetched into the media library (features/media/url-import.ts). */
export interface UrlImports {
  /** Fetches `url` (guarded: public addresses only) into the library; its library URL. */
  importUrl(url: string, bucket: StorageBucket, actor: Actor): Promise<string>;
  /**
   * `input` with every outside URL of its image columns fetched into the library and replaced by the library's
   * URL wherever it appears (a list, a thumbnail, alt texts keyed by URL); a 400 at the field when one fails.
   */
  localize<T extends object>(input: T, images: ImageColumns, actor: Actor): Promise<T>;
}

/** Where stored files are used, and their removal once nothing uses them (features/media/where-used.ts). */
export interface MediaUses {
  /** Every place `url` is shown, in the order the declared columns list them. */
  whereUsed(url: string): Promise<MediaUse[]>;
  /**
   * Deletes a stored file, its media row and its variants when `url` is this store's public path AND nothing
   * uses it any more; true when it did. An outside URL is left alone.
   */
  release(url: string | null | undefined): Promise<boolean>;
  /** Releases the files a row's image columns held `before` a write that no longer holds them (a delete: all). */
  releaseDropped(images: ImageColumns, before: object, after?: object): Promise<void>;
  /**
   * Refuses (422) a save that leaves a row published (`input`, its content read by `contentOf`) with images
   * that have no alt text and are not marked decorative; those it showed while published `before` pass.
   */
  refuseUndescribedImages<T>(
    contentOf: (row: T) => PublishContent,
    input: T & { status: string },
    before?: T & { status: string },
  ): Promise<void>;
  /**
   * Every place that shows `from` shows `to` instead: each row an audited update (in the caller's
   * transaction), texts keyed by the URL carried over. The uses switched.
   */
  switchUses(from: string, to: string, actor: Actor): Promise<MediaUse[]>;
  /** Releases the files a row deleted forever from the Trash showed (`kind`: its entity type there). */
  releaseTrashed(kind: string, row: object): Promise<void>;
}

/**
 * An entity that keeps revisions, as its feature declares it: its history and restore routes
 * (features/revisions) read it through `find` and save a revision again through `save`, the entity's own
 * update with its validation (`input`) and checks.
 */
export interface Revisioned {
  /** Its admin path (`/api/admin/<path>`) and the revisions' entity type. */
  path: RevisionedPath;
  /** Who may edit it: they see its history and restore. */
  permission: Permission;
  refusal?: string;
  /** A contributor sees the history of their own rows only (none: the permission decides alone). */
  authorship?: Authorship;
  /** The id of a single-row entity (the settings), which has no `{id}` in its path. */
  single?: string;
  notFoundMessage: string;
  /** The item as `actor` may see it (its `updated_at` is what If-Match names), or undefined. */
  find(db: Db, id: string, actor: Actor): Promise<object | undefined>;
  /** The update's body: a revision's row is parsed with it before it is saved. */
  input: z.ZodType;
  /** The entity's update, as its PUT runs it. */
  save(
    deps: { db: Db; media: MediaUses; feeds: Feeds },
    actor: Actor,
    id: string,
    input: never,
  ): Promise<object | undefined>;
  /** Its image columns (none for a hero video: YouTube's). */
  images?: ImageColumns;
}
