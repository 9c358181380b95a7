import { expect as baseExpect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { tusUpload } from '../support/tus';
import { type AccountServer, accountServerForThisFile, signInThroughPage } from './accounts-support';
import { expectAccessible } from './support';

const server = accountServerForThisFile();
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** A signed-in admin and a bearer caller of the API to arrange data. */
async function signedIn(page: Page, account: AccountServer) {
  const admin = account.createUser({ role: 'admin' });
  const res = await fetch(`${account.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  const { access_token: token } = (await res.json()) as { access_token: string };
  const api = async (method: string, url: string, body?: unknown) => {
    const answer = await fetch(`${account.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: answer.status, body: answer.status === 204 ? null : await answer.json() };
  };
  let seed = 0;
  const upload = async (filename: string, width = 900, height = 600) => {
    seed++;
    const png = await sharp({
      create: { width, height, channels: 3, background: { r: (seed * 50) % 256, g: 120, b: 90 } },
    })
      .png()
      .toBuffer();
    const done = await tusUpload(account.url, token, png, { filename });
    expect(done.status).toBe(200);
    return done.body.item as { id: string; url: string };
  };
  await signInThroughPage(page, account, admin.email);
  return { api, upload };
}

test('describes images in bulk, saved as you type, with where each is used; decorative ones need none', async ({
  page,
}) => {
  const { api, upload } = await signedIn(page, server);
  const veranda = await upload('describe-veranda.png');
  await upload('describe-texture.png');
  await api('POST', '/api/admin/projects', {
    title: 'Veranda House',
    description: 'A house with a deep veranda by the lake.',
    category: 'residential',
    status: 'draft',
    images: [veranda.url],
    thumbnail: veranda.url,
  });

  // From the library's header.
  await page.goto(`${server.url}/admin/media`);
  await page.getByRole('link', { name: 'Describe Images' }).click();
  await expect(page.getByRole('heading', { name: 'Describe Images', level: 1 })).toBeVisible();
  const field = page.getByLabel('Alt text for describe-veranda.png');
  const card = page.getByRole('listitem').filter({ has: field });
  await expect(card.getByRole('link', { name: 'Project: Veranda House (thumbnail)' })).toBeVisible();

  await field.fill('A deep veranda shading the living room');
  await expect(card.getByRole('status')).toHaveText('Saved');
  await expect
    .poll(async () => (await api('GET', `/api/admin/media/${veranda.id}`)).body.alt_text)
    .toBe('A deep veranda shading the living room');

  // The keyboard reaches the decorative box; Space ticks it, and it is saved at once.
  const texture = page
    .getByRole('listitem')
    .filter({ has: page.getByLabel('Alt text for describe-texture.png') });
  await texture.getByRole('checkbox', { name: 'Decorative' }).focus();
  await page.keyboard.press('Space');
  await expect(texture.getByRole('status')).toHaveText('Saved');
  await expectAccessible(page);

  // Both leave the list of images to describe once it is read again; "All images" still shows them.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Describe Images', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Alt text for describe-veranda.png')).toHaveCount(0);
  await expect(page.getByLabel('Alt text for describe-texture.png')).toHaveCount(0);
  await page.getByRole('radio', { name: 'All images' }).click();
  await expect(page.getByLabel('Alt text for describe-veranda.png')).toHaveValue(
    'A deep veranda shading the living room',
  );

  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`describe-${width}.png`), fullPage: true });
  }
});

test('describes the files selected in the library', async ({ page }) => {
  const { api, upload } = await signedIn(page, server);
  const folder = await api('POST', '/api/admin/media/folders', {
    name: 'Selected to describe',
    parent_id: null,
  });
  const kiln = await upload('selected-kiln.png');
  await api('POST', '/api/admin/media/move', { ids: [kiln.id], folder_id: folder.body.id });
  await page.goto(`${server.url}/admin/media`);
  await page
    .getByRole('navigation', { name: 'Folders' })
    .getByRole('button', { name: 'Selected to describe' })
    .click();
  await page.getByRole('checkbox', { name: 'Select selected-kiln.png' }).check();
  await page.getByRole('button', { name: 'Describe Selected' }).click();
  await expect(page.getByText('1 selected in the library.')).toBeVisible();
  await page.getByLabel('Alt text for selected-kiln.png').fill('The brick kiln at dawn');
  // Leaving the field saves at once.
  await page.keyboard.press('Tab');
  await expect
    .poll(async () => (await api('GET', `/api/admin/media/${kiln.id}`)).body.alt_text)
    .toBe('The brick kiln at dawn');
});
