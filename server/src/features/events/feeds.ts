import type { InquiryEvent, ReviewEvent, SiteSettings, WentLiveEvent } from '@atelier/shared';
import type { Broadcast } from '../../db/client';
import type { Feeds } from '../../ports';

type Listener = (settings: SiteSettings) => void;

/**
 * What the feeds read: the site settings, the database's change counter (db/content-version.ts), and, where
 * several servers share the database, the broadcast that carries each event to the streams held by the others.
 */
interface FeedSources {
  readSettings: () => Promise<SiteSettings>;
  version: () => string;
  broadcast?: Broadcast;
}

/**
 * Tells listeners when the site settings change. It watches the database's change counter (so a change
 * made by the admin panel, the CLI or another process is seen alike) once a second, and only while
 * someone listens.
 */
class SettingsFeed {
  private readonly listeners = new Set<Listener>();
  private timer: NodeJS.Timeout | undefined;
  private lastVersion = '';
  private lastJson: string | undefined;

  constructor(
    private readonly sources: FeedSources,
    private readonly intervalMs = 1000,
  ) {}

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
    if (this.timer) void this.check();
  }

  /** Ends every subscription: streams close so a graceful shutdown does not wait on them. */
  close(): void {
    this.stop();
    this.listeners.clear();
  }

  private start() {
    this.lastVersion = this.sources.version();
    void this.sources.readSettings().then((settings) => {
      this.lastJson ??= JSON.stringify(settings);
    });
    this.timer = setInterval(() => void this.check(), this.intervalMs);
    this.timer.unref();
  }

  private stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async check() {
    const version = this.sources.version();
    if (version === this.lastVersion) return;
    this.lastVersion = version;
    const settings = await this.sources.readSettings();
    const json = JSON.stringify(settings);
    if (json === this.lastJson) return;
    this.lastJson = json;
    for (const listener of this.listeners) listener(settings);
  }
}

/**
 * Open event streams are bounded: each holds a socket and a file descriptor for as long as the client likes,
 * so one address could otherwise exhaust the process's file limit. A few tabs and the desktop app per address,
 * and a total well under the default limit of 1024 descriptors.
 */
const STREAM_LIMITS = { perAddress: 8, total: 400 } as const;

/**
 * Listeners of one kind of event (`topic`), told of each event published on this server, and of each one
 * another server published (`hear`, from the broadcast).
 */
function channel<T>(topic: string, broadcast: Broadcast | undefined) {
  const listeners = new Set<(event: T) => void>();
  const hear = (event: T) => {
    for (const listener of listeners) listener(event);
  };
  return {
    subscribe(listener: (event: T) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publish(event: T): void {
      hear(event);
      broadcast?.send(topic, event);
    },
    hear,
    clear: () => listeners.clear(),
  };
}

/** The live feeds of a running server, and a way to end every open stream on shutdown. */
export function createFeeds(
  sources: FeedSources,
  limits: { perAddress: number; total: number } = STREAM_LIMITS,
): Feeds {
  const { broadcast } = sources;
  const settings = new SettingsFeed(sources);
  const inquiries = channel<InquiryEvent>('inquiry', broadcast);
  const reviews = channel<ReviewEvent>('review', broadcast);
  const wentLive = channel<WentLiveEvent>('went-live', broadcast);
  const closers = new Set<() => void>();
  const closersOf = new Map<string, Set<() => void>>();
  const endStreamsHere = (userId: string) => {
    for (const closer of closersOf.get(userId) ?? []) closer();
  };
  const heard: Record<string, (message: never) => void> = {
    inquiry: inquiries.hear,
    review: reviews.hear,
    'went-live': wentLive.hear,
    'end-streams': endStreamsHere,
  };
  const stopHearing = broadcast?.listen((topic, message) => heard[topic]?.(message as never));
  const perAddress = new Map<string, number>();
  let total = 0;
  let closed = false;
  return {
    settings,
    inquiries,
    reviews,
    wentLive,
    onClose(closer: () => void, userId?: string): () => void {
      if (closed) {
        closer();
        return () => {};
      }
      closers.add(closer);
      let mine: Set<() => void> | undefined;
      if (userId !== undefined) {
        mine = closersOf.get(userId) ?? new Set();
        closersOf.set(userId, mine.add(closer));
      }
      return () => {
        closers.delete(closer);
        if (!mine || userId === undefined) return;
        mine.delete(closer);
        if (mine.size === 0) closersOf.delete(userId);
      };
    },
    endStreamsOf(userId: string): void {
      endStreamsHere(userId);
      broadcast?.send('end-streams', userId);
    },
    /**
     * Takes a stream slot for `address`: the release function, or why not ('address' or 'total' is full,
     * 'closed' once shutdown began).
     */
    openStream(address: string): (() => void) | 'address' | 'total' | 'closed' {
      if (closed) return 'closed';
      const mine = perAddress.get(address) ?? 0;
      if (mine >= limits.perAddress) return 'address';
      if (total >= limits.total) return 'total';
      perAddress.set(address, mine + 1);
      total += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total -= 1;
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
      };
    },
    get openStreams() {
      return total;
    },
    close(): void {
      closed = true;
      stopHearing?.();
      settings.close();
      inquiries.clear();
      reviews.clear();
      wentLive.clear();
      for (const closer of closers) closer();
      closers.clear();
      closersOf.clear();
    },
  };
}
