import { ADMIN_MESSAGES } from '@atelier/shared';
import { expect, type Page, test } from '@playwright/test';
import { accountServerForThisFile, expectToast, signInThroughPage } from './accounts-support';
import { expectAccessible } from './support';

const server = accountServerForThisFile();
// Two pages, a server of its own and axe, on a shared and busy machine: more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

async function openSettings(page: Page) {
  const admin = server.createUser({ role: 'admin' });
  await signInThroughPage(page, server, admin.email);
  await page.goto(`${server.url}/admin/settings`);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Site Name')).not.toHaveValue('');
}

test('a saved change reaches an open public page without a reload', async ({ page, context }) => {
  const site = await context.newPage();
  await site.goto(`${server.url}/`);
  const footer = site.getByRole('contentinfo');
  await expect(footer).toBeVisible();

  await openSettings(page);
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'Footer' }).click();
  const text = `© 2026 Lakeshore Architects. Drawn in Lilongwe (${Date.now().toString(36)}).`;
  await page.getByLabel('Footer Text').fill(text);
  await page.getByRole('tab', { name: 'General' }).click();
  await page.getByLabel('Site Name').fill('LAKESHORE');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Settings saved successfully.');

  // The public page was not reloaded: the settings event brought the change.
  await expect(footer).toContainText(text);
  await expect(footer).toContainText('LAKESHORE');
  const answer = await (await fetch(`${server.url}/api/settings`)).json();
  expect(answer.footer_text).toBe(text);
  expect(answer.site_name).toBe('LAKESHORE');
  // The form shows the saved values after a reload.
  await page.reload();
  await expect(page.getByLabel('Site Name')).toHaveValue('LAKESHORE');
});

test('the tabs: social URLs follow their switch, errors show at their field, unsaved changes ask first', async ({
  page,
}) => {
  await openSettings(page);
  for (const tab of ['General', 'Contact', 'Social Media', 'Footer'])
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();

  await page.getByRole('tab', { name: 'Social Media' }).click();
  const toggle = page.getByRole('switch', { name: 'Show Social Links' });
  const facebook = page.getByLabel('Facebook URL');
  await expect(toggle).toBeChecked();
  await expect(facebook).toBeEnabled();
  await facebook.fill('not a url');
  await toggle.click();
  for (const label of ['Facebook URL', 'Twitter URL', 'Instagram URL', 'LinkedIn URL'])
    await expect(page.getByLabel(label)).toBeDisabled();
  await toggle.click();
  await expect(facebook).toBeEnabled();
  await expectAccessible(page);

  // An invalid e-mail on another tab: the save shows that tab and the message at the field.
  await page.getByRole('tab', { name: 'Contact' }).click();
  await page.getByLabel('Contact Email').fill('studio@');
  await page.getByRole('tab', { name: 'Footer' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('tab', { name: 'Contact' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Contact Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert').filter({ hasText: /valid email/i })).toBeVisible();
  await page.getByLabel('Contact Email').fill('studio@lakeshore.mw');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('tab', { name: 'Social Media' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('alert').filter({ hasText: /URL/ })).toBeVisible();
  await page.getByLabel('Facebook URL').fill('https://facebook.com/lakeshore');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Settings saved successfully.');
  const saved = await (await fetch(`${server.url}/api/settings`)).json();
  expect(saved.contact_email).toBe('studio@lakeshore.mw');
  expect(saved.facebook_url).toBe('https://facebook.com/lakeshore');

  // Leaving with an unsaved change asks first.
  await page.getByRole('tab', { name: 'General' }).click();
  await page.getByLabel('Site Description').fill('Something not saved');
  await page.getByRole('link', { name: 'Dashboard' }).click();
  const guard = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  await expect(guard).toBeVisible();
  await guard.getByRole('button', { name: 'Stay on Page' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByLabel('Site Description')).toHaveValue('Something not saved');
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave Page' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('the activity list shows the settings change, filtered by item type', async ({ page }) => {
  await openSettings(page);
  await page.getByRole('tab', { name: 'Contact' }).click();
  await page.getByLabel('Contact Phone').fill('+265 1 700 700');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Settings saved successfully.');

  await page.getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Filter by item type' }).click();
  await page.getByRole('option', { name: 'Settings' }).click();
  const row = page.getByRole('row').filter({ hasText: 'contact_phone' }).first();
  await expect(row).toContainText('Update');
  await expectAccessible(page);
});

test("a save over another admin's newer save is refused, and what was typed stays until Reload", async ({
  page,
  browser,
}) => {
  await openSettings(page);
  await page.getByLabel('Site Description').fill('Typed by the first admin');

  // Meanwhile a second admin, in a browser of their own, saves.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await openSettings(other);
  await other.getByLabel('Site Name').fill('Saved Elsewhere');
  await other.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(other, 'Settings saved successfully.');
  await elsewhere.close();

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Error', ADMIN_MESSAGES.editConflict);
  const warning = page.getByRole('alert').filter({ hasText: 'Someone else saved the settings' });
  await expect(warning).toBeVisible();
  await expect(page.getByLabel('Site Description')).toHaveValue('Typed by the first admin');
  const kept = await (await fetch(`${server.url}/api/settings`)).json();
  expect(kept.site_name).toBe('Saved Elsewhere');
  expect(kept.site_description).not.toBe('Typed by the first admin');

  await warning.getByRole('button', { name: 'Reload settings' }).click();
  await expect(page.getByLabel('Site Name')).toHaveValue('Saved Elsewhere');
  await expect(page.getByLabel('Site Description')).toHaveValue(kept.site_description);
  await expect(warning).toBeHidden();

  await page.getByLabel('Site Description').fill('Typed again, on the newer version');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Settings saved successfully.');
  const saved = await (await fetch(`${server.url}/api/settings`)).json();
  expect(saved).toMatchObject({
    site_name: 'Saved Elsewhere',
    site_description: 'Typed again, on the newer version',
  });
});
