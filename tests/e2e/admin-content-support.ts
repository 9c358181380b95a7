import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { StaffRole } from '@atelier/shared';
import { expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { type AccountServer, PASSWORD } from './accounts-support';

const ALL_PAGES = [
  'Dashboard',
  'Projects',
  'Blog',
  'Services',
  'Team',
  'Inquiries',
  'Media',
  'Trash',
  'Settings',
  'Backups',
  'People',
  'Activity',
];
/** The sidebar's pages each staff role sees, in order. */
export const SIDEBAR: Record<StaffRole, string[]> = {
  owner: ALL_PAGES,
  admin: ALL_PAGES,
  editor: ['Dashboard', 'Projects', 'Blog', 'Services', 'Team', 'Inquiries', 'Media', 'Trash'],
  contributor: ['Dashboard', 'Projects', 'Blog', 'Services', 'Team', 'Media'],
};

/**
 * Signs a staff member in through the admin's door (/admin/login, as a person would) and opens an admin page:
 * a new account of `who` (a role, an admin unless said), or the account given.
 */
export async function openAdmin(
  page: Page,
  server: AccountServer,
  path = '/admin/dashboard',
  who: StaffRole | { email: string; password: string } = 'admin',
) {
  const admin = typeof who === 'string' ? server.createUser({ role: who }) : who;
  await page.goto(`${server.url}/admin/login?redirect=${encodeURIComponent(path)}`);
  const form = page.getByRole('form', { name: 'Admin Login' });
  await form.getByLabel('Email').fill(admin.email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
  // A shared, busy machine: signing in and loading the panel may take a while.
  await expect(page).not.toHaveURL(/\/admin\/login/, { timeout: 20_000 });
  await expect(
    page.getByRole('navigation', { name: 'Admin' }).or(page.getByRole('button', { name: 'Open menu' })),
  ).toBeVisible({ timeout: 20_000 });
  return admin;
}

/** The admin API as that admin (bearer token), to arrange data a test needs. */
export async function adminApi(server: AccountServer, email: string) {
  const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const { access_token } = (await res.json()) as { access_token: string };
  return async (method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${access_token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: answer.status, body: answer.status === 204 ? null : await answer.json() };
  };
}

/** An inquiry sent as the contact form's script sends it (the public API), from `client_name`. */
export async function sendInquiry(server: AccountServer, client_name: string) {
  const res = await fetch(`${server.url}/api/inquiries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name,
      email: 'visitor@example.mw',
      phone: '+265 999 000 004',
      subject: 'A pavilion',
      project_type: 'commercial',
      budget: 'under-50k',
      message: 'A pavilion by the lake for our lodge.',
    }),
  });
  expect(res.status).toBe(201);
}

/** Chooses an option of a Radix select (its trigger is named by the field). */
export async function choose(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A small real photograph-like PNG. */
export const pngFile = async (name = 'portrait.png', seed = 1) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({
    create: { width: 64 + seed, height: 48, channels: 3, background: { r: 180, g: 140 + seed, b: 90 } },
  })
    .png()
    .toBuffer(),
});

/** A row of an admin table, found by its text. */
export const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** A photograph in the server's media store, with its library row, as an upload leaves it. */
export function storedPhoto(server: AccountServer, name: string) {
  const file = path.join(server.dataDir, 'uploads', 'projects', name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `photo ${name}`);
  const db = new Database(path.join(server.dataDir, 'atelier.db'));
  db.pragma('busy_timeout = 5000');
  db.prepare(
    `INSERT INTO media_files (id, bucket, path, content_hash, mime_type, size_bytes, original_name)
     VALUES (?, 'projects', ?, ?, 'image/jpeg', 10, ?)`,
  ).run(randomUUID(), `projects/${name}`, randomUUID(), name);
  db.close();
  return `/media/projects/${name}`;
}
