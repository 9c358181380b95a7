import { expect, type Page, test } from '@playwright/test';
import { accountServerForThisFile, expectToast } from './accounts-support';
import { adminApi, openAdmin, row } from './admin-content-support';
import { expectAccessible } from './support';

const server = accountServerForThisFile();

/** A published project made through the admin API, as the signed-in person. */
async function publishedProject(email: string, title: string) {
  const api = await adminApi(server, email);
  const created = await api('POST', '/api/admin/projects', {
    title,
    description: 'A house on the lake shore.',
    category: 'residential',
    location: 'Mangochi',
    client: 'The Bandas',
    completion_date: '2025-06-30',
    status: 'published',
    project_type: 'project',
    images: [],
    image_alts: {},
    thumbnail: null,
  });
  expect(created.status).toBe(201);
  return { id: created.body.id as string, slug: created.body.slug as string, api };
}

/** An item of the Trash's list. */
const trashed = (page: Page, name: string) => page.getByRole('listitem', { name });

const sidebarLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name });

async function deleteFromList(page: Page, title: string) {
  await page.getByRole('searchbox', { name: /Search projects/ }).fill(title);
  await row(page, title)
    .getByRole('button', { name: `Delete ${title}` })
    .click();
  const confirm = page.getByRole('alertdialog');
  // The spec's confirmation text stays as it is.
  await expect(confirm).toContainText('This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
}

test('a deleted project comes back with the Undo of its toast', async ({ page }) => {
  const admin = await openAdmin(page, server, '/admin/projects', 'editor');
  const { slug } = await publishedProject(admin.email, 'Likoma Boathouse');
  await page.reload();
  await deleteFromList(page, 'Likoma Boathouse');
  const toast = page.getByRole('status').filter({ hasText: 'Project Deleted' });
  await expect(toast).toBeVisible();
  expect((await page.request.get(`${server.url}/projects/${slug}`)).status()).toBe(404);

  await toast.getByRole('button', { name: 'Undo' }).click();
  await expectToast(page, 'Restored');
  await expect(row(page, 'Likoma Boathouse')).toBeVisible();
  expect((await page.request.get(`${server.url}/projects/${slug}`)).status()).toBe(200);
});

test('a deleted project is in the Trash, with who and when, and Restore puts it back', async ({ page }) => {
  const admin = await openAdmin(page, server, '/admin/projects', 'editor');
  await publishedProject(admin.email, 'Zomba Reading Room');
  await page.reload();
  await deleteFromList(page, 'Zomba Reading Room');
  await expectToast(page, 'Project Deleted');

  await sidebarLink(page, 'Trash').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
  const line = trashed(page, 'Zomba Reading Room');
  await expect(line).toContainText('Project');
  await expect(line).toContainText(`by ${admin.email}`);
  await expect(line).toContainText('30 days left');
  // Emptying the whole trash is for admins.
  await expect(page.getByRole('button', { name: 'Empty trash' })).toHaveCount(0);

  await line.getByRole('button', { name: 'Restore Zomba Reading Room' }).click();
  await expectToast(page, 'Restored', '"Zomba Reading Room" is back where it was.');
  await expect(line).toHaveCount(0);
  await sidebarLink(page, 'Projects').click();
  await expect(row(page, 'Zomba Reading Room')).toBeVisible();
});

test('delete forever and Empty trash ask first, then the items are gone', async ({ page }) => {
  const admin = await openAdmin(page, server, '/admin/trash', 'admin');
  const first = await publishedProject(admin.email, 'Salima Market Hall');
  const second = await publishedProject(admin.email, 'Dedza Pottery Shed');
  await first.api('DELETE', `/api/admin/projects/${first.id}`);
  await second.api('DELETE', `/api/admin/projects/${second.id}`);
  await page.reload();

  const line = trashed(page, 'Salima Market Hall');
  await line.getByRole('button', { name: 'Delete forever: Salima Market Hall' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Delete “Salima Market Hall” forever?' });
  await expect(ask).toContainText('This cannot be undone');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(line).toBeVisible();
  await line.getByRole('button', { name: 'Delete forever: Salima Market Hall' }).click();
  await ask.getByRole('button', { name: 'Delete forever' }).click();
  await expectToast(page, 'Deleted forever');
  await expect(line).toHaveCount(0);
  expect((await first.api('POST', `/api/admin/trash/${first.id}/restore`)).status).toBe(404);

  await page.getByRole('button', { name: 'Empty trash' }).click();
  const empty = page.getByRole('alertdialog', { name: 'Empty the trash?' });
  await empty.getByRole('button', { name: 'Empty trash' }).click();
  await expectToast(page, 'Trash emptied');
  await expect(page.getByText('The trash is empty.')).toBeVisible();
});

test('the Trash screen at 390 px and 1440 px, accessible', async ({ page }, info) => {
  const admin = await openAdmin(page, server, '/admin/trash', 'admin');
  for (const title of ['Karonga Museum', 'Mzuzu Library', 'Nkhata Bay Lodge']) {
    const made = await publishedProject(admin.email, title);
    await made.api('DELETE', `/api/admin/projects/${made.id}`);
  }
  await page.reload();
  await expect(trashed(page, 'Karonga Museum')).toBeVisible();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
    await page.screenshot({ path: info.outputPath(`trash-${width}.png`), fullPage: true });
    await expectAccessible(page);
  }
  // The toast with its Undo, on a phone.
  await page.goto(`${server.url}/admin/projects`);
  const { id } = await publishedProject(admin.email, 'Blantyre Studio');
  await page.reload();
  await deleteFromList(page, 'Blantyre Studio');
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
  await page.screenshot({ path: info.outputPath('trash-undo-390.png') });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expectToast(page, 'Restored');
  expect(id).toBeTruthy();
});
