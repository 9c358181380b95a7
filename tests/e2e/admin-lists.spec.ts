import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { accountServerForThisFile } from './accounts-support';
import { adminApi, openAdmin, sendInquiry, storedPhoto } from './admin-content-support';

const server = accountServerForThisFile();
test.describe.configure({ timeout: 120_000 });

/** Where the screenshots go, to be looked at (not compared). */
const SHOTS = path.resolve(import.meta.dirname, '../../.cache/list-screens');

/** Every list of the admin, and what shows it has its rows (the fresh install's sample content, an inquiry). */
const LISTS = [
  { name: 'projects', path: '/admin/projects' },
  { name: 'posts', path: '/admin/blog' },
  { name: 'services', path: '/admin/services' },
  { name: 'team', path: '/admin/team-members' },
  { name: 'inquiries', path: '/admin/inquiries' },
];

/** A row in each list, with long names as a studio writes them. */
async function seedEveryList(api: Awaited<ReturnType<typeof adminApi>>) {
  const made = [
    await api('POST', '/api/admin/projects', {
      title: 'Namiwawa Hillside House and Terraced Gardens',
      description: 'A house on a slope.',
      category: 'residential',
      status: 'draft',
      images: [],
      thumbnail: null,
    }),
    await api('POST', '/api/admin/blog-posts', {
      title: 'Passive cooling under a deep veranda roof',
      content: 'Shade and air.',
      status: 'published',
    }),
    await api('POST', '/api/admin/services', {
      name: 'Architectural Design and Site Supervision',
      description: 'From the first sketch to the handover of the keys.',
      price_range: 'MWK 5m – 50m',
      is_active: true,
    }),
    await api('POST', '/api/admin/team-members', {
      name: 'Chimwemwe Nyirenda-Banda',
      role: 'Principal Architect and Founder',
      image: storedPhoto(server, 'portrait-lists.jpg'),
    }),
    await api('POST', '/api/admin/videos', {
      title: 'Lakeside Lodge walkthrough',
      url: 'https://youtu.be/dQw4w9WgXcQ',
      description: '',
      project_type: 'project',
      is_active: true,
    }),
  ];
  for (const answer of made) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  await sendInquiry(server, 'Chikondi Mwale-Phiri');
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('at 390 px every admin list fits the screen with its rows selected: no sideways scrolling', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const admin = await openAdmin(page, server, '/admin/projects');
  await seedEveryList(await adminApi(server, admin.email));
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const list of LISTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}${list.path}`);
    const table = page.getByRole('table');
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await table.getByRole('checkbox', { name: 'Select all on this page' }).click();
    await expect(page.getByRole('region', { name: 'Selected items' })).toBeVisible();
    expect(await overflow(page), `${list.path} scrolls sideways`).toBeLessThanOrEqual(0);
    // Nor does the table scroll inside its box: nothing it holds is out of sight.
    const scrolls = await table.evaluate((el) => {
      for (let box: Element | null = el; box; box = box.parentElement)
        if (box.scrollWidth > box.clientWidth + 1) return `${box.tagName}.${box.className}`;
      return null;
    });
    expect(scrolls, `${list.path}: what scrolls sideways`).toBeNull();
    // Every control of a row is on screen.
    const controls = table.getByRole('row').nth(1).locator('button, a, [role=checkbox]');
    for (const control of await controls.all()) {
      const box = await control.boundingBox();
      expect(box, `${list.path}: ${await control.textContent()}`).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${list.path}: ${await control.textContent()}`).toBeLessThanOrEqual(390);
    }
    await page.screenshot({ path: path.join(SHOTS, `${list.name}-390.png`), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await overflow(page), `${list.path} at 1440 px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, `${list.name}-1440.png`) });
  }

  // The hero videos are cards, each with its checkbox.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.url}/admin/media`);
  await page
    .getByRole('navigation', { name: 'Folders' })
    .getByRole('button', { name: 'Hero Videos' })
    .click();
  await expect(page.getByRole('region', { name: 'Hero Videos' }).getByRole('article').first()).toBeVisible();
  await page.getByRole('region', { name: 'Hero Videos' }).getByRole('checkbox').first().click();
  expect(await overflow(page), 'the hero videos scroll sideways').toBeLessThanOrEqual(0);
  await page.screenshot({ path: path.join(SHOTS, 'videos-390.png'), fullPage: true });
});
