/**
 * What was typed in an admin form and not saved survives a closed page, a crash and a server that went away:
 * kept in the platform's draft store (IndexedDB in the browser, a file per person written by the desktop
 * app's main process), offered on the next visit, applied only when the person restores it, discarded once
 * saved and when the person signs out. Against a server of this file's own, which a test kills mid-save.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/desktop';
import { expectToast } from './accounts-support';
import { adminApi, desktopServerForThisFile, openApp, signIn } from './desktop-support';
import { expectAccessible } from './support';

test.describe.configure({ mode: 'default', timeout: 120_000 });

const files = desktopServerForThisFile('unsaved-edits');
const tag = Date.now().toString(36);
const SHOTS = path.resolve(import.meta.dirname, '../../.cache/screenshots');

async function newProject(title: string): Promise<string> {
  const { call } = await adminApi(files.server.url);
  const answer = await call('POST', '/api/admin/projects', {
    title,
    description: 'A house of fired brick above the lake.',
    category: 'residential',
  });
  expect(answer.status).toBe(201);
  return answer.body.id as string;
}

/** A new project (made through the API) open in its edit form, signed in through /admin/login. */
async function editNewProject(page: Page, title: string) {
  const id = await newProject(title);
  const edit = `/admin/projects/edit/${id}`;
  await openAdmin(page, edit);
  const form = page.getByRole('form', { name: 'Edit Project' });
  await expect(form.getByLabel('Project Title')).toHaveValue(title);
  return { id, edit, form };
}

/** Signs in through /admin/login and opens `adminPath`. */
async function openAdmin(page: Page, adminPath: string) {
  await page.goto(`${files.server.url}/admin/login?redirect=${encodeURIComponent(adminPath)}`);
  const form = page.getByRole('form', { name: 'Admin Login' });
  await form.getByLabel('Email').fill(ADMIN_EMAIL);
  await form.getByLabel('Password').fill(ADMIN_PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/admin\/login/, { timeout: 20_000 });
}

/** The drafts this browser keeps (IndexedDB): each form's unsaved values by the form's name. */
function storedDrafts(page: Page): Promise<Record<string, Record<string, unknown>>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, Record<string, unknown>>>((resolve, reject) => {
        const open = indexedDB.open('atelier-drafts', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('drafts');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const store = open.result.transaction('drafts').objectStore('drafts');
          const keys = store.getAllKeys();
          const values = store.getAll();
          store.transaction.oncomplete = () => {
            open.result.close();
            resolve(
              Object.fromEntries(
                keys.result.map((key, i) => [(key as string[])[1], values.result[i].values]),
              ),
            );
          };
        };
      }),
  );
}

const formsIn = async (page: Page) => Object.keys(await storedDrafts(page));

/** Closes the page without saving (no beforeunload prompt: as a crash or a closed tab) and opens another. */
async function closeAndReopen(page: Page, context: BrowserContext, adminPath: string): Promise<Page> {
  await page.close({ runBeforeUnload: false });
  const next = await context.newPage();
  await next.goto(`${files.server.url}${adminPath}`);
  return next;
}

const banner = (page: Page) => page.getByRole('region', { name: 'Unsaved changes' });

async function shoot(page: Page, name: string) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: false });
  }
}

test('a closed page’s edits are offered, reviewed, restored only when chosen, and gone once saved', async ({
  page,
  context,
}) => {
  const { id, edit, form } = await editNewProject(page, `Lakeside House ${tag}`);
  await form.getByLabel('Project Title').fill(`Lakeside House, renovated ${tag}`);
  await form.getByLabel('Description').fill('A house of fired brick above the lake, with a new veranda.');
  await expect
    .poll(() => storedDrafts(page))
    .toEqual({ [`projects/${id}`]: expect.objectContaining({ title: `Lakeside House, renovated ${tag}` }) });

  const again = await closeAndReopen(page, context, edit);
  const reopened = again.getByRole('form', { name: 'Edit Project' });
  await expect(banner(again)).toContainText(/You have unsaved changes from .*\d{1,2}:\d{2}/);
  // Offered, not applied.
  await expect(reopened.getByLabel('Project Title')).toHaveValue(`Lakeside House ${tag}`);
  await expectAccessible(again);
  await shoot(again, 'unsaved-banner');

  await banner(again).getByRole('button', { name: 'Review' }).click();
  const review = again.getByRole('dialog', { name: /Unsaved changes from/ });
  await expect(review.getByText('Title', { exact: true })).toBeVisible();
  await expect(review.getByText(`Lakeside House, renovated ${tag}`)).toBeVisible();
  await expect(review.getByText('with a new veranda.')).toBeVisible();
  // Only the changed fields.
  await expect(review.getByText('Location', { exact: true })).toHaveCount(0);
  await expectAccessible(again);
  await shoot(again, 'unsaved-review');
  await again.setViewportSize({ width: 1280, height: 900 });

  await review.getByRole('button', { name: 'Restore these changes' }).click();
  await expect(review).toBeHidden();
  await expect(banner(again)).toBeHidden();
  await expect(reopened.getByLabel('Project Title')).toHaveValue(`Lakeside House, renovated ${tag}`);
  // Restored is not saved.
  const { call } = await adminApi(files.server.url);
  expect((await call('GET', `/api/admin/projects/${id}`)).body.title).toBe(`Lakeside House ${tag}`);

  await reopened.getByRole('button', { name: 'Update Project' }).click();
  await expectToast(again, 'Project Updated');
  await expect(again).toHaveURL(/\/admin\/projects$/);
  expect((await call('GET', `/api/admin/projects/${id}`)).body.description).toBe(
    'A house of fired brick above the lake, with a new veranda.',
  );
  await expect.poll(() => formsIn(again)).toEqual([]);
  await again.goto(`${files.server.url}${edit}`);
  await expect(again.getByRole('form', { name: 'Edit Project' }).getByLabel('Project Title')).toHaveValue(
    `Lakeside House, renovated ${tag}`,
  );
  await expect(banner(again)).toHaveCount(0);
});

test('a draft made before someone else saved says so, and restores only its own fields', async ({
  page,
  context,
}) => {
  const { id, edit, form } = await editNewProject(page, `Chikondi Library ${tag}`);
  await form.getByLabel('Location').fill('Nkhata Bay');
  await expect.poll(() => formsIn(page)).toHaveLength(1);

  const { call } = await adminApi(files.server.url);
  const saved = await call('GET', `/api/admin/projects/${id}`);
  const update = await fetch(`${files.server.url}/api/admin/projects/${id}`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${(await adminApi(files.server.url)).token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ ...saved.body, title: `Chikondi Public Library ${tag}` }),
  });
  expect(update.status).toBe(200);

  const again = await closeAndReopen(page, context, edit);
  await banner(again).getByRole('button', { name: 'Review' }).click();
  const review = again.getByRole('dialog', { name: /Unsaved changes from/ });
  await expect(review.getByText('This item was saved again after these changes were made.')).toBeVisible();
  await expect(review.getByText('Nkhata Bay')).toBeVisible();
  await expect(review.getByText('Title', { exact: true })).toHaveCount(0);
  await review.getByRole('button', { name: 'Restore these changes' }).click();
  const reopened = again.getByRole('form', { name: 'Edit Project' });
  await expect(reopened.getByLabel('Location')).toHaveValue('Nkhata Bay');
  await expect(reopened.getByLabel('Project Title')).toHaveValue(`Chikondi Public Library ${tag}`);
});

test('the settings keep their unsaved edits too, offered once the saved settings are loaded', async ({
  page,
  context,
}) => {
  await openAdmin(page, '/admin/settings');
  await expect(page.getByLabel('Site Name')).not.toHaveValue('');
  await page.getByLabel('Site Name').fill(`Lakeshore Studio ${tag}`);
  await expect
    .poll(() => storedDrafts(page))
    .toMatchObject({
      'settings/site': { site_name: `Lakeshore Studio ${tag}` },
    });

  const again = await closeAndReopen(page, context, '/admin/settings');
  await expect(banner(again)).toBeVisible();
  await expect(again.getByLabel('Site Name')).not.toHaveValue(`Lakeshore Studio ${tag}`);
  await banner(again).getByRole('button', { name: 'Review' }).click();
  const review = again.getByRole('dialog', { name: /Unsaved changes from/ });
  await expect(review.getByText(`Lakeshore Studio ${tag}`)).toBeVisible();
  await review.getByRole('button', { name: 'Restore these changes' }).click();
  await expect(again.getByLabel('Site Name')).toHaveValue(`Lakeshore Studio ${tag}`);
  await again.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(again, 'Settings saved successfully.');
  await expect.poll(() => formsIn(again)).toEqual([]);
  const { call } = await adminApi(files.server.url);
  expect((await call('GET', '/api/admin/settings')).body.site_name).toBe(`Lakeshore Studio ${tag}`);
});

test('Discard drops a draft of a new project; signing out drops every draft of the person', async ({
  page,
  context,
}) => {
  await openAdmin(page, '/admin/projects/new');
  const form = page.getByRole('form', { name: 'New Project' });
  await form.getByLabel('Project Title').fill(`Mzuzu Studio ${tag}`);
  await expect
    .poll(() => storedDrafts(page))
    .toMatchObject({ 'projects/new': { title: `Mzuzu Studio ${tag}` } });

  let again = await closeAndReopen(page, context, '/admin/projects/new');
  await expect(banner(again)).toBeVisible();
  await expect(again.getByRole('form', { name: 'New Project' }).getByLabel('Project Title')).toHaveValue('');
  await banner(again).getByRole('button', { name: 'Discard' }).click();
  await expect(banner(again)).toBeHidden();
  await expect.poll(() => formsIn(again)).toEqual([]);
  await again.reload();
  await expect(again.getByRole('form', { name: 'New Project' })).toBeVisible();
  await expect(banner(again)).toHaveCount(0);

  // Two forms left with typing in them, then the person signs out.
  const id = await newProject(`Zomba Market ${tag}`);
  await again
    .getByRole('form', { name: 'New Project' })
    .getByLabel('Project Title')
    .fill(`Liwonde Lodge ${tag}`);
  await expect.poll(() => formsIn(again)).toHaveLength(1);
  again = await closeAndReopen(again, context, `/admin/projects/edit/${id}`);
  const form2 = again.getByRole('form', { name: 'Edit Project' });
  await expect(form2.getByLabel('Project Title')).toHaveValue(`Zomba Market ${tag}`);
  await form2.getByLabel('Client').fill('City of Zomba');
  await expect.poll(() => formsIn(again)).toHaveLength(2);
  again = await closeAndReopen(again, context, '/admin/dashboard');
  await again.getByRole('button', { name: 'Logout' }).click();
  await expect(again).toHaveURL(/\/auth/);
  await expect.poll(() => formsIn(again)).toEqual([]);
});

test('a save cut off by the server dying keeps the form as typed, and its draft is offered after a reload', async ({
  page,
}) => {
  const { id, edit, form } = await editNewProject(page, `Dedza Pottery ${tag}`);
  await form.getByLabel('Project Title').fill(`Dedza Pottery Workshop ${tag}`);
  // The save is on its way when the server dies: it reaches a server that is gone.
  await page.route(`**/api/admin/projects/${id}`, async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    await files.server.kill();
    await route.continue();
  });
  await form.getByRole('button', { name: 'Update Project' }).click();
  await expectToast(page, 'Not saved', 'What you typed is still here');
  await expect(page).toHaveURL(new RegExp(`${edit}$`));
  await expect(form.getByLabel('Project Title')).toHaveValue(`Dedza Pottery Workshop ${tag}`);
  await expect
    .poll(() => storedDrafts(page))
    .toMatchObject({ [`projects/${id}`]: { title: `Dedza Pottery Workshop ${tag}` } });

  await page.unroute(`**/api/admin/projects/${id}`);
  await files.server.start();
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(banner(page)).toBeVisible({ timeout: 20_000 });
  await expect(form.getByLabel('Project Title')).toHaveValue(`Dedza Pottery ${tag}`);
  await banner(page).getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('dialog', { name: /Unsaved changes from/ });
  await expect(review.getByText(`Dedza Pottery Workshop ${tag}`)).toBeVisible();
});

test('a save refused because the session ended keeps the draft, offered after signing in again', async ({
  page,
}) => {
  const { id, edit, form } = await editNewProject(page, `Mangochi Jetty ${tag}`);
  await form.getByLabel('Client').fill('Mangochi District Council');
  // Every session of the person ends elsewhere (signed out everywhere from another device).
  const { token } = await adminApi(files.server.url);
  const out = await fetch(`${files.server.url}/auth/v1/logout?scope=global`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(out.status).toBe(204);
  await form.getByRole('button', { name: 'Update Project' }).click();
  const login = page.getByRole('form', { name: 'Admin Login' });
  await expect(login).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login/);

  await openAdmin(page, edit);
  await expect(banner(page)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Edit Project' }).getByLabel('Client')).toHaveValue('');
  await banner(page).getByRole('button', { name: 'Review' }).click();
  await expect(
    page.getByRole('dialog', { name: /Unsaved changes from/ }).getByText('Mangochi District Council'),
  ).toBeVisible();
  const { call } = await adminApi(files.server.url);
  expect((await call('GET', `/api/admin/projects/${id}`)).body.client).not.toBe('Mangochi District Council');
});

test('the desktop app: edits left in a closed window are offered again, and its file goes at sign-out', async ({
  page,
  context,
}) => {
  const id = await newProject(`Salima Clinic ${tag}`);
  const userDataDir = fs.mkdtempSync(path.join(files.work, 'user-data-'));
  const app = await openApp(page, files.work, { serverUrlOverride: files.server.url, userDataDir });
  await signIn(page);
  await page.getByRole('link', { name: 'Projects' }).first().click();
  await page.getByRole('link', { name: `Edit Salima Clinic ${tag}` }).click();
  const form = page.getByRole('form', { name: 'Edit Project' });
  await expect(form.getByLabel('Project Title')).toHaveValue(`Salima Clinic ${tag}`);
  await form.getByLabel('Client').fill('Ministry of Health');
  const user = app.core.api.session()!.user.id;
  const file = path.join(userDataDir, 'drafts', `${user}.json`);
  // Written by main, whole, to the person's own file.
  await expect
    .poll(() => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null))
    .toMatchObject({ [`projects/${id}`]: { values: { client: 'Ministry of Health' } } });
  await page.close({ runBeforeUnload: false });
  await app.core.stop();

  // The app started again on the same data folder: the session and the draft are still there.
  const window = await context.newPage();
  const restarted = await openApp(window, files.work, { serverUrlOverride: files.server.url, userDataDir });
  await window.getByRole('link', { name: 'Projects' }).first().click();
  await window.getByRole('link', { name: `Edit Salima Clinic ${tag}` }).click();
  const reopened = window.getByRole('form', { name: 'Edit Project' });
  await expect(banner(window)).toContainText('You have unsaved changes from');
  await expect(reopened.getByLabel('Client')).toHaveValue('');
  await banner(window).getByRole('button', { name: 'Review' }).click();
  const review = window.getByRole('dialog', { name: /Unsaved changes from/ });
  await expect(review.getByText('Ministry of Health')).toBeVisible();
  await expectAccessible(window);
  await review.getByRole('button', { name: 'Restore these changes' }).click();
  await expect(reopened.getByLabel('Client')).toHaveValue('Ministry of Health');
  await reopened.getByRole('button', { name: 'Update Project' }).click();
  await expectToast(window, 'Project Updated');
  await expect.poll(() => fs.existsSync(file)).toBe(false);

  // Typed again and left; signing out removes the person's file.
  await window.getByRole('link', { name: `Edit Salima Clinic ${tag}` }).click();
  await reopened.getByLabel('Location').fill('Salima');
  await expect.poll(() => fs.existsSync(file)).toBe(true);
  await window.getByRole('link', { name: 'Dashboard' }).first().click();
  await window.getByRole('button', { name: 'Leave Page' }).click();
  // Leaving through "Leave Page" is the person's choice to lose the changes.
  await expect.poll(() => fs.existsSync(file)).toBe(false);
  await window.getByRole('link', { name: `Projects` }).first().click();
  await window.getByRole('link', { name: `Edit Salima Clinic ${tag}` }).click();
  await reopened.getByLabel('Location').fill('Salima');
  await expect.poll(() => fs.existsSync(file)).toBe(true);
  await window.close({ runBeforeUnload: false });
  await restarted.core.stop();
  const last = await context.newPage();
  const third = await openApp(last, files.work, { serverUrlOverride: files.server.url, userDataDir });
  await last.getByRole('button', { name: 'Logout' }).click();
  await expect(last.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  expect(fs.existsSync(file)).toBe(false);
  expect(third.pageErrors).toEqual([]);
  await third.core.stop();
});
