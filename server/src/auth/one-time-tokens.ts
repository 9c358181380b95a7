import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { changedRows, type Db } from '../db/client';
import { oneTimeTokens } from '../db/schema';
import { hashToken, randomToken } from './tokens';

type OneTimeKind = (typeof oneTimeTokens.$inferSelect)['kind'];

/** How long each kind of link works. */
const LINK_TTL_MS: Record<OneTimeKind, number> = {
  confirm_signup: 24 * 3600_000,
  recovery: 3600_000,
  admin_setup: 24 * 3600_000,
};

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Issues a single-use link secret (stored hashed). Earlier unused links of the same kind for the same user are
 * retired, so only the newest mail works.
 */
export async function issueOneTimeToken(
  db: Db,
  input: { kind: OneTimeKind; userId: string | null; passwordHash?: string | null },
  now = Date.now(),
): Promise<string> {
  const token = randomToken();
  const earlier = input.userId
    ? and(eq(oneTimeTokens.user_id, input.userId), eq(oneTimeTokens.kind, input.kind))
    : and(isNull(oneTimeTokens.user_id), eq(oneTimeTokens.kind, input.kind));
  await db
    .update(oneTimeTokens)
    .set({ used_at: iso(now) })
    .where(and(earlier, isNull(oneTimeTokens.used_at)));
  await db.insert(oneTimeTokens).values({
    id: crypto.randomUUID(),
    user_id: input.userId,
    kind: input.kind,
    token_hash: hashToken(token),
    password_hash: input.passwordHash ?? null,
    expires_at: iso(now + LINK_TTL_MS[input.kind]),
  });
  return token;
}

/**
 * Uses a link secret: marks it used and returns its row, or null when it is unknown, used, expired or of
 * another kind. Call inside a write transaction with the writes it allows.
 */
export async function consumeOneTimeToken(db: Db, kind: OneTimeKind, token: string, now = Date.now()) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ used_at: iso(now) })
    .where(
      and(
        eq(oneTimeTokens.token_hash, hashToken(token)),
        eq(oneTimeTokens.kind, kind),
        isNull(oneTimeTokens.used_at),
        gt(oneTimeTokens.expires_at, iso(now)),
      ),
    )
    .returning();
  return row ?? null;
}

/** True when the secret would be accepted (the setup page checks its link before showing the form). */
export async function isOneTimeTokenValid(
  db: Db,
  kind: OneTimeKind,
  token: string,
  now = Date.now(),
): Promise<boolean> {
  return !!(
    await db
      .select({ id: oneTimeTokens.id })
      .from(oneTimeTokens)
      .where(
        and(
          eq(oneTimeTokens.token_hash, hashToken(token)),
          eq(oneTimeTokens.kind, kind),
          isNull(oneTimeTokens.used_at),
          gt(oneTimeTokens.expires_at, iso(now)),
        ),
      )
  )[0];
}

/** The hourly cleanup: expired links, and used ones a day on. */
export async function deleteSpentOneTimeTokens(db: Db, now = Date.now()): Promise<number> {
  return changedRows(
    await db
      .delete(oneTimeTokens)
      .where(or(lt(oneTimeTokens.expires_at, iso(now)), lt(oneTimeTokens.used_at, iso(now - 24 * 3600_000)))),
  );
}
