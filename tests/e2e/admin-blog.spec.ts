import { expect, type Page, test } from '@playwright/test';
import { accountServerForThisFile, expectToast } from './accounts-support';
import { adminApi, choose, openAdmin, pngFile, row } from './admin-content-support';
import { expectAccessible } from './support';

const server = accountServerForThisFile();
const tag = Date.now().toString(36);

const CONTENT = [
  'The house sits low under a deep thatched roof.',
  '## Materials',
  '- **Brick** fired in Dedza\n- Thatch from the lake shore',
  '<script>alert(1)</script> stays text.',
].join('\n\n');

test('a post: Markdown with a live preview and a featured image, published, seen on the site, edited, deleted', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const title = `Building with Brick ${tag}`;
  await openAdmin(page, server, '/admin/blog');
  await page.getByRole('link', { name: 'New Blog Post' }).click();
  const form = page.getByRole('form', { name: 'New Blog Post' });
  await form.getByRole('button', { name: 'Create Post' }).click();
  await expect(form.getByText('Title and content are required fields')).toHaveCount(2);

  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Excerpt').fill('Why the studio keeps coming back to fired brick.');
  await form.getByLabel('Content').fill(CONTENT);
  const preview = form.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: 'Materials' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('Brick');
  await expect(preview).toContainText('<script>alert(1)</script> stays text.');

  // The featured image: uploaded (tus) with its preview, and removable.
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Upload Image' }).click();
  await (await chooser).setFiles(await pngFile('brick-wall.png', 7));
  const image = form.getByRole('img', { name: 'Featured Image preview' });
  await expect(image).toHaveAttribute('src', /\/media\/blog\//);
  await form.getByRole('button', { name: 'Remove Image' }).click();
  await expect(image).toHaveCount(0);
  const again = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Upload Image' }).click();
  await (await again).setFiles(await pngFile('brick-wall.png', 7));
  await expect(image).toBeVisible();

  await form.getByRole('textbox', { name: 'SEO Keywords' }).fill('Materials');
  await form.getByRole('textbox', { name: 'SEO Keywords' }).press('Enter');
  await form.getByRole('textbox', { name: 'SEO Keywords' }).fill('Brick');
  await form.getByRole('textbox', { name: 'SEO Keywords' }).press('Enter');
  await expect(form.getByRole('list', { name: 'SEO keywords' }).getByRole('listitem')).toHaveText([
    'Materials',
    'Brick',
  ]);
  await choose(page, 'Status', 'Published');
  // The publish checks stop a featured image without alt text; it is described where they name it.
  const checks = page.getByRole('region', { name: 'Publish checks' });
  await expect(checks).toContainText('Blocks publishing');
  await checks.getByRole('textbox', { name: 'Alt text of brick-wall.png' }).fill('A wall of fired brick');
  await checks.getByRole('button', { name: 'Save alt text of brick-wall.png' }).click();
  await expect(checks).not.toContainText('Blocks publishing');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Create Post' }).click();
  await expectToast(page, 'Blog post created');

  await page.getByRole('searchbox', { name: /Search posts/ }).fill(tag);
  const line = row(page, title);
  await expect(line).toContainText('Published');
  const view = await line.getByRole('link', { name: `View ${title}` }).getAttribute('href');
  const site = await page.context().newPage();
  await site.goto(`${server.url}${view}`);
  await expect(site.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const body = site.locator('#post-body');
  await expect(body.getByRole('heading', { level: 2, name: 'Materials' })).toBeVisible();
  await expect(body.locator('strong')).toHaveText('Brick');
  await expect(body).toContainText('<script>alert(1)</script> stays text.');
  await expect(body.locator('script')).toHaveCount(0);

  // The filter button cycles All Posts → Published → Drafts.
  await page.getByRole('button', { name: 'Filter: All Posts' }).click();
  await expect(line).toBeVisible();
  await page.getByRole('button', { name: 'Filter: Published' }).click();
  await expect(page.getByRole('button', { name: 'Filter: Drafts' })).toBeVisible();
  await expect(page.getByText('No blog posts found. Create your first post!')).toBeVisible();
  await page.getByRole('button', { name: 'Filter: Drafts' }).click();
  await expect(line).toBeVisible();

  await line.getByRole('link', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('form', { name: 'Edit Blog Post' });
  await expect(edit.getByLabel('Content')).toHaveValue(CONTENT);
  await edit.getByLabel('Title').fill(`${title}, revisited`);
  await choose(page, 'Status', 'Draft');
  await edit.getByRole('button', { name: 'Update Post' }).click();
  await expectToast(page, 'Blog post updated');
  // A draft has no View and is gone from the site.
  await expect(row(page, title).getByRole('link', { name: /^View/ })).toHaveCount(0);
  expect((await site.goto(`${server.url}${view}`))?.status()).toBe(404);

  await row(page, title)
    .getByRole('button', { name: `Delete ${title}, revisited` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Blog post deleted');
  await expect(row(page, title)).toHaveCount(0);
});

/** A time `days` from now as a datetime-local value (this computer's time zone, as the form reads it). */
const localInput = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** Where a post shows on the public site: the blog list, its own page, the sitemap and the RSS feed. */
async function onTheSite(site: Page, id: string, title: string) {
  await site.goto(`${server.url}/blog`);
  const listed = (await site.getByText(title).count()) > 0;
  const own = (await site.goto(`${server.url}/blog/${id}`))?.status();
  // The id redirects to the post's address (its slug) once the post is public.
  const address = new URL(site.url()).pathname;
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  const feed = await (await fetch(`${server.url}/blog/rss.xml`)).text();
  return { listed, page: own, sitemap: sitemap.includes(`${address}<`), feed: feed.includes(title) };
}

test('a Scheduled post stays off the site until it is published', async ({ page, context }) => {
  test.setTimeout(180_000);
  // Not this file's tag: the first test's filters expect no published post of its own tag.
  const title = `Rainy Season Pavilion ${Math.random().toString(36).slice(2, 9)}`;
  await openAdmin(page, server, '/admin/blog/new');
  const form = page.getByRole('form', { name: 'New Blog Post' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Content').fill('A pavilion of poles and thatch for the rainy season.');
  await choose(page, 'Status', 'Scheduled');
  // Scheduled asks for a date in the future.
  await form.getByRole('button', { name: 'Create Post' }).click();
  await expect(form.getByText('Choose a date and time in the future to schedule the post.')).toBeVisible();
  await form.getByLabel('Schedule for').fill(localInput(-1));
  await form.getByRole('button', { name: 'Create Post' }).click();
  await expect(form.getByText('Choose a date and time in the future to schedule the post.')).toBeVisible();
  const scheduled = localInput(3);
  await form.getByLabel('Schedule for').fill(scheduled);
  await form.getByRole('button', { name: 'Create Post' }).click();
  await expectToast(page, 'Blog post created');

  await page.getByRole('searchbox', { name: /Search posts/ }).fill(title);
  const line = row(page, title);
  await expect(line).toContainText('Scheduled');
  await expect(line.getByRole('link', { name: /^View/ })).toHaveCount(0);
  const edit = await line.getByRole('link', { name: `Edit ${title}` }).getAttribute('href');
  const id = edit!.split('/').at(-1)!;

  const site = await context.newPage();
  expect(await onTheSite(site, id, title)).toEqual({ listed: false, page: 404, sitemap: false, feed: false });

  // The form says Scheduled with its date; Published instead publishes it now.
  await line.getByRole('link', { name: `Edit ${title}` }).click();
  const form2 = page.getByRole('form', { name: 'Edit Blog Post' });
  await expect(form2.getByRole('combobox', { name: 'Status' })).toHaveText('Scheduled');
  await expect(form2.getByLabel('Schedule for')).toHaveValue(scheduled);
  await choose(page, 'Status', 'Published');
  await expect(form2.getByLabel('Schedule for')).toHaveCount(0);
  await form2.getByRole('button', { name: 'Update Post' }).click();
  await expectToast(page, 'Blog post updated');
  await expect(row(page, title)).toContainText('Published');
  await expect(row(page, title).getByRole('link', { name: `View ${title}` })).toBeVisible();

  expect(await onTheSite(site, id, title)).toEqual({ listed: true, page: 200, sitemap: true, feed: true });
  await expect(site.getByRole('heading', { level: 1, name: title })).toBeVisible();

  await row(page, title)
    .getByRole('button', { name: `Delete ${title}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Blog post deleted');
});

test('a scheduled post going live: a toast, its row turns Published, and the Activity says "Went live" at its date', async ({
  page,
}) => {
  const title = `Dedza Pottery Shed ${tag}`;
  const admin = await openAdmin(page, server, '/admin/blog');
  const api = await adminApi(server, admin.email);
  const publish_date = new Date(Date.now() + 5000).toISOString();
  const created = await api('POST', '/api/admin/blog-posts', {
    title,
    content: 'A shed of brick and thatch where the pots dry out of the sun.',
    status: 'published',
    publish_date,
  });
  expect(created.status).toBe(201);
  await page.getByRole('searchbox', { name: /Search posts/ }).fill('Dedza Pottery');
  const line = row(page, title);
  await expect(line).toContainText('Scheduled');
  await expect(line.getByRole('link', { name: `View ${title}` })).toHaveCount(0);

  // No reload: the server's event tells the panel.
  await expectToast(page, 'Post is live', `"${title}" went live as scheduled.`, 30_000);
  await expect(line).toContainText('Published');
  await expect(line.getByRole('link', { name: `View ${title}` })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('blog-went-live-1440.png'), fullPage: true });

  await page.goto(`${server.url}/admin/activity?action=went_live`);
  await expect(page.getByRole('combobox', { name: 'Filter by action' })).toHaveText('Went live');
  const entry = row(page, title);
  await expect(entry).toContainText('Went live');
  await expect(entry).toContainText('Blog post');
  await expect(entry).toContainText('Scheduled publishing');
  // Dated when it went live (the list's "MMM d, yyyy HH:mm"), whenever the server wrote it.
  const when = new Date(publish_date);
  const day = when.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  const time = `${String(when.getHours()).padStart(2, '0')}:${String(when.getMinutes()).padStart(2, '0')}`;
  await expect(entry).toContainText(`${day} ${time}`);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('activity-went-live-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(entry).toContainText('Went live');
  await page.screenshot({ path: test.info().outputPath('activity-went-live-390.png'), fullPage: true });
});

test('editing a post whose id is not a UUID says so', async ({ page }) => {
  await openAdmin(page, server, '/admin/blog/edit/not-a-uuid');
  await expect(page.getByRole('alert')).toHaveText(
    'Invalid blog post ID format. Please go back to the blog list and select a valid post.',
  );
  await page.getByRole('link', { name: 'Back to Blog' }).click();
  await expect(page).toHaveURL(`${server.url}/admin/blog`);
});
