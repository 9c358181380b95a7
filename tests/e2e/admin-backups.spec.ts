import path from 'node:path';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { accountServerForThisFile, expectToast } from './accounts-support';
import { openAdmin } from './admin-content-support';
import { expectAccessible } from './support';

const server = accountServerForThisFile();

/** Makes every account three days old: a site that old with no backup is late for one. */
function ageTheSite() {
  const db = new Database(path.join(server.dataDir, 'atelier.db'));
  db.pragma('busy_timeout = 5000');
  db.prepare(`UPDATE users SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-3 days')`).run();
  db.close();
}

test('an admin is warned of a missing backup, backs up now, sees it listed and downloads it', async ({
  page,
}) => {
  await openAdmin(page, server, '/admin/dashboard', 'admin');
  ageTheSite();
  await page.reload();
  const warning = page.getByRole('alert').filter({ hasText: 'The site has never been backed up.' });
  await expect(warning).toBeVisible();
  await warning.getByRole('link', { name: 'back up now' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Backups' })).toBeVisible();
  await expect(page.getByText('No backups yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Back up now' }).click();
  await expectToast(page, 'Backup complete.');
  const row = page.getByRole('row').filter({ hasText: 'Complete' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('0 projects');
  await expect(row).toContainText('0 inquiries');
  await expect(page.getByText(/Kept in .*backups/)).toBeVisible();

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /Download the backup of/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^atelier-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar$/);

  // The dashboard no longer warns.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('The site has never been backed up.')).toHaveCount(0);
});

test('the schedule is saved, and refused with a clear message when it is not one', async ({ page }) => {
  await openAdmin(page, server, '/admin/backups', 'owner');
  const form = page.getByRole('form', { name: 'Backup schedule' });
  await expect(form.getByLabel('Time of the nightly backup')).toHaveValue('02:00');
  await form.getByLabel('Daily backups kept').fill('0');
  await form.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(form.getByText('Keep at least 1 daily backup')).toBeVisible();
  await form.getByLabel('Daily backups kept').fill('10');
  await form.getByLabel('Time of the nightly backup').fill('03:15');
  await form.getByRole('button', { name: 'Save Schedule' }).click();
  await expectToast(page, 'Schedule saved.', 'The server backs up every night at 03:15.');
  await page.reload();
  await expect(form.getByLabel('Daily backups kept')).toHaveValue('10');
  await expect(form.getByLabel('Time of the nightly backup')).toHaveValue('03:15');
});

test('the Backups screen at 390 px and 1440 px, accessible', async ({ page }, info) => {
  await openAdmin(page, server, '/admin/backups', 'admin');
  const table = page.getByRole('columnheader', { name: 'Made' });
  await expect(table.or(page.getByText('No backups yet.'))).toBeVisible();
  if (await page.getByText('No backups yet.').isVisible()) {
    await page.getByRole('button', { name: 'Back up now' }).click();
    await expectToast(page, 'Backup complete.');
  }
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(table).toBeVisible();
    await page.screenshot({ path: info.outputPath(`backups-${width}.png`), fullPage: true });
    await expectAccessible(page);
  }
});

test('an editor has no Backups screen', async ({ page }) => {
  await openAdmin(page, server, '/admin/backups', 'editor');
  await expect(page.getByText("You don't have access to this page")).toBeVisible();
});
