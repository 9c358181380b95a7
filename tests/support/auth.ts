import { randomBytes } from 'node:crypto';
import type { UserRoleName } from '@atelier/shared';
import { expect } from 'vitest';
import { createConfirmedUser } from '../../server/src/auth/users';
import type { TestServer } from './server';

/** Passes the password policy and is not a common password. */
export const PASSWORD = 'Kapenta#Lake42';
export const OTHER_PASSWORD = 'Mulanje*Peak2026';

let counter = 0;
/** A fresh address per call, so each test arranges its own users. */
export const uniqueEmail = (label = 'user') =>
  `${label}.${process.pid}.${Date.now().toString(36)}.${counter++}@example.mw`;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** A confirmed account made through the server's own service (the test server hashes with PASSWORD_HASH=fast). */
export async function createUser(
  server: TestServer,
  options: { email?: string; password?: string; role?: UserRoleName } = {},
) {
  const email = options.email ?? uniqueEmail(options.role ?? 'user');
  const password = options.password ?? PASSWORD;
  const { db, auth } = server.running.deps;
  const { id } = await createConfirmedUser(db, auth.passwords, { email, password, role: options.role });
  return { id, email, password };
}

export const signIn = (
  server: TestServer,
  email: string,
  password: string,
  headers: Record<string, string> = {},
) => fetch(`${server.url}/auth/v1/token?grant_type=password`, json({ email, password }, headers));

/** Signs in in bearer mode and returns the token answer. */
export async function session(server: TestServer, email: string, password: string = PASSWORD) {
  const res = await signIn(server, email, password);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as any;
}

/** A new confirmed user, signed in (bearer mode). */
export async function signedInUser(server: TestServer, options: { role?: UserRoleName } = {}) {
  const user = await createUser(server, options);
  return { ...user, tokens: await session(server, user.email, user.password) };
}

/**
 * A browser's view of one origin: its cookies, and the per-page-load anti-forgery value it keeps in the
 * `atelier_csrf` cookie and sends as `X-CSRF-Token` (docs/auth.md).
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  readonly csrf = randomBytes(24).toString('base64url');

  constructor(readonly server: TestServer) {
    this.cookies.set('atelier_csrf', this.csrf);
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  keep(res: Response): Response {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const expired = attributes.some((a) => /^\s*max-age=0$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    return res;
  }

  /** A request with the cookies, and (unless `csrf: false`) cookie mode and the anti-forgery header. */
  async fetch(path: string, init: RequestInit & { csrf?: boolean } = {}): Promise<Response> {
    const { csrf = true, ...rest } = init;
    const headers = new Headers(rest.headers);
    headers.set('cookie', this.cookieHeader());
    if (csrf) {
      headers.set('x-csrf-token', this.csrf);
      headers.set('x-auth-mode', 'cookie');
    }
    return this.keep(await fetch(`${this.server.url}${path}`, { redirect: 'manual', ...rest, headers }));
  }

  signIn(email: string, password: string) {
    return this.fetch('/auth/v1/token?grant_type=password', json({ email, password }));
  }

  refresh(init: RequestInit & { csrf?: boolean } = {}) {
    return this.fetch('/auth/v1/token?grant_type=refresh_token', { method: 'POST', ...init });
  }
}
