import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { tusUpload } from '../support/tus';
import { accountServerForThisFile, expectToast, PASSWORD } from './accounts-support';
import { adminApi, choose, openAdmin, row } from './admin-content-support';
import { expectAccessible } from './support';

const server = accountServerForThisFile();
const tag = Date.now().toString(36);

/** Where the screenshots go, to be looked at (not compared). */
const SHOTS = path.resolve(import.meta.dirname, '../../.cache/category-screens');

async function screenshots(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const categoryRows = (page: Page) => page.getByRole('table').getByRole('rowheader');

test('a category: added, ordered, renamed, used by a featured project, a tab on /projects; refused while in use', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const name = `Libraries ${tag}`;
  const renamed = `Libraries & Clinics ${tag}`;
  const admin = await openAdmin(page, server, '/admin/projects');
  await page.getByRole('link', { name: 'Categories' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Project Categories' })).toBeVisible();
  await expect(categoryRows(page)).toHaveCount(5);

  await page.getByLabel('New category').fill(name);
  await page.getByRole('button', { name: 'Add Category' }).click();
  await expectToast(page, 'Category Added');
  // The toast sits over the list's last rows, and waits while the pointer is on it: closed to reach them.
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(categoryRows(page).last()).toContainText(name);

  // Ordered: one place up, before Urban.
  await page.getByRole('button', { name: `Move ${name} up` }).click();
  await expect(categoryRows(page).nth(4)).toContainText(name);
  await expect(categoryRows(page).nth(5)).toContainText('Urban');

  await page.getByRole('button', { name: `Rename ${name}` }).click();
  await page.getByLabel(`New name of ${name}`).fill(renamed);
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Category Renamed');
  await expect(categoryRows(page).nth(4)).toContainText(renamed);
  await expectAccessible(page);
  await screenshots(page, 'categories');

  // A featured project in it.
  const title = `Zomba Library ${tag}`;
  await page.goto(`${server.url}/admin/projects/new`);
  const form = page.getByRole('form', { name: 'New Project' });
  await expect(form.getByRole('combobox', { name: 'Category' })).toHaveText('Residential');
  await form.getByLabel('Project Title').fill(title);
  // The description grows with its text.
  const description = form.getByLabel('Description');
  const short = (await description.boundingBox())!.height;
  await description.fill(
    Array.from({ length: 14 }, (_, i) => `Line ${i + 1} of the reading room.`).join('\n'),
  );
  await expect.poll(async () => (await description.boundingBox())!.height).toBeGreaterThan(short + 100);
  await choose(page, 'Category', renamed);
  await choose(page, 'Status', 'Published');
  const featured = form.getByRole('switch', { name: 'Featured on the home page' });
  await expect(featured).not.toBeChecked();
  await featured.click();
  await expect(featured).toBeChecked();
  await form.getByRole('button', { name: 'Create Project' }).click();
  await expectToast(page, 'Project Created');
  await page.getByRole('searchbox', { name: /Search projects/ }).fill(tag);
  const line = row(page, title);
  await expect(line).toContainText(renamed);
  await expect(line.getByRole('button', { name: `Featured: ${title}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Its form shows the star on; the site shows the tab, the tile and the label.
  await line.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('switch', { name: 'Featured on the home page' })).toBeChecked();
  const site = await page.context().newPage();
  await site.goto(`${server.url}/projects`);
  const tabs = site.getByRole('navigation', { name: 'Project categories' });
  await expect(tabs.getByRole('link')).toHaveText([
    'All',
    'Residential',
    'Commercial',
    'Landscape',
    'Interior',
    renamed,
    'Urban',
  ]);
  await tabs.getByRole('link', { name: renamed }).click();
  await expect(site).toHaveURL(/\/projects\?category=libraries-/);
  await expect(tabs.getByRole('link', { name: renamed })).toHaveAttribute('aria-current', 'page');
  await site.getByRole('link', { name: new RegExp(title) }).click();
  await expect(site.getByRole('complementary', { name: 'Facts & Figures' })).toContainText(renamed);
  await site.goto(`${server.url}/`);
  await expect(site.getByRole('region', { name: 'Featured Projects' })).toContainText(title);
  await site.close();

  // Deleting it while it holds the project is refused, and it stays.
  await page.goto(`${server.url}/admin/projects/categories`);
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('It holds 1 project: move them to another category first.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Error', 'This category holds 1 project: move it to another category first.');
  await expect(categoryRows(page).nth(4)).toContainText(renamed);

  // Emptied, it goes.
  const api = await adminApi(server, admin.email);
  const { items } = (await api('GET', `/api/admin/projects?q=${tag}`)).body;
  expect((await api('DELETE', `/api/admin/projects/${items[0].id}`)).status).toBe(204);
  await page.reload();
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Category Deleted');
  await expect(categoryRows(page)).toHaveCount(5);
});

test('a contributor reads the categories but cannot change them, nor star a project', async ({ page }) => {
  await openAdmin(page, server, '/admin/projects/categories', 'contributor');
  await expect(categoryRows(page)).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Add Category' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Rename / })).toHaveCount(0);
  await page.goto(`${server.url}/admin/projects/new`);
  await expect(page.getByRole('switch', { name: 'Featured on the home page' })).toBeDisabled();
});

test('the image picker: folders, search and names; the chosen images are cards with their file names', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const admin = server.createUser({ role: 'admin' });
  const api = await adminApi(server, admin.email);
  const folder = (await api('POST', '/api/admin/media/folders', { name: `Site visits ${tag}` })).body;
  const token = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: PASSWORD }),
  }).then(async (res) => ((await res.json()) as { access_token: string }).access_token);
  const upload = async (filename: string, background: string, metadata: Record<string, string> = {}) => {
    const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background } })
      .png()
      .toBuffer();
    const done = await tusUpload(server.url, token, bytes, { filename, filetype: 'image/png', ...metadata });
    expect(done.status).toBe(200);
  };
  await upload(`veranda-at-dusk-${tag}.png`, '#a0643c', { folder_id: folder.id });
  await upload(`reading-room-${tag}.png`, '#3c64a0', { folder_id: folder.id });
  await upload(`loose-sketch-${tag}.png`, '#64a03c');

  await openAdmin(page, server, '/admin/projects/new', admin);
  await page.getByRole('button', { name: 'Choose from Library' }).click();
  const picker = page.getByRole('dialog', { name: 'Media Library' });
  const folders = picker.getByRole('navigation', { name: 'Folders' });
  await expect(folders.getByRole('button', { name: 'All Files' })).toHaveAttribute('aria-current', 'page');
  await expect(picker.getByRole('button', { name: `loose-sketch-${tag}.png` })).toBeVisible();

  // A folder shows its files only, each with its name.
  await folders.getByRole('button', { name: new RegExp(`Site visits ${tag}`) }).click();
  await expect(picker.getByRole('button', { name: `veranda-at-dusk-${tag}.png` })).toBeVisible();
  await expect(picker.getByText(`reading-room-${tag}.png`)).toBeVisible();
  await expect(picker.getByRole('button', { name: `loose-sketch-${tag}.png` })).toHaveCount(0);
  await screenshots(page, 'picker');

  // The search finds by name.
  await picker.getByRole('searchbox', { name: 'Search files' }).fill(`veranda-at-dusk-${tag}`);
  await expect(picker.getByRole('button', { name: `reading-room-${tag}.png` })).toHaveCount(0);
  await picker.getByRole('button', { name: `veranda-at-dusk-${tag}.png` }).click();
  await picker.getByRole('button', { name: 'Use Images' }).click();
  await expect(picker).toBeHidden();

  const images = page.getByRole('group', { name: 'Project images' });
  await expect(images.getByText(`veranda-at-dusk-${tag}.png`)).toBeVisible();
  const card = (await images.getByRole('button', { name: 'Use Image 1 as the thumbnail' }).boundingBox())!;
  expect(card.width).toBeGreaterThan(160);
  await screenshots(page, 'project-form');
});

test('/projects: All first, open on the first category; All shows every category', async ({ page }) => {
  await page.goto('/projects');
  const tabs = page.getByRole('navigation', { name: 'Project categories' });
  await expect(tabs.getByRole('link').first()).toHaveText('All');
  await expect(tabs.getByRole('link', { name: 'Residential' })).toHaveAttribute('aria-current', 'page');
  await tabs.getByRole('link', { name: 'All' }).click();
  await expect(page).toHaveURL(/\/projects\?category=all$/);
  await expect(tabs.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'All projects' })).toBeAttached();
  await expectAccessible(page);
  await screenshots(page, 'projects');
});
