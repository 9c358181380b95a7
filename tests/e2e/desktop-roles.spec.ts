import { AUTH_MESSAGES } from '@atelier/shared';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD } from '../support/desktop';
import { runCli } from '../support/process';
import { SIDEBAR } from './admin-content-support';
import { desktopServerForThisFile, openApp, signIn } from './desktop-support';

test.describe.configure({ mode: 'default', timeout: 60_000 });

const files = desktopServerForThisFile('desktop-roles');

/** A new account of `role`, made with the server's CLI as the owner would. */
async function account(role: string) {
  const email = `${role}.${Date.now().toString(36)}@example.mw`;
  const made = await runCli(['user:create', '--email', email, '--password', ADMIN_PASSWORD, '--role', role], {
    DATA_DIR: files.server.dataDir,
    PASSWORD_HASH: 'fast',
  });
  expect(made.code, made.output).toBe(0);
  return email;
}

const sidebar = async (page: Page) =>
  (await page.getByRole('navigation', { name: 'Admin' }).getByRole('link').allInnerTexts()).map((t) =>
    t.trim(),
  );

test('a contributor signs in and sees the pages of their role, the media library among them', async ({
  page,
}) => {
  const { pageErrors } = await openApp(page, files.work, { serverUrlOverride: files.server.url });
  await signIn(page, await account('contributor'));
  expect(await sidebar(page)).toEqual(SIDEBAR.contributor);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Media' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Media Library' })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('an editor signs in and reads the inquiries, without settings, people or activity', async ({ page }) => {
  const { pageErrors } = await openApp(page, files.work, { serverUrlOverride: files.server.url });
  await signIn(page, await account('editor'));
  expect(await sidebar(page)).toEqual(SIDEBAR.editor);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Inquiries' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inquiries' })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('an account without a staff role is told it has no access, and can sign out', async ({ page }) => {
  await openApp(page, files.work, { serverUrlOverride: files.server.url });
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await page.getByLabel('Email').fill(await account('user'));
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'No access to the admin' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(AUTH_MESSAGES.adminOnly);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
});

test('when the studio requires two-step verification of all staff, a contributor without it is led to set it up', async ({
  page,
}) => {
  const email = await account('contributor');
  const set = await runCli(['settings:mfa', 'staff'], {
    DATA_DIR: files.server.dataDir,
    PASSWORD_HASH: 'fast',
  });
  try {
    expect(set.code, set.output).toBe(0);
    const { opened } = await openApp(page, files.work, { serverUrlOverride: files.server.url });
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Two-step verification required' }),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(AUTH_MESSAGES.staffMfaRequired);
    await page.getByRole('button', { name: 'Set Up Two-Step Verification' }).click();
    await expect.poll(() => opened).toEqual([`${files.server.url}/profile#security`]);
  } finally {
    await runCli(['settings:mfa', 'none'], { DATA_DIR: files.server.dataDir, PASSWORD_HASH: 'fast' });
  }
});
