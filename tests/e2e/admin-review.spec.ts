import fs from 'node:fs';
import path from 'node:path';
import { REVIEW_MESSAGES } from '@atelier/shared';
import { expect, type Page, test } from '@playwright/test';
import { accountServerForThisFile, expectToast } from './accounts-support';
import { openAdmin, pngFile, row } from './admin-content-support';
import { expectAccessible } from './support';

const server = accountServerForThisFile();
const tag = Date.now().toString(36);
const SHOTS = path.resolve(import.meta.dirname, '../../.cache/screenshots');

/** The page at a phone's width and at a desktop's, full length, into .cache/screenshots/ to be looked at. */
async function screenshots(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SHOTS, `admin-review-${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

test("a contributor's project: written with images, submitted, sent back with a note, fixed, published by an editor", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const title = `Dedza Pottery Studio ${tag}`;
  const note = 'Name the client and add the completion date, please.';
  const contributor = server.createUser({ role: 'contributor', firstName: 'Chikondi', lastName: 'Banda' });
  const editor = server.createUser({ role: 'editor', firstName: 'Thoko', lastName: 'Phiri' });
  const writer = await (await browser.newContext()).newPage();
  const reviewer = await (await browser.newContext()).newPage();

  // The editor asks to be e-mailed of submissions (the profile), then watches the dashboard; the contributor
  // writes.
  await openAdmin(reviewer, server, '/admin/dashboard', editor);
  await reviewer.goto(`${server.url}/profile`);
  const profile = reviewer.getByRole('form', { name: 'Profile Information' });
  await profile.getByLabel('E-mail me when a draft is submitted for review').check();
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(reviewer, 'Profile Updated');
  await reviewer.goto(`${server.url}/admin/dashboard`);
  await expect(reviewer.getByRole('heading', { name: 'Waiting for review' })).toBeVisible();
  await openAdmin(writer, server, '/admin/projects/new', contributor);
  const form = writer.getByRole('form', { name: 'New Project' });
  // A contributor cannot choose Published: the status is locked, with the reason.
  await expect(form.getByRole('combobox', { name: 'Status' })).toBeDisabled();
  await expect(form.getByText(REVIEW_MESSAGES.cantPublish)).toBeVisible();
  await form.getByLabel('Project Title').fill(title);
  await form.getByLabel('Description').fill('A kiln house and a courtyard for the potters of Dedza.');
  await form.getByLabel('Location').fill('Dedza');
  await form.getByLabel('Image URL').fill('/media/projects/dedza-kiln.jpg');
  await form.getByRole('button', { name: 'Add Image' }).click();
  const chooser = writer.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Upload Images' }).click();
  await (await chooser).setFiles(await pngFile('courtyard.png', 7));
  await expect(form.getByRole('button', { name: 'Use Image 2 as the thumbnail' })).toBeVisible({
    timeout: 30_000,
  });
  // Published images need alt text (the publish checks).
  await form.getByLabel('Alt text of Image 1').fill('The kiln house');
  await form.getByLabel('Alt text of Image 2').fill('The potters’ courtyard');
  await form.getByRole('button', { name: 'Submit for review' }).click();
  await expectToast(writer, 'Submitted for review');
  await expect(writer).toHaveURL(`${server.url}/admin/projects`);
  await expect(row(writer, title)).toContainText('In review');

  // The editor is told at once (and by e-mail), and finds it waiting on the dashboard.
  await expectToast(reviewer, 'Submitted for review', title, 20_000);
  const mail = await server.smtp.waitFor(editor.email, /For review/);
  expect(mail.text).toContain(`Chikondi Banda submitted the project "${title}" for review.`);
  await reviewer.reload();
  const waiting = reviewer.getByRole('region', { name: 'Waiting for review' });
  await expect(waiting.getByRole('link', { name: title })).toBeVisible();
  await expect(waiting).toContainText('Chikondi Banda');
  await expectAccessible(reviewer);
  await screenshots(reviewer, 'dashboard');

  // Sent back: the note is required.
  await waiting.getByRole('link', { name: title }).click();
  const edit = reviewer.getByRole('form', { name: 'Edit Project' });
  await expect(edit.getByLabel('Project Title')).toHaveValue(title);
  await expectAccessible(reviewer);
  await edit.getByRole('button', { name: 'Send back' }).click();
  const dialog = reviewer.getByRole('dialog', { name: 'Send back to the author' });
  await dialog.getByRole('button', { name: 'Send back' }).click();
  await expect(dialog.getByText(REVIEW_MESSAGES.noteRequired)).toBeVisible();
  await expectAccessible(reviewer);
  await dialog.getByLabel('What should change?').fill(note);
  await dialog.getByRole('button', { name: 'Send back' }).click();
  await expectToast(reviewer, 'Sent back');
  await expect(reviewer).toHaveURL(`${server.url}/admin/projects`);

  // The contributor sees the note atop the form, fixes the draft and submits it again.
  await writer.reload();
  await expect(row(writer, title)).toContainText('Changes requested');
  await row(writer, title)
    .getByRole('link', { name: `Edit ${title}` })
    .click();
  const fix = writer.getByRole('form', { name: 'Edit Project' });
  await expect(fix.getByText(`Changes requested: ${note}`)).toBeVisible();
  await expectAccessible(writer);
  await screenshots(writer, 'form-with-note');
  await fix.getByLabel('Client').fill('Dedza Potters Cooperative');
  await fix.getByLabel('Completion Date').fill('2026-06-30');
  await fix.getByRole('button', { name: 'Submit for review' }).click();
  await expectToast(writer, 'Submitted for review');

  // The editor publishes it from the dashboard; the review is over and the project is on the website.
  await reviewer.goto(`${server.url}/admin/dashboard`);
  await reviewer
    .getByRole('region', { name: 'Waiting for review' })
    .getByRole('link', { name: title })
    .click();
  const final = reviewer.getByRole('form', { name: 'Edit Project' });
  await expect(final.getByLabel('Client')).toHaveValue('Dedza Potters Cooperative');
  await final.getByRole('button', { name: 'Publish' }).click();
  await expectToast(reviewer, 'Project Published');
  await expect(row(reviewer, title)).toContainText('Published');
  await expect(row(reviewer, title)).not.toContainText('In review');

  const site = await (await browser.newContext()).newPage();
  await site.goto(`${server.url}/projects`);
  await expect(site.getByText(title)).toBeVisible();
  // Published, it is the editors' now: the contributor may open it but no longer change or delete it.
  await writer.reload();
  await expect(row(writer, title).getByRole('link', { name: `Open ${title}` })).toBeVisible();
  await expect(row(writer, title).getByRole('button', { name: `Delete ${title}` })).toHaveCount(0);
});
