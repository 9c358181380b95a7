import { expect, test } from '@playwright/test';
import { accountServerForThisFile } from './accounts-support';
import { adminApi, openAdmin, row, sendInquiry } from './admin-content-support';
import { expectAccessible } from './support';

// The admin as the studio's own tool: its identity, previews of what is not yet public, what a phone shows.
const server = accountServerForThisFile();
const tag = Date.now().toString(36);
const shots = (name: string) => test.info().outputPath(`${name}.png`);

const project = (title: string, status: 'draft' | 'published') => ({
  title,
  description: 'A reading room of fired brick under a deep roof.',
  category: 'commercial',
  status,
  images: ['/media/projects/reading-room.jpg'],
  image_alts: { '/media/projects/reading-room.jpg': 'The reading room under its roof' },
  thumbnail: '/media/projects/reading-room.jpg',
});

for (const width of [390, 1440]) {
  test(`the dashboard of a new studio at ${width} px: its ink and ochre, its typefaces, and charts that say they have nothing yet`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await openAdmin(page, server, '/admin/dashboard');
    await expect(page.getByText('No inquiries in the last 12 weeks.')).toBeVisible();
    await expect(page.getByText('No projects are published yet.')).toBeVisible();
    await expect(page.locator('.admin-chart__svg')).toHaveCount(0);

    // The studio's identity: ink buttons, Inter for text, Cormorant for the page title; no indigo anywhere.
    const add = page.getByRole('link', { name: 'Add Project' });
    await expect(add).toHaveCSS('background-color', 'rgb(28, 27, 25)');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toHaveCSS(
      'font-family',
      /^"Cormorant Garamond"/,
    );
    await expect(page.getByText('The studio at a glance.')).toHaveCSS('font-family', /^Inter/);
    const indigo = await page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-accent-color]')).map((el) =>
        el.getAttribute('data-accent-color'),
      ),
    );
    expect(indigo).not.toContain('indigo');
    await expectAccessible(page);
    await page.screenshot({ path: shots(`dashboard-${width}`), fullPage: true });
  });
}

test('at 390 px the projects list shows each project’s status', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const admin = await openAdmin(page, server, '/admin/dashboard');
  const api = await adminApi(server, admin.email);
  expect((await api('POST', '/api/admin/projects', project(`Draft Library ${tag}`, 'draft'))).status).toBe(
    201,
  );
  expect(
    (await api('POST', '/api/admin/projects', project(`Public Clinic ${tag}`, 'published'))).status,
  ).toBe(201);
  await page.goto(`${server.url}/admin/projects`);
  // Under the title: the Status column is a wide screen's.
  const status = (title: string, text: string) =>
    row(page, title).getByText(text, { exact: true }).filter({ visible: true });
  await expect(status(`Draft Library ${tag}`, 'Draft')).toBeInViewport();
  await expect(status(`Public Clinic ${tag}`, 'Published')).toBeInViewport();
  // The row's actions fit too: a draft has Preview, a published project View.
  await expect(
    row(page, `Draft Library ${tag}`).getByRole('button', { name: `Preview Draft Library ${tag}` }),
  ).toBeVisible();
  await expect(
    row(page, `Public Clinic ${tag}`).getByRole('link', { name: `View Public Clinic ${tag}` }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await page.screenshot({ path: shots('projects-390'), fullPage: true });
});

for (const width of [390, 1440]) {
  test(`a draft post opens in the public layout from its form's Preview, unindexed and not public (${width} px)`, async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const admin = await openAdmin(page, server, '/admin/dashboard');
    const api = await adminApi(server, admin.email);
    const title = `Notes on Shade ${width} ${tag}`;
    const made = await api('POST', '/api/admin/blog-posts', {
      title,
      content: '## Deep roofs\n\nA veranda keeps the afternoon sun off the walls.',
      status: 'draft',
    });
    expect(made.status).toBe(201);

    await page.goto(`${server.url}/admin/blog/edit/${made.body.id}`);
    const form = page.getByRole('form', { name: 'Edit Blog Post' });
    // The editor's preview sets the post as the site does: Cormorant headings, Inter text.
    const preview = form.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('heading', { name: 'Deep roofs' })).toHaveCSS(
      'font-family',
      /^"Cormorant Garamond"/,
    );
    await expect(preview.getByText('A veranda keeps')).toHaveCSS('font-family', /^Inter/);
    await page.screenshot({ path: shots(`blog-form-${width}`), fullPage: true });

    const opened = context.waitForEvent('page');
    await form.getByRole('button', { name: `Preview ${title}` }).click();
    const site = await opened;
    await expect(site.getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(site.url()).toMatch(/\/preview\/[\w.-]+$/);
    const answer = await fetch(site.url());
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-robots-tag')).toBe('noindex');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    await expect(site.getByRole('heading', { name: 'Deep roofs' })).toBeVisible();
    await expect(site.getByRole('contentinfo')).toBeVisible();
    await site.setViewportSize({ width, height: 900 });
    await site.screenshot({ path: shots(`preview-${width}`) });
    // Still not on the site.
    expect((await fetch(`${server.url}/blog/${made.body.id}`)).status).toBe(404);
    await site.close();
  });
}

test('a scheduled post’s row offers Preview, which shows it before its date', async ({ page, context }) => {
  const admin = await openAdmin(page, server, '/admin/dashboard');
  const api = await adminApi(server, admin.email);
  const title = `Rains Ahead ${tag}`;
  const made = await api('POST', '/api/admin/blog-posts', {
    title,
    content: 'Gutters sized for the January storms.',
    status: 'published',
    publish_date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  });
  expect(made.status).toBe(201);
  await page.goto(`${server.url}/admin/blog`);
  const line = row(page, title);
  await expect(line.getByText('Scheduled', { exact: true })).toBeVisible();
  await expect(line.getByRole('link', { name: `View ${title}` })).toHaveCount(0);
  const opened = context.waitForEvent('page');
  await line.getByRole('button', { name: `Preview ${title}` }).click();
  const site = await opened;
  await expect(site.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await site.close();
});

test('Recent Activity and the Activity list tell the same entries in the same words', async ({ page }) => {
  const admin = await openAdmin(page, server, '/admin/dashboard');
  const api = await adminApi(server, admin.email);
  const title = `Lakeshore Pavilion ${tag}`;
  expect((await api('POST', '/api/admin/projects', project(title, 'draft'))).status).toBe(201);
  await sendInquiry(server, `Tiwonge ${tag}`);

  await page.reload();
  const recent = page.getByRole('heading', { name: 'Recent Activity' }).locator('..').getByRole('listitem');
  await expect(recent.first()).toContainText(`Inquiry: Tiwonge ${tag}`);
  await expect(recent.first()).toContainText('System');
  await expect(recent.first()).toContainText('Create');
  await expect(recent.nth(1)).toContainText(`Project: ${title}`);
  await expect(recent.nth(1)).toContainText(admin.email);
  await page.screenshot({ path: shots('recent-activity-1440'), fullPage: true });
  await recent.nth(1).getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/admin\/projects\/edit\//);

  await page.goto(`${server.url}/admin/activity`);
  const rows = page.getByRole('row');
  await expect(row(page, `Tiwonge ${tag}`)).toContainText('System');
  await expect(row(page, `Tiwonge ${tag}`)).toContainText('Inquiry');
  await expect(row(page, `Tiwonge ${tag}`)).toContainText('Create');
  await expect(row(page, title)).toContainText('Project');
  await expect(row(page, title)).toContainText('Create');
  await page.screenshot({ path: shots('activity-1440'), fullPage: true });
  // Newest first in both: the inquiry's row above the project's.
  const order = await rows.allInnerTexts();
  expect(order.findIndex((text) => text.includes(`Tiwonge ${tag}`))).toBeLessThan(
    order.findIndex((text) => text.includes(title)),
  );
});
