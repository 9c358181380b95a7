import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Page } from '@playwright/test';
import { expectAccessible, moveClock, openTestDatabase, stopClock, test, watchConsole } from './support';

interface ProjectRow {
  id: string;
  title: string;
  description: string;
  category: string;
  location: string;
  client: string;
  status: 'published' | 'draft';
  project_type: 'project' | 'proposal';
  images: string[];
  completion_date: string | null;
  created_at: string;
}

/** Inserts projects straight into the server's database, in one transaction. */
function insertProjects(rows: ProjectRow[]) {
  const db = openTestDatabase();
  try {
    const insert = db.prepare(
      `INSERT INTO projects (id, title, description, category, location, client, status, project_type,
         thumbnail, images, completion_date, featured, user_id, created_at, updated_at)
       VALUES (@id, @title, @description, @category, @location, @client, @status, @project_type,
         @thumbnail, @images, @completion_date, 0, NULL, @created_at, @created_at)`,
    );
    db.transaction(() => {
      for (const row of rows) {
        insert.run({ ...row, thumbnail: row.images[0] ?? null, images: JSON.stringify(row.images) });
      }
    })();
  } finally {
    db.close();
  }
}

function deleteProjects(ids: string[]) {
  const db = openTestDatabase();
  try {
    const remove = db.prepare('DELETE FROM projects WHERE id = ?');
    db.transaction(() => {
      for (const id of ids) remove.run(id);
    })();
  } finally {
    db.close();
  }
}

function countPublished(category: string): number {
  const db = openTestDatabase();
  try {
    return (
      db
        .prepare("SELECT count(*) AS n FROM projects WHERE status = 'published' AND category = ?")
        .get(category) as { n: number }
    ).n;
  } finally {
    db.close();
  }
}

/** The images of a seeded project with at least seven, so arranged projects show real photographs. */
function seededImages(count: number): string[] {
  const db = openTestDatabase();
  try {
    const rows = db.prepare("SELECT images FROM projects WHERE status = 'published'").all() as {
      images: string;
    }[];
    const images = rows.map((row) => JSON.parse(row.images) as string[]).find((list) => list.length >= count);
    if (!images) throw new Error(`no seeded project has ${count} images`);
    return images.slice(0, count);
  } finally {
    db.close();
  }
}

/** The alternative text the media library holds for a stored image: what the public pages show as its alt. */
function libraryAlt(url: string): string {
  const db = openTestDatabase();
  try {
    const row = db
      .prepare('SELECT alt_text FROM media_files WHERE path = ?')
      .get(url.replace(/^\/media\//, ''));
    return (row as { alt_text: string } | undefined)?.alt_text ?? '';
  } finally {
    db.close();
  }
}

const projectRow = (overrides: Partial<ProjectRow>): ProjectRow => ({
  id: randomUUID(),
  title: `Test project ${randomUUID().slice(0, 8)}`,
  description: 'A test project.',
  category: 'landscape',
  location: 'Area 18, Lilongwe',
  client: 'Test client',
  status: 'published',
  project_type: 'project',
  images: [],
  completion_date: null,
  created_at: new Date().toISOString(),
  ...overrides,
});

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Project categories' });
const pager = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });

test.describe('the portfolio', () => {
  test("is rendered on the server open on Residential, with All first, then the studio's categories", async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/projects')).text();
    expect(html).toMatch(
      /<a[^>]*href="\/projects\?category=residential"[^>]*aria-current="page"[^>]*>Residential</,
    );

    const problems = watchConsole(page);
    await page.goto('/projects');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Projects' })).toBeVisible();
    // The spec's five follow All (a category the studio adds comes after them).
    const names = await tabs(page).getByRole('link').allTextContents();
    expect(names.slice(0, 6)).toEqual(['All', 'Residential', 'Commercial', 'Landscape', 'Interior', 'Urban']);
    await expect(tabs(page).getByRole('link', { name: 'Residential' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const api = await (await request.get('/api/projects?category=residential')).json();
    const grid = page.getByRole('list').filter({ has: page.getByRole('link', { name: api.items[0].title }) });
    await expect(grid.getByRole('link')).toHaveCount(Math.min(api.total, 20));
    const cta = page.getByRole('region', { name: 'Have a site, a brief or simply an idea?' });
    await expect(cta.getByRole('link', { name: 'Contact the studio' })).toHaveAttribute('href', '/contact');
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });

  test('a category tab puts the category in the URL, starts at page 1 and survives reload and Back', async ({
    page,
    request,
  }) => {
    // Interior: no other test adds projects to it, so its first project stays put.
    const interior = await (await request.get('/api/projects?category=interior')).json();
    await page.goto('/projects?category=commercial&page=2');
    await expect(tabs(page).getByRole('link', { name: 'Commercial' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await tabs(page).getByRole('link', { name: 'Interior' }).click();
    await expect(page).toHaveURL(/\/projects\?category=interior$/);
    await expect(tabs(page).getByRole('link', { name: 'Interior' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs(page).getByRole('link', { name: 'Commercial' })).not.toHaveAttribute('aria-current');
    await expect(page.getByRole('link', { name: new RegExp(interior.items[0].title) })).toBeVisible();

    await page.reload();
    await expect(tabs(page).getByRole('link', { name: 'Interior' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: new RegExp(interior.items[0].title) })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/projects\?category=commercial&page=2$/);
    await expect(tabs(page).getByRole('link', { name: 'Commercial' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('shows 20 projects a page with a pager of five-page windows and ellipses', async ({ page }) => {
    // Enough published urban projects for nine pages, newer than any other so they fill the first pages.
    const prefix = `Pager ${randomUUID().slice(0, 8)}`;
    const wanted = 170 - countPublished('urban');
    const now = Date.now();
    const rows = Array.from({ length: wanted }, (_, i) =>
      projectRow({
        title: `${prefix} ${i + 1}`,
        category: 'urban',
        // One second apart, newest first: page 5 holds numbers 81 to 100.
        created_at: new Date(now - i * 1000).toISOString(),
      }),
    );
    insertProjects(rows);
    try {
      const total = countPublished('urban');
      expect(Math.ceil(total / 20)).toBe(9);
      const problems = watchConsole(page);
      const pages = (p: Page) => pager(p).getByRole('listitem');
      const grid = page.getByRole('list').filter({ hasText: prefix });
      const urbanTiles = grid.getByRole('listitem').filter({ hasText: prefix });

      await page.goto('/projects?category=urban');
      await expect(urbanTiles).toHaveCount(20);
      await expect(page.getByText(`1–20 of ${total} projects`)).toBeVisible();
      await expect(pages(page)).toHaveText(['1', '2', '3', '4', '5', '…', '9']);
      await expect(pager(page).getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(pager(page).getByRole('link', { name: 'Previous' })).toHaveCount(0);
      await expect(pager(page).getByRole('link', { name: 'Next' })).toHaveAttribute(
        'href',
        /category=urban&page=2/,
      );

      await pager(page).getByRole('link', { name: 'Page 5' }).click();
      await expect(page).toHaveURL(/category=urban&page=5/);
      await expect(pages(page)).toHaveText(['1', '…', '3', '4', '5', '6', '7', '…', '9']);
      await expect(pager(page).getByRole('link', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
      await expect(pager(page).getByRole('link', { name: 'Page 1', exact: true })).not.toHaveAttribute(
        'aria-current',
      );
      await expect(urbanTiles).toHaveCount(20);
      await expect(urbanTiles.first()).toContainText(`${prefix} 81`);
      await expect(urbanTiles.last()).toContainText(`${prefix} 100`);

      await pager(page).getByRole('link', { name: 'Next' }).click();
      await expect(page).toHaveURL(/category=urban&page=6/);
      await expect(pages(page)).toHaveText(['1', '…', '4', '5', '6', '7', '8', '9']);

      await pager(page).getByRole('link', { name: 'Page 9' }).click();
      await expect(page).toHaveURL(/category=urban&page=9/);
      await expect(pages(page)).toHaveText(['1', '…', '5', '6', '7', '8', '9']);
      await expect(grid.getByRole('listitem')).toHaveCount(total - 160);
      await expect(pager(page).getByRole('link', { name: 'Next' })).toHaveCount(0);

      await page.reload();
      await expect(pager(page).getByRole('link', { name: 'Page 9' })).toHaveAttribute('aria-current', 'page');

      // Changing the category starts again at page 1.
      await tabs(page).getByRole('link', { name: 'Landscape' }).click();
      await expect(page).toHaveURL(/\/projects\?category=landscape$/);
      await expect(tabs(page).getByRole('link', { name: 'Landscape' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      expect(problems).toEqual([]);
    } finally {
      deleteProjects(rows.map((row) => row.id));
    }
  });

  test('a page past the end shows the empty state with the pager', async ({ page, request }) => {
    const landscape = await (await request.get('/api/projects?category=landscape')).json();
    const problems = watchConsole(page);
    const res = await page.goto('/projects?category=landscape&page=40');
    expect(res?.status()).toBe(200);
    await expect(page.getByText('No projects found for this category.')).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(landscape.items[0].title) })).toHaveCount(0);
    await expect(pager(page)).toBeVisible();
    await expect(pager(page).getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute(
      'href',
      /category=landscape/,
    );
    await expect(pager(page).getByRole('link', { name: 'Next' })).toHaveCount(0);
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });
});

test.describe('a project', () => {
  const story = Array.from({ length: 9 }, (_, i) => `Paragraph ${i + 1} of the pavilion story.`);
  let project: ProjectRow;
  let draft: ProjectRow;
  /** The alt of photograph n (from 1): the seeded photographs have theirs in the media library. */
  let photo: (n: number) => string;

  test.beforeAll(() => {
    const images = seededImages(7);
    const alts = images.map(libraryAlt);
    photo = (n) => alts[n - 1]!;
    project = projectRow({
      title: `Lakeside Pavilion ${randomUUID().slice(0, 8)}`,
      description: story.join('\n'),
      category: 'landscape',
      location: 'Senga Bay, Salima',
      client: '',
      project_type: 'proposal',
      images,
      completion_date: '2024-09-30',
      // Older than the seeded landscape projects, so it does not change their first page.
      created_at: '2001-01-01T00:00:00.000Z',
    });
    draft = projectRow({ title: `Draft ${randomUUID().slice(0, 8)}`, status: 'draft', images });
    insertProjects([project, draft]);
  });
  test.afterAll(() => deleteProjects([project.id, draft.id]));

  /** Opens the project with the page's clock stopped, so the slideshow and gallery move only when told. */
  async function openPaused(page: Page) {
    await stopClock(page);
    await page.goto(`/projects/${project.id}`);
    await expect(page.getByRole('button', { name: /(Pause|Play) slideshow/ })).toBeVisible();
  }

  const heroLink = (page: Page) =>
    page.getByRole('link', { name: /^View photograph \d of 7 fullscreen$/ }).first();
  const gallery = (page: Page) => page.getByRole('region', { name: 'Gallery' });
  /** Whether the strip has scrolled so that photograph n fills the gallery's frame. */
  const galleryShows = (page: Page, n: number) =>
    expect
      .poll(() =>
        gallery(page)
          .getByRole('link', { name: `View photograph ${n} of 7 fullscreen` })
          .evaluate((link) => {
            const frame = link.closest('[aria-roledescription="slide"]')?.parentElement;
            if (!frame) return Number.POSITIVE_INFINITY;
            return Math.abs(link.getBoundingClientRect().left - frame.getBoundingClientRect().left);
          }),
      )
      .toBeLessThan(2);

  test('shows the hero, the story with its photographs, the facts and the closing link', async ({ page }) => {
    const problems = watchConsole(page);
    await openPaused(page);
    const hero = page.getByRole('region', { name: project.title });
    await expect(hero.getByRole('heading', { level: 1 })).toHaveText(project.title);
    await expect(hero.getByText('Proposal', { exact: true })).toBeVisible();
    await expect(hero.getByText('Senga Bay, Salima', { exact: true })).toBeVisible();
    await expect(hero.getByRole('img', { name: photo(1), exact: true })).toBeVisible();

    const facts = page.getByRole('complementary', { name: 'Facts & Figures' });
    await expect(facts.getByRole('term')).toHaveText(['Client', 'Location', 'Category', 'Completion']);
    await expect(facts.getByRole('definition')).toHaveText(['-', 'Senga Bay, Salima', 'Landscape', '2024']);

    for (const text of story) await expect(page.getByText(text, { exact: true })).toBeVisible();
    // The second photograph follows paragraph 1, the third follows paragraph 7.
    const after = (n: number) =>
      page.getByText(story[n - 1]!, { exact: true }).locator('xpath=following-sibling::*[1]');
    await expect(after(1).getByRole('link', { name: 'View photograph 2 of 7 fullscreen' })).toBeVisible();
    await expect(after(1).getByRole('img', { name: photo(2), exact: true })).toBeVisible();
    await expect(after(7).getByRole('link', { name: 'View photograph 3 of 7 fullscreen' })).toBeAttached();
    await expect(after(2)).toHaveText(story[2]!);

    await expect(gallery(page).getByRole('group')).toHaveCount(4);
    const more = page.getByRole('region', { name: 'You May Also Like' });
    await expect(more.getByRole('link', { name: 'View All Projects' })).toHaveAttribute('href', '/projects');
    // axe waits on timers, so the clock runs again for it.
    await page.clock.resume();
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });

  test('the gallery counts its photographs and steps with previous and next', async ({ page }) => {
    await openPaused(page);
    const counter = gallery(page).getByText(/\d+ \/ 4/);
    await expect(counter).toHaveText(/^Photograph 1 \/ 4$/);
    await gallery(page).getByRole('button', { name: 'Next image' }).click();
    await expect(counter).toHaveText(/^Photograph 2 \/ 4$/);
    await galleryShows(page, 5);
    await gallery(page).getByRole('button', { name: 'Previous image' }).click();
    await gallery(page).getByRole('button', { name: 'Previous image' }).click();
    await expect(counter).toHaveText(/^Photograph 4 \/ 4$/);
    await galleryShows(page, 7);
  });

  test('the hero and the gallery advance on their own every 5 and 4 seconds', async ({ page }) => {
    await openPaused(page);
    await expect(heroLink(page)).toHaveAccessibleName('View photograph 1 of 7 fullscreen');
    const counter = gallery(page).getByText(/\d+ \/ 4/);
    await moveClock(page, 3_900);
    await expect(counter).toHaveText(/^Photograph 1 \/ 4$/);
    await moveClock(page, 100);
    await expect(counter).toHaveText(/^Photograph 2 \/ 4$/);
    await galleryShows(page, 5);
    await expect(heroLink(page)).toHaveAccessibleName('View photograph 1 of 7 fullscreen');
    await moveClock(page, 1_000);
    await expect(heroLink(page)).toHaveAccessibleName('View photograph 2 of 7 fullscreen');
  });

  test('the slideshow pauses with its button and with Space, and arrow keys step it', async ({ page }) => {
    await openPaused(page);
    const pause = page.getByRole('button', { name: 'Pause slideshow' });
    await pause.click();
    const play = page.getByRole('button', { name: 'Play slideshow' });
    await expect(play).toBeVisible();
    await moveClock(page, 6_000);
    await expect(heroLink(page)).toHaveAccessibleName('View photograph 1 of 7 fullscreen');

    // Space on a button presses the button; elsewhere it toggles the slideshow.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Space');
    await expect(pause).toBeVisible();
    await moveClock(page, 5_000);
    await expect(heroLink(page)).toHaveAccessibleName('View photograph 2 of 7 fullscreen');
    await page.keyboard.press('Space');
    await expect(play).toBeVisible();

    await page.keyboard.press('ArrowRight');
    await expect(heroLink(page)).toHaveAccessibleName('View photograph 3 of 7 fullscreen');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(heroLink(page)).toHaveAccessibleName('View photograph 7 of 7 fullscreen');
    await expect(page.getByRole('img', { name: photo(7), exact: true }).first()).toBeVisible();
  });

  test('under reduced motion the slideshow starts paused', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPaused(page);
    await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await expect(gallery(page).getByRole('button', { name: 'Play gallery' })).toBeVisible();
    await moveClock(page, 11_000);
    await expect(heroLink(page)).toHaveAccessibleName('View photograph 1 of 7 fullscreen');
    await expect(gallery(page).getByText(/\d+ \/ 4/)).toHaveText(/^Photograph 1 \/ 4$/);
  });

  test('a photograph opens in a fullscreen viewer that traps focus and closes with Escape', async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await openPaused(page);
    const opener = page.getByRole('link', { name: 'View photograph 2 of 7 fullscreen' });
    await opener.click();

    const viewer = page.getByRole('dialog', { name: project.title });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByText(/\d \/ 7/)).toHaveText(/^Photograph 2 \/ 7$/);
    await expect(viewer.getByRole('img', { name: photo(2), exact: true })).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Close viewer' })).toBeFocused();

    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText(/\d \/ 7/)).toHaveText(/^Photograph 3 \/ 7$/);
    await viewer.getByRole('button', { name: 'Next image' }).click();
    await expect(viewer.getByText(/\d \/ 7/)).toHaveText(/^Photograph 4 \/ 7$/);
    await viewer.getByRole('button', { name: 'Previous image' }).click();
    await page.keyboard.press('ArrowLeft');
    await expect(viewer.getByText(/\d \/ 7/)).toHaveText(/^Photograph 2 \/ 7$/);
    // The hero did not move behind the viewer.
    await expect(heroLink(page)).toHaveAccessibleName('View photograph 1 of 7 fullscreen');

    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await viewer.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await viewer.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(opener).toBeFocused();

    // The close button closes it too; the hero photograph opens the viewer at its own position.
    await page.evaluate(() => window.scrollTo(0, 0));
    await heroLink(page).click();
    await expect(viewer.getByText(/\d \/ 7/)).toHaveText(/^Photograph 1 \/ 7$/);
    await viewer.getByRole('button', { name: 'Close viewer' }).click();
    await expect(viewer).toBeHidden();

    // A gallery photograph opens the viewer too.
    await gallery(page).getByRole('link', { name: 'View photograph 4 of 7 fullscreen' }).click();
    await expect(viewer.getByText(/\d \/ 7/)).toHaveText(/^Photograph 4 \/ 7$/);

    // axe waits on timers, so the clock runs again for it.
    await page.clock.resume();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    expect(problems).toEqual([]);
  });

  test('is readable without JavaScript', async ({ browser }: { browser: Browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`/projects/${project.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(project.title);
      // The slideshow's controls keep their room but are neither shown nor offered: they need the script.
      await expect(page.getByRole('button', { name: /slide|slideshow/ })).toHaveCount(0);
      for (const text of story) await expect(page.getByText(text, { exact: true })).toBeVisible();
      const facts = page.getByRole('complementary', { name: 'Facts & Figures' });
      await expect(facts.getByRole('definition')).toHaveText(['-', 'Senga Bay, Salima', 'Landscape', '2024']);
      for (const n of [1, 2, 3, 4]) {
        const image = page.getByRole('img', { name: photo(n), exact: true }).first();
        await image.scrollIntoViewIfNeeded();
        await expect(image).toBeVisible();
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);
      }
      // Without the script the photographs are plain links to the full-size files.
      await expect(page.getByRole('link', { name: 'View photograph 2 of 7 fullscreen' })).toHaveAttribute(
        'href',
        project.images[1]!,
      );
    } finally {
      await context.close();
    }
  });

  test('an unknown or unpublished project answers 404 with "Project not found"', async ({ page }) => {
    for (const id of ['no-such-project', draft.id]) {
      const res = await page.goto(`/projects/${id}`);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Return to All Projects' })).toHaveAttribute(
        'href',
        '/projects',
      );
    }
  });
});
