import { expect, test } from '@playwright/test';
import { watchConsole } from './support';

test('the home page is rendered on the server with the featured projects', async ({ request }) => {
  const res = await request.get('/');
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toMatch(/<title>[^<]+ \| [^<]+<\/title>/);
  expect(html).toContain('Featured Projects');
  expect((html.match(/href="\/projects\/[0-9a-f-]{36}"/g) ?? []).length).toBe(12);
  expect(html).toContain('application/ld+json');
});

test('the home page shows the featured projects in Chromium and hydrates without errors', async ({
  page,
}) => {
  const problems = watchConsole(page);
  const api = await (await page.request.get('/api/projects/featured')).json();

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Featured Projects' })).toBeVisible();
  const tiles = page.getByRole('list').filter({ has: page.getByRole('link', { name: api.items[0].title }) });
  await expect(tiles.getByRole('link')).toHaveCount(12);
  for (const project of api.items.slice(0, 3)) {
    await expect(page.getByRole('link', { name: new RegExp(project.title) })).toHaveAttribute(
      'href',
      `/projects/${project.id}`,
    );
  }
  await expect(page.getByRole('contentinfo')).toContainText(
    (await (await page.request.get('/api/settings')).json()).footer_text,
  );
  expect(problems).toEqual([]);
});

test('an unknown path answers 404 with the Page Not Found screen', async ({ page }) => {
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
});
