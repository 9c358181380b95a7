import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MEDIA_MESSAGES } from '@atelier/shared';
import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import {
  type AccountServer,
  accountServerForThisFile,
  expectToast,
  signInThroughPage,
  staffApi,
} from './accounts-support';
import { expectAccessible } from './support';

/** Above the 10 MB default: the admin must follow the server's own limit, whatever it is. */
const UPLOAD_MAX_BYTES = 12 * 1024 * 1024;
const server = accountServerForThisFile({ UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES) });
// Uploads (each image checked and re-encoded) and two pages at once on a shared, busy machine: more time
// per test and per expectation than the defaults.
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 15_000 });
const UPLOADED = 20_000;

/** A real image of `width`×`height`: noise, so each seed gives different bytes (and PNG cannot shrink it). */
async function noisePng(width: number, height: number, seed: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  for (let i = 0; i < pixels.length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    pixels[i] = state >>> 24;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

interface DropFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Drops files on `target` the way a browser does: a real DataTransfer through dragenter, dragover, drop. */
async function dropFiles(page: Page, target: Locator, files: DropFile[]) {
  const dataTransfer = await page.evaluateHandle(
    (list) => {
      const data = new DataTransfer();
      for (const file of list) {
        const bytes = Uint8Array.from(atob(file.data), (char) => char.charCodeAt(0));
        data.items.add(new File([bytes], file.name, { type: file.mimeType }));
      }
      return data;
    },
    files.map((file) => ({ name: file.name, mimeType: file.mimeType, data: file.buffer.toString('base64') })),
  );
  for (const type of ['dragenter', 'dragover', 'drop']) await target.dispatchEvent(type, { dataTransfer });
}

/** A signed-in admin on the media library, and a bearer caller of the API to arrange data. */
async function openLibrary(page: Page, account: AccountServer) {
  const { user: admin, api } = await staffApi(account);
  await signInThroughPage(page, account, admin.email);
  await page.goto(`${account.url}/admin/media`);
  await expect(page.getByRole('heading', { name: 'Media Library', level: 1 })).toBeVisible();
  /** A folder of the test's own (so its counts are its files only), opened in the library. */
  const folder = async (name: string) => {
    const made = await api('POST', '/api/admin/media/folders', { name, parent_id: null });
    expect(made.status).toBe(201);
    await page.reload();
    await page.getByRole('navigation', { name: 'Folders' }).getByRole('button', { name }).click();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(name);
    return made.body as { id: string };
  };
  return { api, folder };
}

test('a dropped image uploads with its progress bar; the same bytes again are the same library item', async ({
  page,
}) => {
  const { api, folder: openFolder } = await openLibrary(page, server);
  const folder = await openFolder('Drop test');

  const image = await noisePng(640, 480, 1);
  const zone = page.getByRole('region', { name: 'Upload files' });
  await expect(zone).toContainText('Drop files or folders here');
  await dropFiles(page, zone, [{ name: 'facade.png', mimeType: 'image/png', buffer: image }]);

  const bar = page.getByRole('progressbar', { name: 'Upload of facade.png' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByRole('progressbar', { name: 'All uploads' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expectToast(page, 'Files uploaded', '1 file uploaded', UPLOADED);
  const tile = page.getByRole('button', { name: 'Details of facade.png' });
  await expect(tile).toBeVisible();
  // The tile shows the preview the server made with the upload (480 wide), never the whole original.
  const preview = tile.locator('img');
  await expect(preview).toHaveAttribute('src', /\?w=480$/);
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(480);

  // The same file under another name: the server answers the existing item, nothing new is stored.
  await dropFiles(page, zone, [{ name: 'facade-copy.png', mimeType: 'image/png', buffer: image }]);
  await expect(page.getByRole('region', { name: 'Uploads' })).toContainText('Already in the library');
  const listed = await api('GET', `/api/admin/media?folder_id=${folder.id}`);
  expect(listed.body.total).toBe(1);
  await expect(page.getByRole('button', { name: /^Details of / })).toHaveCount(1);

  // The details: type, size, dimensions, where used (nowhere yet), and the alt text saved on the server.
  await tile.click();
  const details = page.getByRole('dialog', { name: 'facade.png' });
  await expect(details).toContainText('PNG image');
  await expect(details).toContainText('640 × 480 px');
  await expect(details).toContainText('Not used anywhere');
  await details.getByLabel('Alt Text').fill('The street facade at dusk');
  await details.getByRole('button', { name: 'Save Alt Text' }).click();
  await expectToast(page, 'Alt text saved');
  const saved = await api('GET', `/api/admin/media/${listed.body.items[0].id}`);
  expect(saved.body.alt_text).toBe('The street facade at dusk');
  await expectAccessible(page);
});

test('a file in use cannot be deleted: the refusal lists where it is used', async ({ page }) => {
  const { api, folder: openFolder } = await openLibrary(page, server);
  const folder = await openFolder('In use test');
  await dropFiles(page, page.getByRole('region', { name: 'Upload files' }), [
    { name: 'courtyard.png', mimeType: 'image/png', buffer: await noisePng(320, 240, 2) },
  ]);
  await expect(page.getByRole('button', { name: 'Details of courtyard.png' })).toBeVisible();
  const [item] = (await api('GET', `/api/admin/media?folder_id=${folder.id}`)).body.items;
  const project = await api('POST', '/api/admin/projects', {
    title: 'Courtyard House',
    description: 'A house around a courtyard.',
    category: 'residential',
    location: 'Lilongwe',
    client: 'Private',
    completion_date: null,
    status: 'draft',
    project_type: 'project',
    images: [item.url],
    image_alts: {},
    thumbnail: item.url,
  });
  expect(project.status, JSON.stringify(project.body)).toBe(201);

  await page.reload();
  await page.getByRole('button', { name: 'Details of courtyard.png' }).click();
  const details = page.getByRole('dialog', { name: 'courtyard.png' });
  await expect(details.getByRole('link', { name: /Project: Courtyard House/ }).first()).toBeVisible();
  await details.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete "courtyard.png"?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  const refusal = page.getByRole('alertdialog', { name: 'This file is in use and cannot be deleted' });
  await expect(refusal).toContainText('Courtyard House');
  await refusal.getByRole('button', { name: 'OK' }).click();
  await details.getByRole('button', { name: 'Close' }).click();
  expect((await api('GET', `/api/admin/media/${item.id}`)).status).toBe(200);

  // Several selected, one of them in use: the others are deleted, the one in use is kept and named.
  await dropFiles(page, page.getByRole('region', { name: 'Upload files' }), [
    { name: 'spare.png', mimeType: 'image/png', buffer: await noisePng(200, 200, 3) },
  ]);
  await expect(page.getByRole('button', { name: 'Details of spare.png' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all files on this page' }).click();
  await page
    .getByRole('region', { name: 'Selected files' })
    .getByRole('button', { name: 'Delete Selected' })
    .click();
  await page
    .getByRole('alertdialog', { name: 'Delete 2 files?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  const kept = page.getByRole('alertdialog', { name: '1 file kept: still in use' });
  await expect(kept).toContainText('1 file deleted.');
  await expect(kept).toContainText('courtyard.png: used by Courtyard House');
  await kept.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('button', { name: 'Details of spare.png' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Details of courtyard.png' })).toBeVisible();
  const left = (await api('GET', `/api/admin/media?folder_id=${folder.id}`)).body.items;
  expect(left.map((file: { filename: string }) => file.filename)).toEqual(['courtyard.png']);

  // Its project in the Trash still holds it: "In trash" on the tile and in where-used (a link to the Trash).
  expect((await api('DELETE', `/api/admin/projects/${project.body.id}`)).status).toBe(204);
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: 'courtyard.png' })).toContainText('In trash');
  await page.getByRole('button', { name: 'Details of courtyard.png' }).click();
  await expect(details).toContainText('In trash');
  await expect(details.getByRole('link', { name: /Project: Courtyard House/ }).first()).toHaveAttribute(
    'href',
    '/admin/trash',
  );
});

test('a dropped folder keeps its structure; folders are made, renamed and deleted when empty', async ({
  page,
}) => {
  const { api } = await openLibrary(page, server);
  // A real folder on disk, read by the browser as a folder (each file carries its path inside it).
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-drop-'));
  const site = path.join(root, 'Lakeside Lodge');
  fs.mkdirSync(path.join(site, 'Plans'), { recursive: true });
  fs.writeFileSync(path.join(site, 'cover.png'), await noisePng(120, 90, 4));
  fs.writeFileSync(path.join(site, 'Plans', 'ground-floor.png'), await noisePng(120, 90, 5));
  try {
    const input = await page.evaluateHandle(() => {
      const element = document.createElement('input');
      element.type = 'file';
      element.webkitdirectory = true;
      element.hidden = true;
      document.body.append(element);
      return element;
    });
    await input.asElement()!.setInputFiles(site);
    const dataTransfer = await page.evaluateHandle((element) => {
      const data = new DataTransfer();
      for (const file of Array.from((element as HTMLInputElement).files ?? [])) data.items.add(file);
      return data;
    }, input);
    const zone = page.getByRole('region', { name: 'Upload files' });
    for (const type of ['dragenter', 'dragover', 'drop']) await zone.dispatchEvent(type, { dataTransfer });
    await expectToast(page, 'Files uploaded', '2 files uploaded', UPLOADED);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }

  const folders = page.getByRole('navigation', { name: 'Folders' });
  await folders.getByRole('button', { name: /Lakeside Lodge/ }).click();
  await expect(page.getByRole('button', { name: 'Details of cover.png' })).toBeVisible();
  await folders.getByRole('button', { name: /Plans/ }).click();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(
    /All Files.*Lakeside Lodge.*Plans/,
  );
  await expect(page.getByRole('button', { name: 'Details of ground-floor.png' })).toBeVisible();
  const tree = (await api('GET', '/api/admin/media/folders')).body.items;
  const lodge = tree.find((folder: { name: string }) => folder.name === 'Lakeside Lodge');
  expect(lodge.children.map((folder: { name: string }) => folder.name)).toEqual(['Plans']);

  // The fixed entries of the root.
  await page.getByRole('button', { name: 'Back to All Files' }).click();
  await expect(folders.getByRole('button', { name: 'Hero Videos' })).toBeVisible();
  await expect(folders.getByRole('button', { name: /Project Images/ })).toBeVisible();

  // A new folder: its name is required; then renamed; then deleted (it is empty).
  await page.getByRole('button', { name: 'New Folder' }).click();
  const create = page.getByRole('dialog', { name: 'New Folder' });
  await create.getByRole('button', { name: 'Create Folder' }).click();
  await expect(create.getByRole('alert')).toHaveText('Folder name is required');
  await create.getByLabel('Folder Name').fill('Competitions');
  await create.getByRole('button', { name: 'Create Folder' }).click();
  await expectToast(page, 'Folder created');
  await folders.getByRole('button', { name: /Competitions/ }).click();
  await page.getByRole('button', { name: 'Rename Folder' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Folder' });
  await rename.getByLabel('Folder Name').fill('Competitions 2026');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(folders.getByRole('button', { name: /Competitions 2026/ })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Folder' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Folder deleted', 'Competitions 2026');
  await expect(folders.getByRole('button', { name: /Competitions/ })).toHaveCount(0);
});

test('an upload cut off mid-way resumes from where it stopped', async ({ page }) => {
  const { api, folder: openFolder } = await openLibrary(page, server);
  const folder = await openFolder('Resume test');
  // Over one 5 MB chunk, so the upload takes two PATCH requests; the second one is cut off once.
  const image = await noisePng(1600, 1300, 6);
  expect(image.length).toBeGreaterThan(5 * 1024 * 1024);
  const offsets: string[] = [];
  let cut = false;
  await page.route('**/api/admin/uploads/**', async (route) => {
    const request = route.request();
    if (request.method() === 'PATCH') {
      const offset = (await request.headerValue('upload-offset')) ?? '';
      offsets.push(offset);
      if (offset !== '0' && !cut) {
        cut = true;
        return route.abort('connectionreset');
      }
    }
    return route.continue();
  });
  const heads = page.waitForRequest(
    (request) => request.method() === 'HEAD' && request.url().includes('/api/admin/uploads/'),
  );
  await dropFiles(page, page.getByRole('region', { name: 'Upload files' }), [
    { name: 'site-model.png', mimeType: 'image/png', buffer: image },
  ]);
  await heads;
  await expect(page.getByRole('progressbar', { name: 'Upload of site-model.png' })).toHaveAttribute(
    'aria-valuenow',
    '100',
    { timeout: UPLOADED },
  );
  await expectToast(page, 'Files uploaded', '1 file uploaded', UPLOADED);
  // The first chunk went once; after the cut, the upload asked where it stood and went on from 5 MB.
  expect(offsets).toEqual(['0', String(5 * 1024 * 1024), String(5 * 1024 * 1024)]);
  expect((await api('GET', `/api/admin/media?folder_id=${folder.id}`)).body.total).toBe(1);
});

test('an upload whose last answer is lost is done only once the server gives its item', async ({ page }) => {
  const { api, folder: openFolder } = await openLibrary(page, server);
  const folder = await openFolder('Lost answer');
  // The last PATCH reaches the server, which stores the file; its answer never reaches the page.
  let lost = false;
  await page.route('**/api/admin/uploads/**', async (route) => {
    if (route.request().method() === 'PATCH' && !lost) {
      lost = true;
      await route.fetch();
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  // The retry's HEAD finds the upload complete (no item in that answer): the page asks for the result.
  const result = page.waitForResponse(
    (response) => response.url().endsWith('/result') && response.status() === 200,
  );
  await dropFiles(page, page.getByRole('region', { name: 'Upload files' }), [
    { name: 'lost-answer.png', mimeType: 'image/png', buffer: await noisePng(300, 200, 11) },
  ]);
  await result;
  await expectToast(page, 'Files uploaded', '1 file uploaded', UPLOADED);
  const listed = (await api('GET', `/api/admin/media?folder_id=${folder.id}`)).body;
  expect(listed.items.map((item: { filename: string }) => item.filename)).toEqual(['lost-answer.png']);
});

test('hero videos: add, seen on the home page, edit, copy, deactivate and delete', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openLibrary(page, server);
  await page
    .getByRole('navigation', { name: 'Folders' })
    .getByRole('button', { name: 'Hero Videos' })
    .click();
  const videos = page.getByRole('region', { name: 'Hero Videos' });
  await videos.getByRole('button', { name: 'Add Video' }).click();
  const add = page.getByRole('dialog', { name: 'Add YouTube Video' });
  await add.getByRole('button', { name: 'Add Video' }).click();
  await expect(add.getByText('Please enter both title and YouTube URL').first()).toBeVisible();
  await add.getByLabel('Title').fill('Lakeside Lodge walkthrough');
  await add.getByLabel('YouTube URL').fill('https://example.com/not-youtube');
  await add.getByRole('button', { name: 'Add Video' }).click();
  await expect(add.getByText('Please enter a valid YouTube URL')).toBeVisible();
  await add.getByLabel('YouTube URL').fill('https://youtu.be/dQw4w9WgXcQ?t=3');
  await add.getByRole('button', { name: 'Add Video' }).click();
  await expectToast(page, 'Video added', 'YouTube video added successfully');
  const card = videos.getByRole('article', { name: 'Lakeside Lodge walkthrough' });
  await expect(card).toContainText('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await expect(card).toContainText('Active');
  await expectAccessible(page);

  const home = await page.context().newPage();
  await home.goto(`${server.url}/`);
  await expect(home.getByRole('button', { name: /Play video: Lakeside Lodge walkthrough/ })).toBeVisible();

  await card.getByRole('button', { name: 'Copy URL of Lakeside Lodge walkthrough' }).click();
  await expectToast(page, 'Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  );

  // Edit: a new title, and inactive — kept as chosen, and gone from the website.
  await card.getByRole('button', { name: 'Edit Lakeside Lodge walkthrough' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Video' });
  await edit.getByLabel('Title').fill('Lakeside Lodge film');
  await edit.getByRole('switch').click();
  await edit.getByRole('button', { name: 'Update Video' }).click();
  await expectToast(page, 'Video updated', 'YouTube video updated successfully');
  const edited = videos.getByRole('article', { name: 'Lakeside Lodge film' });
  await expect(edited).toContainText('Inactive');
  await home.reload();
  await expect(home.getByText('Lakeside Lodge')).toHaveCount(0);

  await edited.getByRole('button', { name: 'Delete Lakeside Lodge film' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this video?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expectToast(page, 'Video deleted', 'Lakeside Lodge film');
  await expect(edited).toHaveCount(0);
});

test('a refused file says why; a cancelled upload can be retried; a paused one resumed', async ({ page }) => {
  const { api, folder: openFolder } = await openLibrary(page, server);
  const folder = await openFolder('Retry test');
  const zone = page.getByRole('region', { name: 'Upload files' });
  const uploads = page.getByRole('region', { name: 'Uploads' });

  // Text named .jpg: the server judges the bytes and refuses it.
  await dropFiles(page, zone, [
    { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('just some text\n') },
  ]);
  await expect(uploads.getByRole('alert')).toHaveText(/This file type is not supported/);
  await expectToast(page, 'Upload Error', '1 file could not be uploaded');
  await expect(uploads.getByRole('button', { name: 'Retry notes.jpg' })).toBeVisible();

  // The data of the next upload is held on its way, so it can be cancelled mid-way.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/admin/uploads/**', async (route) => {
    if (route.request().method() === 'PATCH') await held;
    await route.continue().catch(() => {});
  });
  await dropFiles(page, zone, [
    { name: 'elevation.png', mimeType: 'image/png', buffer: await noisePng(400, 300, 7) },
  ]);
  await uploads.getByRole('button', { name: 'Cancel elevation.png' }).click();
  await expect(uploads).toContainText('Cancelled');
  release();
  await page.unroute('**/api/admin/uploads/**');
  expect((await api('GET', `/api/admin/media?folder_id=${folder.id}`)).body.total).toBe(0);

  await uploads.getByRole('button', { name: 'Retry elevation.png' }).click();
  await expect(page.getByRole('progressbar', { name: 'Upload of elevation.png' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(page.getByRole('button', { name: 'Details of elevation.png' })).toBeVisible({
    timeout: 20_000,
  });
  expect((await api('GET', `/api/admin/media?folder_id=${folder.id}`)).body.total).toBe(1);

  // Paused while its data is on the way, then resumed: it completes.
  let go = () => {};
  const waiting = new Promise<void>((resolve) => {
    go = resolve;
  });
  await page.route('**/api/admin/uploads/**', async (route) => {
    if (route.request().method() === 'PATCH') await waiting;
    await route.continue().catch(() => {});
  });
  await dropFiles(page, zone, [
    { name: 'section.png', mimeType: 'image/png', buffer: await noisePng(300, 200, 10) },
  ]);
  await uploads.getByRole('button', { name: 'Pause section.png' }).click();
  await expect(uploads).toContainText('Paused');
  go();
  await page.unroute('**/api/admin/uploads/**');
  await uploads.getByRole('button', { name: 'Resume section.png' }).click();
  await expect(page.getByRole('progressbar', { name: 'Upload of section.png' })).toHaveAttribute(
    'aria-valuenow',
    '100',
    { timeout: UPLOADED },
  );
  await expect(page.getByRole('button', { name: 'Details of section.png' })).toBeVisible({
    timeout: UPLOADED,
  });
  expect((await api('GET', `/api/admin/media?folder_id=${folder.id}`)).body.total).toBe(2);
});

test('files chosen with the picker, then several selected and moved to another folder', async ({ page }) => {
  const { api, folder: openFolder } = await openLibrary(page, server);
  const target = await api('POST', '/api/admin/media/folders', { name: 'Move target', parent_id: null });
  const source = await openFolder('Move source');

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose Files' }).click();
  await (await chooser).setFiles([
    { name: 'north.png', mimeType: 'image/png', buffer: await noisePng(160, 120, 8) },
    { name: 'south.png', mimeType: 'image/png', buffer: await noisePng(160, 120, 9) },
  ]);
  await expectToast(page, 'Files uploaded', '2 files uploaded', UPLOADED);
  await expect(page.getByRole('button', { name: /^Details of / })).toHaveCount(2);

  await page.getByRole('checkbox', { name: 'Select north.png' }).click();
  await page.getByRole('checkbox', { name: 'Select south.png' }).click();
  const selection = page.getByRole('region', { name: 'Selected files' });
  await expect(selection).toContainText('2 selected');
  await selection.getByRole('button', { name: 'Move Selected' }).click();
  const move = page.getByRole('dialog', { name: 'Move Files' });
  await move.getByRole('combobox', { name: 'Destination folder' }).click();
  await page.getByRole('option', { name: 'Move target' }).click();
  await move.getByRole('button', { name: 'Move' }).click();
  await expectToast(page, 'Files moved', '2 files moved');
  await expect(page.getByRole('button', { name: /^Details of / })).toHaveCount(0);
  expect((await api('GET', `/api/admin/media?folder_id=${source.id}`)).body.total).toBe(0);
  expect((await api('GET', `/api/admin/media?folder_id=${target.body.id}`)).body.total).toBe(2);
});

test('the size limit is the server’s: over it a file is refused before sending; under it, over 10 MB, it uploads', async ({
  page,
}) => {
  const { api, folder: openFolder } = await openLibrary(page, server);
  const folder = await openFolder('Limit test');
  const over = await noisePng(2200, 2000, 11);
  const under = await noisePng(1900, 1950, 12);
  expect(over.length).toBeGreaterThan(UPLOAD_MAX_BYTES);
  expect(under.length).toBeGreaterThan(10 * 1024 * 1024);
  expect(under.length).toBeLessThan(UPLOAD_MAX_BYTES);
  const created: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/admin/uploads'))
      created.push(request.headers()['upload-metadata'] ?? '');
  });
  const uploads = page.getByRole('region', { name: 'Uploads' });

  let chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose Files' }).click();
  await (await chooser).setFiles([{ name: 'over.png', mimeType: 'image/png', buffer: over }]);
  await expect(uploads.getByRole('alert')).toHaveText(MEDIA_MESSAGES.tooLarge(UPLOAD_MAX_BYTES));
  await expectToast(page, 'Upload Error', '1 file could not be uploaded');
  expect(created).toEqual([]);

  chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose Files' }).click();
  await (await chooser).setFiles([{ name: 'under.png', mimeType: 'image/png', buffer: under }]);
  await expectToast(page, 'Files uploaded', '1 file uploaded', UPLOADED);
  await expect(page.getByRole('button', { name: 'Details of under.png' })).toBeVisible();
  expect(created).toHaveLength(1);
  expect((await api('GET', `/api/admin/media?folder_id=${folder.id}`)).body.total).toBe(1);
});

test('at 390 px a tile shows the whole file name on two lines, all of it with focus', async ({ page }) => {
  const { folder: openFolder } = await openLibrary(page, server);
  await page.setViewportSize({ width: 390, height: 844 });
  await openFolder('Long names');
  const name = 'namiwawa-hillside-house-terraces-seen-from-the-north-east-in-the-late-afternoon-light.png';
  await dropFiles(page, page.getByRole('region', { name: 'Upload files' }), [
    { name, mimeType: 'image/png', buffer: await noisePng(320, 240, 41) },
  ]);
  await expectToast(page, 'Files uploaded', '1 file uploaded', UPLOADED);
  const tile = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `Details of ${name}` }) });
  const label = tile.getByTitle(name);
  await expect(label).toHaveText(name);
  const lineHeight = await label.evaluate((node) => Number.parseFloat(getComputedStyle(node).lineHeight));
  // Two lines, cut at the second: the name wraps instead of ending in an ellipsis on one line.
  await expect
    .poll(() => label.evaluate((node) => node.getBoundingClientRect().height))
    .toBeCloseTo(2 * lineHeight, 0);
  // With the tile focused (its checkbox), all of it.
  await tile.getByRole('checkbox', { name: `Select ${name}` }).focus();
  await expect
    .poll(() => label.evaluate((node) => node.getBoundingClientRect().height))
    .toBeGreaterThan(2 * lineHeight + 1);
  await page.screenshot({ path: test.info().outputPath('media-390.png') });
});
