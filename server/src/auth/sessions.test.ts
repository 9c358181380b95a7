import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, type Db, migrateDatabase, openDatabase, sqliteOf } from '../db/client';
import { loginAttempts, users } from '../db/schema';
import { cleanUp } from './cleanup';
import { attemptKey, lockedMinutes, recordAttempt } from './lockout';
import { createSecrets } from './secret-key';
import {
  createSession,
  REFRESH_TOKEN_TTL_MS,
  REUSE_GRACE_MS,
  rotateRefreshToken,
  sessionOfRefreshToken,
} from './sessions';

const secrets = createSecrets(randomBytes(32));
const rotate = async (token: string, now?: number) =>
  await rotateRefreshToken(db, token, (parent) => secrets.mac('refresh-successor', parent), now);

let dir: string;
let db: Db;
let userId: string;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-sessions-'));
  db = openDatabase(path.join(dir, 'atelier.db'));
  await migrateDatabase(db);
  userId = crypto.randomUUID();
  await db.insert(users).values({ id: userId, email: 'thoko@example.mw' });
});
afterEach(async () => {
  await closeDatabase(db);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('refresh token rotation', () => {
  it('issues the next token on each use and accepts a rotated one only within the grace period', async () => {
    const { refreshToken } = await createSession(db, { userId, method: 'password' });
    const t0 = Date.now();
    const first = await rotate(refreshToken, t0);
    expect(first.ok).toBe(true);
    const again = await rotate(refreshToken, t0 + REUSE_GRACE_MS - 1);
    expect(again.ok).toBe(true);
    const late = await rotate(refreshToken, t0 + REUSE_GRACE_MS + 1);
    expect(late).toMatchObject({ ok: false, reason: 'reused' });
    // Reuse revoked the family: the tokens handed out meanwhile are dead too.
    if (!first.ok || !again.ok) throw new Error('unreachable');
    expect(await rotate(first.refreshToken, t0 + REUSE_GRACE_MS + 2)).toMatchObject({ reason: 'revoked' });
    expect(await rotate(again.refreshToken, t0 + REUSE_GRACE_MS + 2)).toMatchObject({ reason: 'revoked' });
    expect(await sessionOfRefreshToken(db, first.refreshToken)).toBeNull();
  });

  it('answers a replay within the grace period with the successor already issued: the session never forks', async () => {
    const { refreshToken } = await createSession(db, { userId, method: 'password' });
    const t0 = Date.now();
    const first = await rotate(refreshToken, t0);
    const again = await rotate(refreshToken, t0 + 1000);
    if (!first.ok || !again.ok) throw new Error('both within the grace period');
    expect(again.refreshToken).toBe(first.refreshToken);
    const live = sqliteOf(db)!
      .prepare('SELECT count(*) AS n FROM refresh_tokens WHERE rotated_at IS NULL AND revoked_at IS NULL')
      .get() as { n: number };
    expect(live.n).toBe(1);
  });

  it('revokes the family when a rotated token comes back after its successor was used, even within the grace', async () => {
    const { refreshToken } = await createSession(db, { userId, method: 'password' });
    const t0 = Date.now();
    const first = await rotate(refreshToken, t0);
    if (!first.ok) throw new Error(first.reason);
    const second = await rotate(first.refreshToken, t0 + 100);
    if (!second.ok) throw new Error(second.reason);
    expect(await rotate(refreshToken, t0 + 200)).toMatchObject({ ok: false, reason: 'reused' });
    expect(await rotate(second.refreshToken, t0 + 300)).toMatchObject({ ok: false, reason: 'revoked' });
  });

  it('refuses a token past its 30 days, and an unknown one', async () => {
    const { refreshToken } = await createSession(db, { userId, method: 'password' });
    expect(await rotate(refreshToken, Date.now() + REFRESH_TOKEN_TTL_MS + 1000)).toMatchObject({
      ok: false,
      reason: 'expired',
    });
    expect(await rotate('nothing')).toEqual({ ok: false, reason: 'not_found' });
  });

  it('keeps the WAL bounded across a thousand rotations', async () => {
    let { refreshToken } = await createSession(db, { userId, method: 'password' });
    for (let i = 0; i < 1000; i++) {
      const next = await rotate(refreshToken);
      if (!next.ok) throw new Error(next.reason);
      refreshToken = next.refreshToken;
    }
    expect(sqliteOf(db)!.inTransaction).toBe(false);
    expect(fs.statSync(path.join(dir, 'atelier.db-wal')).size).toBeLessThan(8 * 1024 * 1024);
  });
});

describe('the lockout counters', () => {
  const key = attemptKey('login', 'thoko@example.mw');

  it('lock at the fifth attempt for 180 minutes, and start over once the lock ran out', async () => {
    const t0 = Date.UTC(2026, 10, 22, 9);
    for (let i = 1; i <= 4; i++) expect(await recordAttempt(db, key, t0 + i)).toBe(false);
    expect(await lockedMinutes(db, key, t0 + 10)).toBeNull();
    expect(await recordAttempt(db, key, t0 + 5)).toBe(true);
    expect(await lockedMinutes(db, key, t0 + 10)).toBe(180);
    expect(await lockedMinutes(db, key, t0 + 179 * 60_000 + 30_000)).toBe(1);
    expect(await lockedMinutes(db, key, t0 + 181 * 60_000)).toBeNull();
    expect(await recordAttempt(db, key, t0 + 181 * 60_000)).toBe(false);
    expect((await db.select().from(loginAttempts))[0]?.attempts).toBe(1);
  });

  it('forget attempts older than the window', async () => {
    const t0 = Date.UTC(2026, 10, 22, 9);
    for (let i = 0; i < 4; i++) await recordAttempt(db, key, t0);
    expect(await recordAttempt(db, key, t0 + 181 * 60_000)).toBe(false);
    expect((await db.select().from(loginAttempts))[0]?.attempts).toBe(1);
  });
});

describe('the hourly cleanup', () => {
  it('removes expired counters and dead sessions, and keeps live ones', async () => {
    const t0 = Date.now();
    await recordAttempt(db, attemptKey('login', 'old@example.mw'), t0 - 4 * 3600_000);
    await recordAttempt(db, attemptKey('login', 'new@example.mw'), t0);
    const live = await createSession(db, { userId, method: 'password' });
    const dead = await createSession(db, { userId, method: 'password' });
    await rotate(dead.refreshToken, t0 - 60_000);
    await rotate(dead.refreshToken, t0); // reuse: revoked
    const removed = await cleanUp(db, t0 + 25 * 3600_000);
    expect(removed.attempts).toBe(2);
    expect(removed.sessions).toBe(1);
    expect(await sessionOfRefreshToken(db, live.refreshToken)).not.toBeNull();
    const keys = await db.select({ key: loginAttempts.key }).from(loginAttempts);
    expect(keys).toEqual([]);
  });
});
