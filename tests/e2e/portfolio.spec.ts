// The site as a portfolio: its sample pictures, the project page's ways onward, captions that stay
// legible on their photographs, grids without holes, and posts of real length.
import { createHash } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible, test } from './support';

interface ProjectItem {
  id: string;
  /** Its address on the site (the sample content has one for every row). */
  slug: string;
  title: string;
  category: string;
  images: string[];
  thumbnail: string | null;
  created_at: string;
}
const CATEGORIES = ['residential', 'commercial', 'landscape', 'interior', 'urban'];
const WIDTHS = [360, 390, 768, 1440, 2560];

// These walk many pages and images on two shared cores.
test.describe.configure({ timeout: 120_000 });

async function allProjects(page: Page): Promise<ProjectItem[]> {
  const out: ProjectItem[] = [];
  for (const category of CATEGORIES) {
    for (let n = 1; ; n++) {
      const res = await page.request.get(`/api/projects?category=${category}&page=${n}`);
      const body = (await res.json()) as { items: ProjectItem[]; total: number; pageSize: number };
      out.push(...body.items);
      if (n * body.pageSize >= body.total) break;
    }
  }
  return out;
}

test('no photograph stands for two projects: every image of every project has its own bytes', async ({
  page,
}) => {
  const projects = await allProjects(page);
  expect(projects.length).toBeGreaterThan(20);
  const owner = new Map<string, string>();
  for (const project of projects) {
    const hashes = await Promise.all(
      project.images.map(async (url) => {
        const res = await page.request.get(url);
        expect(res.ok(), url).toBe(true);
        return [
          url,
          createHash('sha256')
            .update(await res.body())
            .digest('hex'),
        ] as const;
      }),
    );
    for (const [url, hash] of hashes) {
      const other = owner.get(hash);
      expect(
        other === undefined || other === project.title,
        `${project.title} reuses ${other}'s ${url}`,
      ).toBe(true);
      owner.set(hash, project.title);
    }
  }
});

test('a project page offers three related projects, View All Projects, and the previous and next', async ({
  page,
}) => {
  const projects = await allProjects(page);
  const project = projects.find((p) => p.category === 'landscape')!;
  const sameCategory = projects.filter((p) => p.category === project.category && p.id !== project.id);

  await page.goto(`/projects/${project.id}`);
  const more = page.getByRole('region', { name: 'You May Also Like' });
  await expect(more.getByRole('link', { name: 'View All Projects' })).toHaveAttribute('href', '/projects');
  const related = more.getByRole('listitem').getByRole('link');
  await expect(related).toHaveCount(3);
  // The same category first (newest first), never the project itself.
  const expected = sameCategory.slice(0, 3);
  for (const [index, p] of expected.entries())
    await expect(related.nth(index)).toHaveAttribute('href', `/projects/${p.slug}`);

  const steps = page.getByRole('navigation', { name: 'More projects in this category' });
  const list = projects.filter((p) => p.category === project.category);
  const at = list.findIndex((p) => p.id === project.id);
  const previous = list[(at - 1 + list.length) % list.length]!;
  const next = list[(at + 1) % list.length]!;
  await expect(
    steps.getByRole('link', { name: new RegExp(`Previous project.*${previous.title}`) }),
  ).toHaveAttribute('href', `/projects/${previous.slug}`);
  const nextLink = steps.getByRole('link', { name: new RegExp(`Next project.*${next.title}`) });
  await nextLink.click();
  await expect(page.getByRole('heading', { level: 1, name: next.title })).toBeVisible();
  await expectAccessible(page);
});

/** WCAG relative luminance of an sRGB colour given as 0–255 channels. */
function luminance([r, g, b]: number[]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
}

/**
 * The contrast of each text in `caption` against the photograph behind it: the text is hidden, the
 * region under each line is captured, and its brightest tenth (the worst case for light text) is used.
 */
async function captionContrasts(page: Page, caption: Locator): Promise<{ text: string; ratio: number }[]> {
  const lines = caption.locator(':scope > span');
  const out: { text: string; ratio: number }[] = [];
  const count = await lines.count();
  const colours: {
    text: string;
    rgba: number[];
    box: { x: number; y: number; width: number; height: number };
  }[] = [];
  for (let i = 0; i < count; i++) {
    const line = lines.nth(i);
    const box = (await line.boundingBox())!;
    const rgba = await line.evaluate((el) =>
      (getComputedStyle(el).color.match(/[\d.]+/g) ?? []).map(Number).concat([1]).slice(0, 4),
    );
    colours.push({ text: (await line.textContent()) ?? '', rgba, box });
  }
  await caption.evaluate((el) => {
    (el as HTMLElement).style.visibility = 'hidden';
  });
  for (const { text, rgba, box } of colours) {
    const png = await page.screenshot({ clip: box });
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const lums: number[] = [];
    const means = [0, 0, 0];
    for (let p = 0; p < data.length; p += info.channels) {
      lums.push(luminance([data[p]!, data[p + 1]!, data[p + 2]!]));
      for (let c = 0; c < 3; c++) means[c]! += data[p + c]! / (data.length / info.channels);
    }
    lums.sort((a, b) => a - b);
    const background = lums[Math.floor(lums.length * 0.9)]!;
    // A translucent text colour is what it looks like over the mean background.
    const alpha = rgba[3]!;
    const seen = [0, 1, 2].map((c) => rgba[c]! * alpha + means[c]! * (1 - alpha));
    const fg = luminance(seen);
    const [hi, lo] = fg > background ? [fg, background] : [background, fg];
    out.push({ text, ratio: (hi + 0.05) / (lo + 0.05) });
  }
  await caption.evaluate((el) => {
    (el as HTMLElement).style.visibility = '';
  });
  return out;
}

test('captions on the portfolio photographs stay legible on every category, light plans included', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const category of CATEGORIES) {
    await page.goto(`/projects?category=${category}`);
    const tiles = page.locator('.project-grid .project-tile__caption');
    const count = await tiles.count();
    for (let i = 0; i < count; i++) {
      const caption = tiles.nth(i);
      await caption.scrollIntoViewIfNeeded();
      await expect(caption.locator('xpath=ancestor::a//img')).toHaveJSProperty('complete', true);
      for (const { text, ratio } of await captionContrasts(page, caption))
        expect(ratio, `${category} #${i + 1} "${text}"`).toBeGreaterThanOrEqual(4.5);
    }
  }
});

/** The tiles of `grid` as rows (by top edge); every row must run from the grid's left to its right edge. */
async function rowEdges(grid: Locator) {
  return grid.evaluate((el) => {
    const g = el.getBoundingClientRect();
    const rows = new Map<number, { left: number; right: number }>();
    for (const child of Array.from(el.children)) {
      const r = child.getBoundingClientRect();
      // A tile set lower on purpose (the editorial grid's syncopation) still belongs to its row.
      const key = Math.round(r.top - Number.parseFloat(getComputedStyle(child).marginTop));
      const row = rows.get(key) ?? { left: Number.POSITIVE_INFINITY, right: 0 };
      rows.set(key, { left: Math.min(row.left, r.left), right: Math.max(row.right, r.right) });
    }
    return { left: g.left, right: g.right, rows: [...rows.values()] };
  });
}

for (const width of WIDTHS) {
  test(`at ${width} px nothing overflows sideways and the project grids leave no hole`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const [path, grid] of [
      ['/projects', 'Our Projects'],
      ['/projects?category=landscape', 'Our Projects'],
      ['/', 'Featured Projects'],
    ] as const) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
      const list =
        grid === 'Featured Projects'
          ? page.getByRole('region', { name: grid }).getByRole('list').first()
          : page
              .getByRole('main')
              .getByRole('list')
              .filter({ has: page.locator('.project-tile') });
      const { left, right, rows } = await rowEdges(list);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(Math.abs(row.left - left), `${path}: a row starts late`).toBeLessThanOrEqual(1);
        // A row of the editorial grid may sit lower (syncopated), but it still reaches the right edge.
        expect(Math.abs(row.right - right), `${path}: a hole at the end of a row`).toBeLessThanOrEqual(1);
      }
    }
    for (const path of ['/about', '/services', '/blog', '/contact']) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
    }
  });
}

test('journal posts are of real length, with headings, and say how long they take to read', async ({
  page,
}) => {
  const posts = (
    (await (await page.request.get('/api/blog-posts')).json()) as {
      items: { id: string; title: string; content: string }[];
    }
  ).items;
  expect(posts.length).toBeGreaterThan(3);
  for (const post of posts) {
    const words = post.content.split(/\s+/).filter(Boolean).length;
    expect(words, post.title).toBeGreaterThanOrEqual(800);
    expect(words, post.title).toBeLessThanOrEqual(1500);
  }
  const post = posts[0]!;
  await page.goto(`/blog/${post.id}`);
  const headings = page.getByRole('article').getByRole('heading', { level: 2 });
  const expected = post.content
    .split(/\n/)
    .filter((line) => line.startsWith('## '))
    .map((line) => line.slice(3));
  expect(expected.length).toBeGreaterThan(2);
  for (const text of expected) await expect(headings.filter({ hasText: text })).toHaveCount(1);
  await expect(page.getByText(/\d+ min read/)).toHaveText(/^([4-9]) min read$/);
  await expect(page.getByRole('article')).not.toContainText('## ');
});

test('service summaries on the home page end on a whole word, and the 404 buttons share one height', async ({
  page,
}) => {
  const services = (
    (await (await page.request.get('/api/services')).json()) as {
      items: { name: string; description: string }[];
    }
  ).items;
  await page.goto('/');
  const offer = page.getByRole('region', { name: 'What We Offer' });
  for (const service of services) {
    const words = new Set(service.description.split(/\s+/).map((w) => w.replace(/[,.;:!?]+$/, '')));
    const summary = await offer
      .getByRole('link', { name: new RegExp(service.name) })
      .locator('.offer-tile__text')
      .textContent();
    for (const word of (summary ?? '').split(' '))
      expect(words.has(word.replace(/[,.;:!?…]+$/, '')), `${service.name}: "${word}"`).toBe(true);
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/no-such-page');
  const boxes = await page
    .getByRole('link', { name: /Back to Home|Contact Support/ })
    .evaluateAll((links) => links.map((a) => a.getBoundingClientRect().toJSON() as DOMRect));
  expect(boxes.map((b) => Math.round(b.height))).toEqual([48, 48]);
  // Stacked on a phone, as one column of equal buttons.
  expect(Math.round(boxes[0]!.width)).toBe(Math.round(boxes[1]!.width));
  expect(boxes[1]!.top).toBeGreaterThan(boxes[0]!.bottom);
});

test('every button on the public pages and forms shares one height, at 390 and 1440 px', async ({ page }) => {
  const post = ((await (await page.request.get('/api/blog-posts')).json()) as { items: { id: string }[] })
    .items[0]!;
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const heights = new Map<string, number>();
    for (const path of [
      '/',
      '/projects',
      '/blog',
      `/blog/${post.id}`,
      '/contact',
      '/no-such-page',
      '/auth',
    ]) {
      await page.goto(path);
      // The account page draws its form after it loads.
      if (path === '/auth') await page.getByRole('button', { name: 'Sign In' }).waitFor();
      const found = await page
        .locator('.button')
        .evaluateAll((els) =>
          els
            .filter((el) => el.checkVisibility())
            .map(
              (el) => [el.textContent?.trim() ?? '', Math.round(el.getBoundingClientRect().height)] as const,
            ),
        );
      for (const [text, height] of found) heights.set(`${path} "${text}"`, height);
    }
    // The forms' submits (Send Message, Sign In) and the 404's are among them.
    expect([...heights.keys()].some((k) => k.includes('Send Message'))).toBe(true);
    expect([...heights.keys()].some((k) => k.startsWith('/auth') && k.includes('Sign In'))).toBe(true);
    expect([...heights.keys()].some((k) => k.includes('Back to Home'))).toBe(true);
    for (const [where, height] of heights) expect(height, `${width}px ${where}`).toBe(48);
  }
});

test('at 1440 px a post’s main photograph lines up with the header’s grid', async ({ page }) => {
  const post = ((await (await page.request.get('/api/blog-posts')).json()) as { items: { id: string }[] })
    .items[0]!;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/blog/${post.id}`);
  // The photograph's frame (the picture inside may be scaled a little for its slow drift).
  const image = (await page.locator('.post__figure').boundingBox())!;
  await expect(page.locator('.post__figure img')).toBeVisible();
  // The header's grid: the logo on the left, the sign-in button on the right.
  const logo = (await page
    .getByRole('banner')
    .getByRole('link', { name: /Khonde Studio/ })
    .boundingBox())!;
  const signIn = (await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).boundingBox())!;
  expect(image.width).toBeGreaterThan(1200);
  expect(Math.abs(image.x - logo.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(image.x + image.width - (signIn.x + signIn.width))).toBeLessThanOrEqual(1);
});

test('on a phone the journal’s sidebar does not list again the posts just above it', async ({ page }) => {
  const postLinks = (scope: Locator) =>
    scope
      .locator('a[href^="/blog/"]')
      .evaluateAll((links) => links.filter((a) => a.checkVisibility()).map((a) => a.getAttribute('href')));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/blog');
  const sidebar = page.getByRole('complementary', { name: 'Browse the blog' });
  // On a wide screen the latest posts sit beside the list: a shortcut worth having there.
  await expect(sidebar.getByRole('heading', { name: 'Recent Posts' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/blog');
  await expect(sidebar.getByRole('searchbox')).toBeVisible();
  await expect(sidebar.getByRole('heading', { name: 'Recent Posts' })).toBeHidden();
  const listed = new Set(await postLinks(page.getByRole('main')));
  expect(listed.size).toBeGreaterThan(2);
  expect(await postLinks(sidebar)).toEqual([]);
});

for (const width of [390, 768, 1440]) {
  test(`at ${width} px the service tiles’ titles wrap alike and stay inside their tiles`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const tiles = await page
      .getByRole('region', { name: 'What We Offer' })
      .locator('.offer-tile')
      .evaluateAll((els) =>
        els.map((el) => {
          const name = el.querySelector('.offer-tile__name')!;
          const range = document.createRange();
          range.selectNodeContents(name);
          const rects = Array.from(range.getClientRects());
          const tile = el.getBoundingClientRect();
          return {
            name: name.textContent,
            top: Math.round(tile.top),
            lines: new Set(rects.map((r) => Math.round(r.top))).size,
            inside: rects.every((r) => r.left >= tile.left && r.right <= tile.right - 8),
          };
        }),
      );
    expect(tiles.length).toBeGreaterThan(2);
    const rows = new Map<number, typeof tiles>();
    for (const t of tiles) rows.set(t.top, [...(rows.get(t.top) ?? []), t]);
    for (const row of rows.values()) {
      expect(new Set(row.map((t) => t.lines)).size, JSON.stringify(row)).toBe(1);
      for (const t of row) expect(t.inside, `${t.name} leaves its tile`).toBe(true);
    }
  });
}
