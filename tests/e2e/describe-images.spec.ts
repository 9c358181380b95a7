import { expect as baseExpect, type Page, test } from '@playwright/test';
import { uploadSolidPng } from '../support/tus';
import {
  type AccountServer,
  accountServerForThisFile,
  signInThroughPage,
  staffApi,
} from './accounts-support';
import { expectAccessible } from './support';

const server = accountServerForThisFile();
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** A signed-in admin, a bearer caller of the API and uploads as them. */
async function signedIn(page: Page, account: AccountServer) {
  const { user, token, api } = await staffApi(account);
  await signInThroughPage(page, account, user.email);
  return {
    api,
    upload: (filename: string) => uploadSolidPng(account.url, token, filename, { width: 900, height: 600 }),
  };
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
