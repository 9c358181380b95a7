import { expect, type Page, test } from '@playwright/test';
import { accountServerForThisFile, expectToast } from './accounts-support';
import { adminApi, openAdmin, sendInquiry } from './admin-content-support';
import { expectAccessible, watchConsole } from './support';

const server = accountServerForThisFile();

const PAGES = [
  { link: 'Dashboard', path: '/admin/dashboard', title: 'Dashboard' },
  { link: 'Projects', path: '/admin/projects', title: 'Projects' },
  { link: 'Blog', path: '/admin/blog', title: 'Blog' },
  { link: 'Services', path: '/admin/services', title: 'Services' },
  { link: 'Team', path: '/admin/team-members', title: 'Team' },
  { link: 'Inquiries', path: '/admin/inquiries', title: 'Inquiries' },
  { link: 'Media', path: '/admin/media', title: 'Media Library' },
  { link: 'Settings', path: '/admin/settings', title: 'Settings' },
  { link: 'Activity', path: '/admin/activity', title: 'Activity' },
];

const FORMS = [
  { path: '/admin/projects/new', title: 'New Project' },
  { path: '/admin/blog/new', title: 'New Blog Post' },
  { path: '/admin/services/new', title: 'New Service' },
  { path: '/admin/team-members/new', title: 'New Team Member' },
];

test('the sidebar reaches every page, marks the current one; each page has its title and passes axe', async ({
  page,
}) => {
  // Thirteen pages, each checked by axe, on a shared machine.
  test.setTimeout(240_000);
  const problems = watchConsole(page);
  await openAdmin(page, server, '/admin');
  await expect(page).toHaveURL(`${server.url}/admin/dashboard`);
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(page.getByRole('complementary').getByText('Admin Panel')).toBeVisible();
  for (const item of PAGES) {
    await nav.getByRole('link', { name: item.link, exact: true }).click();
    await expect(page).toHaveURL(`${server.url}${item.path}`);
    await expect(page.getByRole('heading', { level: 1, name: item.title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${item.title} \\| `));
    await expect(nav.getByRole('link', { name: item.link, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await expectAccessible(page);
  }
  for (const form of FORMS) {
    await page.goto(`${server.url}${form.path}`);
    await expect(page.getByRole('heading', { level: 1, name: form.title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${form.title} \\| `));
    await expectAccessible(page);
  }
  expect(problems).toEqual([]);
});

test('under 768 px the sidebar is a slide-in drawer', async ({ page }) => {
  await openAdmin(page, server, '/admin/dashboard');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await drawer.getByRole('link', { name: 'Services' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(`${server.url}/admin/services`);
  await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
  // Nothing sticks out sideways on a phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

/** The boxes of `selector` inside `scope` that overlap one another or leave `scope`'s box. */
async function crowded(page: Page, scope: string, selector: string) {
  return page.locator(scope).evaluateAll(
    (charts, sel) =>
      charts.flatMap((chart) => {
        const outer = chart.getBoundingClientRect();
        const boxes = Array.from(chart.querySelectorAll(sel)).map((node) => {
          const r = node.getBoundingClientRect();
          return { text: node.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        });
        const problems: string[] = [];
        boxes.forEach((a, n) => {
          if (a.left < outer.left - 0.5 || a.right > outer.right + 0.5)
            problems.push(`${a.text} leaves the chart`);
          for (const b of boxes.slice(n + 1))
            if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
              problems.push(`${a.text} overlaps ${b.text}`);
        });
        return problems;
      }),
    selector,
  );
}

/** A published project and an inquiry this week: both dashboard charts have a bar to draw. */
async function somethingToChart(email: string) {
  const api = await adminApi(server, email);
  const project = await api('POST', '/api/admin/projects', {
    title: `Charted House ${Math.random().toString(36).slice(2, 8)}`,
    description: 'A house to count.',
    category: 'residential',
    status: 'published',
    images: ['/media/projects/charted.jpg'],
    image_alts: { '/media/projects/charted.jpg': 'The house from the garden' },
    thumbnail: '/media/projects/charted.jpg',
  });
  expect(project.status).toBe(201);
  await sendInquiry(server, 'Chart Visitor');
}

for (const width of [390, 1440]) {
  test(`at ${width} px the dashboard charts' labels neither overlap nor leave the chart`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const admin = await openAdmin(page, server, '/admin/dashboard');
    await somethingToChart(admin.email);
    await page.reload();
    const charts = page.getByRole('figure');
    await expect(charts).toHaveCount(2);
    // The screen-reader tables give the figures; the pictures must show them legibly.
    await expect(page.getByRole('table', { name: 'Published projects per category' })).toBeAttached();
    await expect(page.locator('.admin-chart__bar').first()).toBeAttached();
    // Drawn for the width of its box, once the chart has measured it (it starts from a default width).
    await expect
      .poll(() =>
        page
          .locator('.admin-chart__svg')
          .evaluateAll((svgs) =>
            svgs.map(
              (svg) => Number(svg.getAttribute('width')) - svg.parentElement!.getBoundingClientRect().width,
            ),
          ),
      )
      .toEqual([expect.closeTo(0, 0), expect.closeTo(0, 0)]);
    // Laid out again once the studio's typeface has loaded (until then the labels measure a stand-in).
    await expect.poll(() => crowded(page, '.admin-chart__svg', '.admin-chart__tick')).toEqual([]);
    await expect.poll(() => crowded(page, '.admin-chart__svg', '.admin-chart__label')).toEqual([]);
    // Drawn at the chart's width: its text keeps its size instead of shrinking with the picture.
    const size = await page
      .locator('.admin-chart__tick')
      .first()
      .evaluate((node) => node.getBoundingClientRect().height);
    expect(size).toBeGreaterThan(10);
  });
}

test('at 390 px a short page starts under the top bar, and the settings sections are one menu in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAdmin(page, server, '/admin/activity?entity_type=video&action=delete');
  const heading = page.getByRole('heading', { name: 'Activity', level: 1 });
  await expect(heading).toBeVisible();
  const bar = await page.getByRole('button', { name: 'Open menu' }).boundingBox();
  const top = (await heading.boundingBox())!.y;
  expect(top - (bar!.y + bar!.height)).toBeLessThan(60);

  // A phone has no room for the tabs in a row: they are one "Section" menu, whole in view.
  await page.goto(`${server.url}/admin/settings`);
  const sections = page.getByRole('combobox', { name: 'Section' });
  await expect(sections).toBeInViewport({ ratio: 1 });
  await sections.click();
  for (const name of ['General', 'Contact', 'Social Media', 'Footer'])
    await expect(page.getByRole('option', { name })).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('Escape');
});

test('Logout signs out, says "Logged out" and goes to /auth', async ({ page }) => {
  await openAdmin(page, server, '/admin/projects');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${server.url}/auth`);
  await expectToast(page, 'Logged out');
  await page.goto(`${server.url}/admin/projects`);
  await expect(page).toHaveURL(/\/admin\/login\?redirect=/);
});

test('an admin path that is no page answers the 404 page', async ({ page }) => {
  await openAdmin(page, server);
  const answer = await page.goto(`${server.url}/admin/no-such-page`);
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
});

test('public pages load none of the admin code or styles', async ({ page }) => {
  // Signed in as an admin: the header's account menu loads, the admin panel must not.
  await openAdmin(page, server);
  const bodies: { url: string; text: Promise<string> }[] = [];
  page.on('response', (response) => {
    const url = response.url();
    if (/\.(js|css)(\?|$)/.test(url)) bodies.push({ url, text: response.text().catch(() => '') });
  });
  for (const path of ['/', '/projects', '/services', '/blog', '/about', '/contact']) {
    await page.goto(`${server.url}${path}`);
    await page.waitForLoadState('networkidle');
  }
  expect(bodies.length).toBeGreaterThan(0);
  for (const body of bodies) {
    expect(body.url).not.toMatch(/browser-admin|admin-app/);
    const text = await body.text;
    // Radix Themes' classes and the admin frame's are the admin's alone.
    expect(text, body.url).not.toContain('rt-BaseDialogContent');
    expect(text, body.url).not.toContain('admin-shell');
  }
});
