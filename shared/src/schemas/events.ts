import { z } from 'zod';
import { REVIEW_KINDS } from './review';
import { SiteSettings } from './settings';

/**
 * The server's event stream (`GET /api/events`, server-sent events): every event name and its payload.
 * The server writes only these; the admin panel and the desktop app read them through `parseServerEvent`.
 */
export const InquiryEvent = z.object({
  id: z.string(),
  name: z.string(),
  project_type: z.string(),
});
export type InquiryEvent = z.infer<typeof InquiryEvent>;

/** A draft submitted for review: its kind, title and author (to those who review). */
export const ReviewEvent = z.object({
  id: z.string(),
  kind: z.enum(REVIEW_KINDS),
  title: z.string(),
  author: z.string(),
});
export type ReviewEvent = z.infer<typeof ReviewEvent>;

/** A scheduled blog post whose date came: it is on the blog now. */
export const WentLiveEvent = z.object({
  id: z.string(),
  title: z.string(),
});
export type WentLiveEvent = z.infer<typeof WentLiveEvent>;

export const SERVER_EVENTS = {
  /** Sent first on every stream: the connection is established. */
  ready: z.object({}),
  /** The site settings changed (public: every stream gets it). */
  settings: SiteSettings,
  /** A new inquiry arrived (only to staff who may read inquiries: it names a client). */
  inquiry: InquiryEvent,
  /** A draft was submitted for review (only to staff who may publish: they review it). */
  review: ReviewEvent,
  /** A scheduled post went live (to every staff stream of the server that recorded it in the Activity). */
  went_live: WentLiveEvent,
} as const;
export type ServerEventName = keyof typeof SERVER_EVENTS;
export type ServerEventData<N extends ServerEventName> = z.infer<(typeof SERVER_EVENTS)[N]>;
export type ServerEventOf = {
  [N in ServerEventName]: { type: N; data: ServerEventData<N> };
}[ServerEventName];

/** A raw event of the stream as one the contract knows (its payload parsed), or null for anything else. */
export function parseServerEvent(event: { type: string; data: unknown }): ServerEventOf | null {
  if (!Object.hasOwn(SERVER_EVENTS, event.type)) return null;
  const type = event.type as ServerEventName;
  const parsed = SERVER_EVENTS[type].safeParse(event.data);
  return parsed.success ? ({ type, data: parsed.data } as ServerEventOf) : null;
}
