import { PUBLISH_MESSAGES } from '@atelier/shared';
import { expect as baseExpect, test } from '@playwright/test';
import { uploadSolidPng } from '../support/tus';
import { accountServerForThisFile, expectToast, signInThroughPage, staffApi } from './accounts-support';
import { choose } from './admin-content-support';
import { expectAccessible } from './support';

const server = accountServerForThisFile();
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test('the checks beside Publish block a photograph without alt text until it is marked decorative; the others warn', async ({
  page,
}) => {
  const { user: admin, token, api } = await staffApi(server);
  const image = await uploadSolidPng(server.url, token, 'screen-wall.png', { width: 800, height: 500 });
  const made = await api('POST', '/api/admin/projects', {
    title: 'Screen Wall House',
    description: 'A brick screen wall.',
    category: 'residential',
    status: 'draft',
    images: [image.url],
    thumbnail: image.url,
  });
  const { id } = made.body as { id: string };

  await signInThroughPage(page, server, admin.email);
  await page.goto(`${server.url}/admin/projects/edit/${id}`);
  const checks = page.getByRole('region', { name: 'Publish checks' });
  await expect(checks).toContainText('Blocks publishing');
  await expect(checks).toContainText(PUBLISH_MESSAGES.altMissing);
  await expect(checks).toContainText('screen-wall.png');
  await expect(checks).toContainText(PUBLISH_MESSAGES.descriptionShort);
  await expect(checks).toContainText(PUBLISH_MESSAGES.ogSmall);
  await expectAccessible(page);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await checks.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`publish-checks-${width}.png`), fullPage: true });
  }

  // Publishing is stopped: the checks get the focus, nothing is saved.
  await choose(page, 'Status', 'Published');
  await page.getByRole('button', { name: 'Update Project' }).click();
  await expectToast(page, 'Not published', PUBLISH_MESSAGES.altMissing);
  await expect(checks).toBeFocused();
  await expect(page).toHaveURL(`${server.url}/admin/projects/edit/${id}`);

  // Marked decorative from the panel (by keyboard), the same save publishes; the warnings stay warnings.
  await checks.getByRole('button', { name: 'Mark decorative: screen-wall.png' }).focus();
  await page.keyboard.press('Enter');
  await expect(checks).toContainText(PUBLISH_MESSAGES.altOk);
  await expect(checks).toContainText('Warnings');
  await page.getByRole('button', { name: 'Update Project' }).click();
  await expectToast(page, 'Project Updated');
  expect((await api('GET', `/api/admin/projects/${id}`)).body.status).toBe('published');
});
