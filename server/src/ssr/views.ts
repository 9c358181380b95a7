import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../context';
import { countVisitorView } from '../features/blog-posts/blog-posts.service';
import { clientIp } from '../http/client-ip';

const BOTS = /bot|crawl|spider|slurp|lighthouse|facebookexternalhit|preview/i;

/**
 * Counts a view of a post once per visitor per post per UTC day (the server's ledger of client addresses; the
 * cookie scoped to the post's path spares the lookup on reloads). Crawlers are not counted. Returns the post's
 * view count to show.
 */
export async function countView(c: Context<AppEnv>, postId: string, views: number): Promise<number> {
  if (BOTS.test(c.req.header('user-agent') ?? '')) return views;
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  const name = `seen_${postId.replace(/-/g, '').slice(0, 16)}`;
  if (getCookie(c, name) === today) return views;
  const counted = await countVisitorView(c.var.deps, postId, clientIp(c));
  if (!counted) return views;
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  setCookie(c, name, today, {
    // Every address of the post (its slug, a former one, its id) shares the cookie; its name is the post's.
    path: '/blog',
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.var.deps.env.publicUrl.startsWith('https:'),
    maxAge: Math.max(60, Math.round((midnight - now.getTime()) / 1000)),
  });
  return counted.views;
}
