import { expect as baseExpect, test } from '@playwright/test';
import sharp from 'sharp';
import { tusUpload } from '../support/tus';
import { accountServerForThisFile, expectToast, signInThroughPage } from './accounts-support';
import { expectAccessible } from './support';

const server = accountServerForThisFile();
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const png = (background: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background } })
    .png()
    .toBuffer();

test('replaces a file from its details: every use switches to the new version, its alt text kept', async ({
  page,
}) => {
  const admin = server.createUser({ role: 'admin' });
  const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  const { access_token: token } = (await res.json()) as { access_token: string };
  const api = async (method: string, url: string, body?: unknown) => {
    const answer = await fetch(`${server.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await answer.json()) as any;
  };
  const old = (await tusUpload(server.url, token, await png('#6d5a48'), { filename: 'courtyard-old.png' }))
    .body.item as { id: string; url: string };
  await api('PATCH', `/api/admin/media/${old.id}`, { alt_text: 'The courtyard under the mango tree' });
  const project = await api('POST', '/api/admin/projects', {
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
    buffer: await png('#a88d6e'),
  });
  await expectToast(page, 'File replaced', 'courtyard-new.png now shows in 2 places');
  const replaced = page.getByRole('dialog', { name: 'courtyard-new.png' });
  await expect(replaced).toContainText('Courtyard House');
  await expect(replaced.getByLabel('Alt Text')).toHaveValue('The courtyard under the mango tree');

  const saved = await api('GET', `/api/admin/projects/${project.id}`);
  expect(saved.images).toEqual([saved.thumbnail]);
  expect(saved.thumbnail).not.toBe(old.url);
  const moved = await fetch(`${server.url}${old.url}`, { redirect: 'manual' });
  expect(moved.status).toBe(308);
  expect(moved.headers.get('location')).toBe(saved.thumbnail);
});
