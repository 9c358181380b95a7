import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { accountServerForThisFile, expectToast } from './accounts-support';
import { adminApi, openAdmin, row } from './admin-content-support';
import { expectAccessible } from './support';

const server = accountServerForThisFile();
test.describe.configure({ timeout: 120_000 });

/** Where the screenshots go, to be looked at (not compared). */
const SHOTS = path.resolve(import.meta.dirname, '../../.cache/bulk-screens');
const tag = Date.now().toString(36);

const project = (title: string, extra: object = {}) => ({
  title,
  description: 'A house of local brick by the lake.',
  category: 'residential',
  status: 'draft',
  images: [],
  thumbnail: null,
  ...extra,
});

test('projects: select rows, publish them, then delete them all after a confirmation naming the count', async ({
  page,
}) => {
  const admin = await openAdmin(page, server, '/admin/projects');
  const api = await adminApi(server, admin.email);
  for (const name of ['Alpha', 'Beta', 'Gamma'])
    expect((await api('POST', '/api/admin/projects', project(`${name} ${tag}`))).status).toBe(201);
  await page.reload();
  await page.getByRole('searchbox', { name: /Search projects/ }).fill(tag);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(4);

  await page.getByRole('checkbox', { name: `Select Alpha ${tag}` }).click();
  await page.getByRole('checkbox', { name: `Select Beta ${tag}` }).click();
  const bar = page.getByRole('region', { name: 'Selected items' });
  await expect(bar).toContainText('2 projects selected');
  await expectAccessible(page);
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: path.join(SHOTS, `projects-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await bar.getByRole('button', { name: 'Publish', exact: true }).click();
  await expectToast(page, 'Publish', '2 projects: done.');
  await expect(row(page, `Alpha ${tag}`)).toContainText('Published');
  await expect(row(page, `Beta ${tag}`)).toContainText('Published');
  await expect(row(page, `Gamma ${tag}`)).toContainText('Draft');
  await expect(bar).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Select all on this page' }).click();
  await expect(bar).toContainText('3 projects selected');
  await bar.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete 3 projects?' });
  await expect(confirm).toContainText('This will permanently delete 3 projects.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Deleted', '3 projects: done.');
  await expect(page.getByText('No projects found')).toBeVisible();
});

test('posts: select rows and unpublish them; refusals are named in the toast', async ({ page }) => {
  const admin = await openAdmin(page, server, '/admin/blog');
  const api = await adminApi(server, admin.email);
  for (const name of ['First', 'Second'])
    expect(
      (
        await api('POST', '/api/admin/blog-posts', {
          title: `${name} post ${tag}`,
          content: 'Notes from the site.',
          status: 'published',
        })
      ).status,
    ).toBe(201);
  await page.reload();
  await page.getByRole('searchbox', { name: /Search/ }).fill(tag);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Select all on this page' }).click();
  const bar = page.getByRole('region', { name: 'Selected items' });
  await expect(bar).toContainText('2 posts selected');
  await bar.getByRole('button', { name: 'Unpublish' }).click();
  await expectToast(page, 'Unpublish', '2 posts: done.');
  await expect(row(page, `First post ${tag}`)).toContainText('Draft');
  await expect(row(page, `Second post ${tag}`)).toContainText('Draft');

  await page.getByRole('checkbox', { name: `Select First post ${tag}` }).click();
  await bar.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete 1 post?' });
  await expect(confirm).toContainText(`“First post ${tag}”`.replace(/[“”]/g, '"'));
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Deleted', '1 post: done.');
  await expect(row(page, `First post ${tag}`)).toHaveCount(0);
  await expect(row(page, `Second post ${tag}`)).toBeVisible();
});

/** A photograph in the server's media store, with its library row, as an upload leaves it. */
function storedPhoto(name: string) {
  const file = path.join(server.dataDir, 'uploads', 'projects', name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `photo ${name}`);
  const db = new Database(path.join(server.dataDir, 'atelier.db'));
  db.pragma('busy_timeout = 5000');
  db.prepare(
    `INSERT INTO media_files (id, bucket, path, content_hash, mime_type, size_bytes, original_name)
     VALUES (?, 'projects', ?, ?, 'image/jpeg', 10, ?)`,
  ).run(randomUUID(), `projects/${name}`, randomUUID(), name);
  db.close();
  return `/media/projects/${name}`;
}

test('deleting a project offers to delete the photographs only it uses (once deleted forever), and keeps them when asked', async ({
  page,
}) => {
  const admin = await openAdmin(page, server, '/admin/projects');
  const api = await adminApi(server, admin.email);
  const gone = [storedPhoto(`gone-1-${tag}.jpg`), storedPhoto(`gone-2-${tag}.jpg`)];
  const kept = storedPhoto(`kept-${tag}.jpg`);
  const shared = storedPhoto(`shared-${tag}.jpg`);
  await api(
    'POST',
    '/api/admin/projects',
    project(`Photo House ${tag}`, { images: [...gone, shared], thumbnail: gone[0] }),
  );
  await api(
    'POST',
    '/api/admin/projects',
    project(`Keeper House ${tag}`, { images: [kept, shared], thumbnail: kept }),
  );
  await page.reload();
  await page.getByRole('searchbox', { name: /Search projects/ }).fill(tag);

  await page.getByRole('button', { name: `Delete Photo House ${tag}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete “Photo House ${tag}”?` });
  await expect(confirm).toContainText('This will permanently delete this project and all associated data.');
  const photos = confirm.getByRole('checkbox', {
    name: 'Also delete its 2 photographs that nothing else uses',
  });
  await expect(photos).toBeChecked();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Project Deleted');
  // In the Trash the project keeps its photographs; deleted forever, those only it used go.
  const trashed = (await api('GET', '/api/admin/trash')).body.items;
  const photoHouse = trashed.find((item: { label: string }) => item.label === `Photo House ${tag}`);
  for (const url of gone) expect((await page.request.get(`${server.url}${url}`)).status()).toBe(200);

  await page.getByRole('button', { name: `Delete Keeper House ${tag}` }).click();
  const second = page.getByRole('alertdialog', { name: `Delete “Keeper House ${tag}”?` });
  // The shared photograph is still held by the trashed project: one photograph only this one uses.
  const keep = second.getByRole('checkbox', { name: 'Also delete its photograph that nothing else uses' });
  await keep.click();
  await expect(keep).not.toBeChecked();
  await second.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Project Deleted');
  const keeper = (await api('GET', '/api/admin/trash')).body.items.find(
    (item: { label: string }) => item.label === `Keeper House ${tag}`,
  );

  expect((await api('DELETE', `/api/admin/trash/${photoHouse.id}`)).status).toBe(204);
  for (const url of gone) expect((await page.request.get(`${server.url}${url}`)).status()).toBe(404);
  expect((await page.request.get(`${server.url}${shared}`)).status()).toBe(200);
  expect((await api('DELETE', `/api/admin/trash/${keeper.id}`)).status).toBe(204);
  expect((await page.request.get(`${server.url}${kept}`)).status()).toBe(200);
  expect((await page.request.get(`${server.url}${shared}`)).status()).toBe(200);
});
