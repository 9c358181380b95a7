import { expect, test } from '@playwright/test';
import { accountServerForThisFile } from './accounts-support';
import { openAdmin } from './admin-content-support';

// A threshold no disk reaches: the data folder's disk is always "low" on this server.
const server = accountServerForThisFile({ DISK_WARNING_BYTES: String(Number.MAX_SAFE_INTEGER) });

test('the dashboard warns an admin when the disk is low', async ({ page }) => {
  await openAdmin(page, server, '/admin/dashboard', 'admin');
  const warning = page.getByRole('alert').filter({ hasText: "The server's disk is almost full" });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('free of');
});

test('the dashboard does not warn a role that cannot manage the settings', async ({ page }) => {
  await openAdmin(page, server, '/admin/dashboard', 'editor');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText("The server's disk is almost full")).toHaveCount(0);
});
