import { expect as baseExpect, test } from '@playwright/test';
import { solidPng, uploadSolidPng } from '../support/tus';
import { accountServerForThisFile, expectToast, signInThroughPage, staffApi } from './accounts-support';
import { expectAccessible } from './support';

const server = accountServerForThisFile();
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test('replaces a file from its details: every use switches to the new version, its alt text kept', async ({
  page,
}) => {
  const { user: admin, token, api } = await staffApi(server);
  const old = await uploadSolidPng(server.url, token, 'courtyard-old.png', {
    seed: 1,
    width: 900,
    height: 600,
  });
  await api('PATCH', `/api/admin/media/${old.id}`, { alt_text: 'The courtyard under the mango tree' });
  const { body: project } = await api('POST', '/api/admin/projects', {
    title: 'Courtyard House',
    description: 'A house around a courtyard.',
    category: 'residential',
    status: 'draft',
    images: [old.url],
    thumbnail: old.url,
  });

  await signInThroughPage(page, server, admin.email);
  await page.goto(`${server.url}/admin/media`);
  await page.getByRole('button', { name: 'Details of courtyard-old.png' }).click();
  const details = page.getByRole('dialog', { name: 'courtyard-old.png' });
  await expect(details).toContainText('Courtyard House');
  await expectAccessible(page);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`replace-${width}.png`) });
  }

  const chooser = page.waitForEvent('filechooser');
  await details.getByRole('button', { name: 'Replace File…' }).click();
  await (await chooser).setFiles({
    name: 'courtyard-new.png',
    mimeType: 'image/png',
    buffer: await solidPng(2, 900, 600),
  });
  await expectToast(page, 'File replaced', 'courtyard-new.png now shows in 2 places');
  const replaced = page.getByRole('dialog', { name: 'courtyard-new.png' });
  await expect(replaced).toContainText('Courtyard House');
  await expect(replaced.getByLabel('Alt Text')).toHaveValue('The courtyard under the mango tree');

  const { body: saved } = await api('GET', `/api/admin/projects/${project.id}`);
  expect(saved.images).toEqual([saved.thumbnail]);
  expect(saved.thumbnail).not.toBe(old.url);
  const moved = await fetch(`${server.url}${old.url}`, { redirect: 'manual' });
  expect(moved.status).toBe(308);
  expect(moved.headers.get('location')).toBe(saved.thumbnail);
});
