/**
 * Each staff role sees the admin its role allows: the sidebar lists only its pages, and a deep link to a page
 * it may not open says so (not the 404, not an empty page). The server refuses the data either way.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AUTH_MESSAGES } from '@atelier/shared';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { ROOT } from '../support/process';
import { tusUpload } from '../support/tus';
import { accountServerForThisFile, expectToast, PASSWORD, signInThroughPage } from './accounts-support';
import { openAdmin, SIDEBAR } from './admin-content-support';
import { expectAccessible, waitForRest } from './support';

const server = accountServerForThisFile();
test.describe.configure({ timeout: 90_000 });

async function sidebarLinks(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  return nav.getByRole('link').allInnerTexts();
}

for (const role of ['admin', 'editor', 'contributor'] as const) {
  test(`the ${role}'s sidebar lists the pages of the role`, async ({ page }) => {
    await openAdmin(page, server, '/admin/dashboard', role);
    expect((await sidebarLinks(page)).map((text) => text.trim())).toEqual(SIDEBAR[role]);
  });
}

test("a contributor's deep links to refused pages say so, with the way back; the server refuses the data", async ({
  page,
}) => {
  const contributor = await openAdmin(page, server, '/admin/settings', 'contributor');
  const refusal = page.getByRole('heading', { level: 1, name: "You don't have access to this page" });
  await expect(refusal).toBeVisible();
  await expect(page).toHaveTitle(/^No Access \| /);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);
  await expectAccessible(page);
  const shots = path.join(ROOT, '.cache', 'screenshots');
  fs.mkdirSync(shots, { recursive: true });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await waitForRest(page);
    await page.screenshot({ path: path.join(shots, `admin-no-access-${width}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const refused of ['/admin/inquiries', '/admin/users', '/admin/activity']) {
    await page.goto(`${server.url}${refused}`);
    await expect(refusal).toBeVisible();
  }
  await page.getByRole('link', { name: 'Dashboard' }).last().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // The page is only the face of it: the server refuses the contributor the settings and inquiries.
  const token = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: contributor.email, password: contributor.password }),
  }).then(async (res) => ((await res.json()) as { access_token: string }).access_token);
  for (const api of ['/api/admin/settings', '/api/admin/inquiries', '/api/admin/activity']) {
    const res = await fetch(`${server.url}${api}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status, api).toBe(403);
    expect(((await res.json()) as any).error.message).toBe(AUTH_MESSAGES.roleForbidden);
  }
});

test('a visitor account without a staff role still gets Access Denied at /admin', async ({ page }) => {
  const visitor = server.createUser({ role: 'user' });
  await signInThroughPage(page, server, visitor.email);
  await page.goto(`${server.url}/admin/dashboard`);
  await expectToast(page, 'Access Denied');
  await expect(page).toHaveURL(`${server.url}/`);
});

test("a contributor's bulk move and delete are off while the selection holds someone else's file", async ({
  page,
}) => {
  const tokenOf = async (email: string) =>
    fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    }).then(async (res) => ((await res.json()) as { access_token: string }).access_token);
  const png = (background: string) =>
    sharp({ create: { width: 48, height: 32, channels: 3, background } })
      .png()
      .toBuffer();
  const tag = Date.now().toString(36);
  const editor = server.createUser({ role: 'editor' });
  const theirs = await tusUpload(server.url, await tokenOf(editor.email), await png('#7a5230'), {
    filename: `theirs-${tag}.png`,
    filetype: 'image/png',
  });
  expect(theirs.status).toBe(200);
  const contributor = server.createUser({ role: 'contributor' });
  const mine = await tusUpload(server.url, await tokenOf(contributor.email), await png('#30527a'), {
    filename: `mine-${tag}.png`,
    filetype: 'image/png',
  });
  expect(mine.status).toBe(200);

  await openAdmin(page, server, '/admin/media', contributor);
  // A toast (the sign-in's) can sit over the tiles and waits while the pointer is on it: closed first.
  const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
  if (await dismiss.isVisible()) await dismiss.click();
  await page.getByRole('searchbox').fill(tag);
  await page.getByRole('checkbox', { name: `Select mine-${tag}.png` }).check();
  const bar = page.getByRole('region', { name: 'Selected files' });
  await expect(bar.getByRole('button', { name: 'Delete Selected' })).toBeEnabled();
  await page.getByRole('checkbox', { name: `Select theirs-${tag}.png` }).check();
  await expect(bar.getByRole('button', { name: 'Delete Selected' })).toBeDisabled();
  await expect(bar.getByRole('button', { name: 'Move Selected' })).toBeDisabled();
  await expect(bar).toContainText('you can move and delete only your own');
});
