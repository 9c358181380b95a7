import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { accountServerForThisFile, expectToast } from './accounts-support';
import { adminApi, openAdmin } from './admin-content-support';
import { expectAccessible } from './support';

const server = accountServerForThisFile();
// Several saves, a dialog, axe twice and screenshots at two widths on a shared machine.
test.describe.configure({ timeout: 150_000 });

/** Where the screenshots go, to be looked at (not compared). */
const SHOTS = path.resolve(import.meta.dirname, '../../.cache/revision-screens');
const tag = Date.now().toString(36);
const FIRST = 'The house sits on a quiet slope above the lake, built of local brick.';
const SECOND = 'The house sits on a steep slope above the lake, built of local brick.';
const THIRD = 'The house sits on a steep slope above the lake, built of fired brick and timber.';

async function saveDescription(page: Page, id: string, description: string) {
  await page.goto(`${server.url}/admin/projects/edit/${id}`);
  const form = page.getByRole('form', { name: 'Edit Project' });
  await form.getByLabel('Description').fill(description);
  await form.getByRole('button', { name: 'Update Project' }).click();
  await expectToast(page, 'Project Updated');
}

test('a project edited twice: its History compares word by word and restores the first version, which the site shows', async ({
  page,
}) => {
  const admin = await openAdmin(page, server, '/admin/dashboard');
  const api = await adminApi(server, admin.email);
  const title = `Slope House ${tag}`;
  const created = await api('POST', '/api/admin/projects', {
    title,
    description: FIRST,
    category: 'residential',
    status: 'published',
    images: [],
    thumbnail: null,
  });
  expect(created.status).toBe(201);
  const { id, slug } = created.body;

  await saveDescription(page, id, SECOND);
  await saveDescription(page, id, THIRD);

  await page.goto(`${server.url}/admin/projects/edit/${id}`);
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(3);
  await expect(history.getByRole('listitem').first()).toContainText('Edited');
  await expect(history.getByRole('listitem').first()).toContainText('Description');
  await expect(history.getByRole('listitem').last()).toContainText('Created');
  await expect(history.getByRole('listitem').last()).toContainText('First version');

  fs.mkdirSync(SHOTS, { recursive: true });
  await history
    .getByRole('button', { name: /^Compare the version/ })
    .last()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Compare versions' });
  await expect(dialog).toBeVisible();
  const diff = dialog.getByRole('table', { name: 'Differences' });
  await expect(diff.getByRole('rowheader', { name: /Description/ })).toBeVisible();
  // The word diff: what the old version had struck out, what the current one added marked.
  await expect(diff.getByRole('deletion').filter({ hasText: 'quiet' })).toBeVisible();
  await expect(diff.getByRole('insertion').filter({ hasText: 'steep' })).toBeVisible();
  await expect(diff.getByRole('insertion').filter({ hasText: 'fired' })).toBeVisible();
  await expectAccessible(page);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `compare-${width}.png`) });
  }

  await dialog.getByRole('button', { name: 'Restore this version' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Restore this version?' });
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expectToast(page, 'Version restored');
  await expect(dialog).toBeHidden();

  // The form shows the restored version, and the history its mark.
  const form = page.getByRole('form', { name: 'Edit Project' });
  await expect(form.getByLabel('Description')).toHaveValue(FIRST);
  await expect(history.getByRole('listitem')).toHaveCount(4);
  await expect(history.getByRole('listitem').first()).toContainText('Restored');
  await expectAccessible(page);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await history.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `history-${width}.png`), fullPage: true });
  }

  const site = await page.context().newPage();
  await site.goto(`${server.url}/projects/${slug}`);
  await expect(site.getByText(FIRST)).toBeVisible();
});

test("the settings: how long versions are kept, and the settings' own History", async ({ page }) => {
  const admin = await openAdmin(page, server, '/admin/settings');
  await expect(page.getByLabel('Site Name')).not.toHaveValue('');
  await page.getByLabel('Site Name').fill(`Lakeshore ${tag}`);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Settings saved successfully.');
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem').first()).toContainText('Site name');

  const retention = page.getByRole('form', { name: 'Saved versions' });
  await retention.getByRole('combobox', { name: 'Versions kept' }).click();
  await page.getByRole('option', { name: 'Keep the last versions of each item' }).click();
  await retention.getByLabel('Versions per item').fill('25');
  await retention.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'History settings saved');
  const api = await adminApi(server, admin.email);
  expect((await api('GET', '/api/admin/revisions/retention')).body).toEqual({ keep: 'last', count: 25 });

  await expectAccessible(page);
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `settings-${width}.png`), fullPage: true });
  }
});
