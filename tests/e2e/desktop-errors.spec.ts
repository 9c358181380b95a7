import path from 'node:path';
import { ADMIN_MESSAGES, AUTH_MESSAGES, MEDIA_MESSAGES } from '@atelier/shared';
import { expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { tusUpload } from '../support/tus';
import { adminApi, desktopServerForThisFile, openApp, signIn } from './desktop-support';

test.describe.configure({ mode: 'default', timeout: 60_000 });

const files = desktopServerForThisFile('desktop-errors');

/** The admin panel's toast, once it shows `title`. */
async function expectToast(page: Page, title: string, text?: string) {
  const toast = page.getByRole('status').filter({ hasText: title });
  await expect(toast).toBeVisible();
  if (text) await expect(toast).toContainText(text);
}

test('sign-in shows the server’s own message: wrong credentials, then the lockout', async ({ page }) => {
  const { pageErrors } = await openApp(page, files.work, { serverUrlOverride: files.server.url });
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Admin Login' });
  await form.getByLabel('Email').fill(`nobody.${Date.now().toString(36)}@example.mw`);
  await form.getByLabel('Password').fill('Wrong#Guess1');
  const alert = form.getByRole('alert');
  for (let attempt = 1; attempt <= 5; attempt++) {
    await form.getByRole('button', { name: 'Sign in' }).click();
    // Each click clears the last answer at once: the alert seen is this attempt's.
    await expect(alert).toHaveText(AUTH_MESSAGES.invalidCredentials);
  }
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(alert).toHaveText(AUTH_MESSAGES.tooManyLogins(180));
  expect(pageErrors).toEqual([]);
});

test('a save refused for a field puts the server’s message at that field', async ({ page }) => {
  // A social link stored before links had to be web addresses (imported from the old site), while the
  // links are switched off: the form sends the stored value, and the server refuses it.
  const db = new Database(path.join(files.server.dataDir, 'atelier.db'));
  try {
    db.prepare(
      "UPDATE site_settings SET facebook_url = 'facebook.com/lakeshore', show_social_links = 0 WHERE id = 'default'",
    ).run();
  } finally {
    db.close();
  }
  await openApp(page, files.work, { serverUrlOverride: files.server.url });
  await signIn(page);
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await expect(page.getByLabel('Site Name')).not.toHaveValue('');
  await page.getByLabel('Site Name').fill('Lakeshore Studio');
  await page.getByRole('button', { name: 'Save Changes' }).click();

  await expectToast(page, 'Error', ADMIN_MESSAGES.invalidUrl);
  await expect(page.getByRole('tab', { name: 'Social Media' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Facebook URL')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Facebook URL')).toHaveAccessibleDescription(ADMIN_MESSAGES.invalidUrl);
  const { call } = await adminApi(files.server.url);
  expect((await call('GET', '/api/admin/settings')).body.site_name).not.toBe('Lakeshore Studio');
});

test('a save over a newer one offers to reload the settings, keeping what was typed', async ({ page }) => {
  const { call } = await adminApi(files.server.url);
  const stored = (await call('GET', '/api/admin/settings')).body;
  // Settings as the previous test left them would be refused for their own reason: a clean record first.
  const clean = {
    site_name: stored.site_name,
    site_description: stored.site_description,
    contact_email: stored.contact_email,
    contact_phone: stored.contact_phone,
    office_address: stored.office_address,
    footer_text: stored.footer_text,
    show_social_links: true,
    facebook_url: 'https://facebook.com/lakeshore',
    twitter_url: '',
    instagram_url: '',
    linkedin_url: '',
  };
  expect((await call('PUT', '/api/admin/settings', clean)).status).toBe(200);

  await openApp(page, files.work, { serverUrlOverride: files.server.url });
  await signIn(page);
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await expect(page.getByLabel('Site Name')).not.toHaveValue('');
  await page.getByLabel('Site Description').fill('Typed in the desktop app');

  // Meanwhile another admin saves.
  expect((await call('PUT', '/api/admin/settings', { ...clean, site_name: 'Saved Elsewhere' })).status).toBe(
    200,
  );

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Error', ADMIN_MESSAGES.editConflict);
  const warning = page.getByRole('alert').filter({ hasText: 'Someone else saved the settings' });
  await expect(warning).toBeVisible();
  await expect(page.getByLabel('Site Description')).toHaveValue('Typed in the desktop app');
  await warning.getByRole('button', { name: 'Reload settings' }).click();
  await expect(page.getByLabel('Site Name')).toHaveValue('Saved Elsewhere');
  await expect(warning).toBeHidden();
});

test('deleting a file in use shows where it is used; a taken folder name is said at the field', async ({
  page,
}) => {
  const { token, call } = await adminApi(files.server.url);
  const png = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#7a5230' } })
    .png()
    .toBuffer();
  const upload = await tusUpload(files.server.url, token, png, {
    filename: 'veranda.png',
    filetype: 'image/png',
  });
  expect(upload.status).toBe(200);
  const item = upload.body.item as { id: string; url: string };
  const project = await call('POST', '/api/admin/projects', {
    title: 'Veranda House',
    description: 'A house behind a deep veranda.',
    category: 'residential',
    location: 'Zomba',
    client: 'Private',
    completion_date: null,
    status: 'draft',
    project_type: 'project',
    images: [item.url],
    image_alts: {},
    thumbnail: item.url,
  });
  expect(project.status, JSON.stringify(project.body)).toBe(201);
  expect(
    (await call('POST', '/api/admin/media/folders', { name: 'Site Visits', parent_id: null })).status,
  ).toBe(201);

  const { pageErrors } = await openApp(page, files.work, { serverUrlOverride: files.server.url });
  await signIn(page);
  await page.getByRole('link', { name: 'Media' }).first().click();

  await page.getByRole('button', { name: 'Details of veranda.png' }).click();
  const details = page.getByRole('dialog', { name: 'veranda.png' });
  await details.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete "veranda.png"?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  const refusal = page.getByRole('alertdialog', { name: MEDIA_MESSAGES.inUse });
  await expect(refusal).toContainText('Veranda House');
  await refusal.getByRole('button', { name: 'OK' }).click();
  await details.getByRole('button', { name: 'Close' }).click();
  expect((await call('GET', `/api/admin/media/${item.id}`)).status).toBe(200);

  await page.getByRole('button', { name: 'New Folder' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Folder' });
  await dialog.getByLabel('Folder Name').fill('Site Visits');
  await dialog.getByRole('button', { name: 'Create Folder' }).click();
  await expect(dialog.getByLabel('Folder Name')).toHaveAccessibleDescription(MEDIA_MESSAGES.folderExists);
  expect(pageErrors).toEqual([]);
});
