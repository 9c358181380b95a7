import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { accountServerForThisFile, expectToast, signInThroughPage } from './accounts-support';
import { expectAccessible } from './support';

// A server of its own with the sample studio seeded: this file removes it.
const server = accountServerForThisFile({ SEED: 'sample' });
test.describe.configure({ timeout: 120_000 });

/** Where the screenshots go, to be looked at (not compared). */
const SHOTS = path.resolve(import.meta.dirname, '../../.cache/sample-screens');

test('the sample is marked in the lists, and removed in one action from the dashboard', async ({ page }) => {
  const admin = server.createUser({ role: 'admin' });
  await signInThroughPage(page, server, admin.email);

  await page.goto(`${server.url}/admin/projects`);
  const sampleRow = page.getByRole('row').filter({ hasText: 'Mangochi Waterfront Market' });
  await expect(sampleRow.getByText('Sample', { exact: true })).toBeVisible();

  await page.goto(`${server.url}/admin/settings`);
  const card = page.getByRole('heading', { name: 'Sample content', level: 2 });
  await card.scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'Remove sample content' })).toBeVisible();
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `settings-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto(`${server.url}/admin`);
  const offer = page.getByRole('heading', { name: 'Make the site your own' }).locator('..').locator('..');
  await expect(offer).toContainText(
    /\d+ projects, \d+ blog posts, \d+ services, \d+ team members, \d+ videos/,
  );
  await expectAccessible(page);
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: path.join(SHOTS, `dashboard-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Remove sample content' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove the sample content?' });
  await expect(confirm).toContainText(/permanently deletes \d+ projects, .*\d+ media files/);
  await confirm.getByRole('button', { name: 'Remove sample content' }).click();
  await expectToast(page, 'Sample content removed');
  await expect(page.getByRole('heading', { name: 'Make the site your own' })).toHaveCount(0);

  await page.goto(`${server.url}/admin/settings`);
  await expect(page.getByText('No sample content is left')).toBeVisible();
  await page.goto(`${server.url}/admin/projects`);
  await expect(page.getByText('No projects found')).toBeVisible();
  await page.goto(`${server.url}/`);
  await expect(page.getByRole('main')).not.toContainText('Mangochi Waterfront Market');
});
