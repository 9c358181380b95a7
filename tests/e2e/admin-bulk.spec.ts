import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { accountServerForThisFile, expectToast } from './accounts-support';
import { adminApi, openAdmin, row, sendInquiry, storedPhoto } from './admin-content-support';
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

test('services: select rows, deactivate and activate them, delete one after a confirmation naming it', async ({
  page,
}) => {
  const admin = await openAdmin(page, server, '/admin/services');
  const api = await adminApi(server, admin.email);
  for (const name of ['Design', 'Supervision'])
    expect(
      (
        await api('POST', '/api/admin/services', {
          name: `${name} ${tag}`,
          description: 'From the first sketch to the keys.',
          price_range: '',
          is_active: true,
        })
      ).status,
    ).toBe(201);
  await page.reload();
  await page.getByRole('searchbox', { name: /Search services/ }).fill(tag);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Select all on this page' }).click();
  const bar = page.getByRole('region', { name: 'Selected items' });
  await expect(bar).toContainText('2 services selected');
  await bar.getByRole('button', { name: 'Deactivate' }).click();
  await expectToast(page, 'Deactivate', '2 services: done.');
  await expect(row(page, `Design ${tag}`)).toContainText('Inactive');
  await expect(row(page, `Supervision ${tag}`)).toContainText('Inactive');
  const listed = await api('GET', `/api/admin/services?q=${tag}`);
  expect(listed.body.items.map((item: { is_active: boolean }) => item.is_active)).toEqual([false, false]);

  await page.getByRole('checkbox', { name: `Select Design ${tag}` }).click();
  await bar.getByRole('button', { name: 'Activate', exact: true }).click();
  await expectToast(page, 'Activate', '1 service: done.');
  await expect(row(page, `Design ${tag}`)).toContainText('Active');
  await expect(row(page, `Supervision ${tag}`)).toContainText('Inactive');

  await page.getByRole('checkbox', { name: `Select Supervision ${tag}` }).click();
  await bar.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete 1 service?' });
  await expect(confirm).toContainText(`permanently delete 1 service: "Supervision ${tag}".`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Deleted', '1 service: done.');
  await expect(row(page, `Supervision ${tag}`)).toHaveCount(0);
  await expect(row(page, `Design ${tag}`)).toBeVisible();
});

test('team members: select all and delete them after a confirmation naming the count; Cancel keeps them', async ({
  page,
}) => {
  const admin = await openAdmin(page, server, '/admin/team-members');
  const api = await adminApi(server, admin.email);
  for (const name of ['Thoko', 'Chisomo', 'Mphatso'])
    expect(
      (
        await api('POST', '/api/admin/team-members', {
          name: `${name} ${tag}`,
          role: 'Architect',
          image: storedPhoto(server, `${name}-${tag}.jpg`),
        })
      ).status,
    ).toBe(201);
  await page.reload();
  await page.getByRole('searchbox', { name: /Search team/ }).fill(tag);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(4);
  await page.getByRole('checkbox', { name: 'Select all on this page' }).click();
  const bar = page.getByRole('region', { name: 'Selected items' });
  await expect(bar).toContainText('3 team members selected');
  // A member is public as soon as saved, with nothing to publish: Delete is the only bulk action.
  await expect(bar.getByRole('button')).toHaveText(['Delete', 'Clear selection']);

  await bar.getByRole('button', { name: 'Delete' }).click();
  let confirm = page.getByRole('alertdialog', { name: 'Delete 3 team members?' });
  await expect(confirm).toContainText('This will permanently delete 3 team members.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(4);
  await expect(bar).toContainText('3 team members selected');

  await bar.getByRole('button', { name: 'Delete' }).click();
  confirm = page.getByRole('alertdialog', { name: 'Delete 3 team members?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Deleted', '3 team members: done.');
  await expect(page.getByText('No team members found')).toBeVisible();
  expect((await api('GET', `/api/admin/team-members?q=${tag}`)).body.items).toEqual([]);
});

test('hero videos: select cards, deactivate them, delete them after a confirmation naming the count', async ({
  page,
}) => {
  const admin = await openAdmin(page, server, '/admin/media');
  const api = await adminApi(server, admin.email);
  for (const [name, id] of [
    ['Lodge', 'dQw4w9WgXcQ'],
    ['Market', 'aqz-KE-bpKQ'],
  ])
    expect(
      (
        await api('POST', '/api/admin/videos', {
          title: `${name} film ${tag}`,
          url: `https://youtu.be/${id}`,
          description: '',
          project_type: 'project',
          is_active: true,
        })
      ).status,
    ).toBe(201);
  await page.reload();
  await page
    .getByRole('navigation', { name: 'Folders' })
    .getByRole('button', { name: 'Hero Videos' })
    .click();
  const videos = page.getByRole('region', { name: 'Hero Videos' });
  const lodge = videos.getByRole('article', { name: `Lodge film ${tag}` });
  const market = videos.getByRole('article', { name: `Market film ${tag}` });
  expect(await (await page.request.get(`${server.url}/`)).text()).toContain(`Lodge film ${tag}`);
  await lodge.getByRole('checkbox', { name: `Select Lodge film ${tag}` }).click();
  await market.getByRole('checkbox', { name: `Select Market film ${tag}` }).click();
  const bar = page.getByRole('region', { name: 'Selected items' });
  await expect(bar).toContainText('2 videos selected');
  await bar.getByRole('button', { name: 'Deactivate' }).click();
  await expectToast(page, 'Deactivate', '2 videos: done.');
  await expect(lodge).toContainText('Inactive');
  await expect(market).toContainText('Inactive');
  // An inactive video is off the home page.
  expect(await (await page.request.get(`${server.url}/`)).text()).not.toContain(`Lodge film ${tag}`);

  await lodge.getByRole('checkbox', { name: `Select Lodge film ${tag}` }).click();
  await market.getByRole('checkbox', { name: `Select Market film ${tag}` }).click();
  await bar.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete 2 videos?' });
  await expect(confirm).toContainText('This will permanently delete 2 videos.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Deleted', '2 videos: done.');
  await expect(lodge).toHaveCount(0);
  await expect(market).toHaveCount(0);
});

test('inquiries: select rows and delete them after a confirmation naming the count and the one', async ({
  page,
}) => {
  for (const name of ['Chikondi', 'Kondwani', 'Limbani']) await sendInquiry(server, `${name} ${tag}`);
  const admin = await openAdmin(page, server, '/admin/inquiries');
  const api = await adminApi(server, admin.email);
  await page.getByRole('searchbox', { name: 'Search inquiries' }).fill(tag);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(4);
  await page.getByRole('checkbox', { name: `Select the inquiry from Chikondi ${tag}` }).click();
  await page.getByRole('checkbox', { name: `Select the inquiry from Kondwani ${tag}` }).click();
  const bar = page.getByRole('region', { name: 'Selected items' });
  await expect(bar).toContainText('2 inquiries selected');
  await bar.getByRole('button', { name: 'Delete' }).click();
  let confirm = page.getByRole('alertdialog', { name: 'Delete 2 inquiries?' });
  await expect(confirm).toContainText('This will permanently delete 2 inquiries.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Deleted', '2 inquiries: done.');
  await expect(row(page, `Chikondi ${tag}`)).toHaveCount(0);
  await expect(row(page, `Kondwani ${tag}`)).toHaveCount(0);
  await expect(row(page, `Limbani ${tag}`)).toBeVisible();

  await page.getByRole('checkbox', { name: 'Select all on this page' }).click();
  await bar.getByRole('button', { name: 'Delete' }).click();
  confirm = page.getByRole('alertdialog', { name: 'Delete 1 inquiry?' });
  await expect(confirm).toContainText(`permanently delete 1 inquiry: "Limbani ${tag}".`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Deleted', '1 inquiry: done.');
  const left = await api('GET', `/api/admin/inquiries?q=${tag}`);
  expect(left.body.items).toEqual([]);
});

test('deleting a project offers to delete the photographs only it uses (once deleted forever), and keeps them when asked', async ({
  page,
}) => {
  const admin = await openAdmin(page, server, '/admin/projects');
  const api = await adminApi(server, admin.email);
  const gone = [storedPhoto(server, `gone-1-${tag}.jpg`), storedPhoto(server, `gone-2-${tag}.jpg`)];
  const kept = storedPhoto(server, `kept-${tag}.jpg`);
  const shared = storedPhoto(server, `shared-${tag}.jpg`);
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
