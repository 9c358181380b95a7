import type { SiteSettings } from '@atelier/shared';
import type { Db } from '../../db/client';
import { contentVersion } from '../../lib/response-cache';
import { getSettings } from '../settings/settings.service';

type Listener = (settings: SiteSettings) => void;

/**
 * Tells listeners when the site settings change. It watches the database's change counter (so a change
 * made by the admin panel, the CLI or another process is seen alike) once a second, and only while
 * someone listens.
 */
export class SettingsFeed {
  private readonly listeners = new Set<Listener>();
  private readonly version: () => string;
  private timer: NodeJS.Timeout | undefined;
  private lastVersion = '';
  private lastJson = '';

  constructor(
    private readonly db: Db,
    private readonly intervalMs = 1000,
  ) {
    this.version = contentVersion(db);
  }

  subscribe(listener: Listener): () => void {
    if (this.listeners.size === 0) this.start();
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  /** Tells listeners now about a change this process made (instead of at the next poll). */
  notify(): void {
    if (this.timer) this.check();
  }

  /** Ends every subscription: streams close so a graceful shutdown does not wait on them. */
  close(): void {
    this.stop();
    this.listeners.clear();
  }

  private start() {
    this.lastVersion = this.version();
    this.lastJson = JSON.stringify(getSettings(this.db));
    this.timer = setInterval(() => this.check(), this.intervalMs);
    this.timer.unref();
  }

  private stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private check() {
    const version = this.version();
    if (version === this.lastVersion) return;
    this.lastVersion = version;
    const settings = getSettings(this.db);
    const json = JSON.stringify(settings);
    if (json === this.lastJson) return;
    this.lastJson = json;
    for (const listener of this.listeners) listener(settings);
  }
}

/** The live feeds of a running server, and a way to end every open stream on shutdown. */
export function createFeeds(db: Db) {
  const settings = new SettingsFeed(db);
  const closers = new Set<() => void>();
  return {
    settings,
    onClose(closer: () => void): () => void {
      closers.add(closer);
      return () => closers.delete(closer);
    },
    close(): void {
      settings.close();
      for (const closer of closers) closer();
      closers.clear();
    },
  };
}
export type Feeds = ReturnType<typeof createFeeds>;
