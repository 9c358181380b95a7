import { fillSiteText } from '@atelier/shared';
import { expect, type Page } from '@playwright/test';
import { expectAccessible, moveClock, openTestDatabase, stopClock, test, watchConsole } from './support';

interface Service {
  id: string;
  /** Its address on the site (the sample content has one for every row). */
  slug: string;
  name: string;
  description: string;
}
interface Video {
  id: string;
  title: string;
  url: string;
  description: string | null;
  project_type: 'project' | 'proposal';
}
interface TeamMember {
  id: string;
  name: string;
  image: string | null;
  role: string;
  quote: string | null;
  facebook_url: string | null;
  instagram_url: string | null;
  linkedin_url: string | null;
}

const items = async <T>(page: Page, path: string): Promise<T[]> =>
  ((await (await page.request.get(path)).json()) as { items: T[] }).items;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** How many featured projects the home page shows (the rest are behind "View all projects"). */
const HOME_FEATURED = 6;
const youtubeIdOf = (url: string) => /[?&]v=([\w-]{11})/.exec(url)?.[1];
/** The showcase waits for an idle page (at most 4 s) before it mounts its embed. */
const IDLE_WITHIN_MS = 4_000;

test('the home page is rendered on the server with the featured projects', async ({ request }) => {
  const res = await request.get('/');
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toMatch(/<title>[^<]+ \| [^<]+<\/title>/);
  expect(html).toContain('Featured Projects');
  // An editorial grid of six (the hero's caption links to the first of them again).
  expect(new Set(html.match(/href="\/projects\/[a-z0-9-]+"/g)).size).toBe(HOME_FEATURED);
  expect(html).toContain('href="/projects">View all projects');
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
  await expect(tiles.getByRole('link')).toHaveCount(HOME_FEATURED);
  for (const project of api.items.slice(0, 3)) {
    await expect(tiles.getByRole('link', { name: new RegExp(project.title) })).toHaveAttribute(
      'href',
      `/projects/${project.slug}`,
    );
  }
  const settings = await (await page.request.get('/api/settings')).json();
  // The footer's text with its placeholders filled: "© {year} {name}…" reads the year and the studio's name.
  await expect(page.getByRole('contentinfo')).toContainText(
    fillSiteText(settings.footer_text, { name: settings.site_name }),
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

test.describe('featured projects', () => {
  const featuredList = (page: Page) =>
    page.getByRole('region', { name: 'Featured Projects' }).getByRole('list').first();

  test('tiles below the fold fade in as they scroll into view, 120 ms apart', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const tiles = featuredList(page).getByRole('listitem');
    await expect(tiles).toHaveCount(HOME_FEATURED);
    // Held back while below the fold…
    await expect(tiles.last()).toHaveCSS('opacity', '0');

    await featuredList(page).scrollIntoViewIfNeeded();
    await expect(tiles.first()).toHaveCSS('opacity', '1');
    // …and the tiles of a row that enter together follow each other by 120 ms.
    const delays = await tiles.evaluateAll((els) =>
      els.slice(0, 4).map((el) => getComputedStyle(el).animationDelay),
    );
    expect(delays).toEqual(['0s', '0.12s', '0.24s', '0.36s']);
    await tiles.last().scrollIntoViewIfNeeded();
    await expect(tiles.last()).toHaveCSS('opacity', '1');
  });

  test('tiles are all visible at once under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const tiles = featuredList(page).getByRole('listitem');
    await expect(tiles).toHaveCount(HOME_FEATURED);
    for (const tile of [tiles.first(), tiles.last()]) await expect(tile).toHaveCSS('opacity', '1');
  });

  test('tiles and service tiles are visible without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    const tiles = featuredList(page).getByRole('listitem');
    await expect(tiles).toHaveCount(HOME_FEATURED);
    await tiles.last().scrollIntoViewIfNeeded();
    await expect(tiles.last()).toHaveCSS('opacity', '1');
    const services = page.getByRole('region', { name: 'What We Offer' }).getByRole('listitem');
    await services.last().scrollIntoViewIfNeeded();
    await expect(services.last()).toHaveCSS('opacity', '1');
    await context.close();
  });
});

test.describe('services grid', () => {
  test('"What We Offer" has a tile per active service, linking to its page', async ({ page }) => {
    const problems = watchConsole(page);
    const services = await items<Service>(page, '/api/services');
    expect(services.length).toBeGreaterThan(0);
    await page.goto('/');
    const grid = page.getByRole('region', { name: 'What We Offer' });
    await expect(grid.getByRole('heading', { name: 'What We Offer', level: 2 })).toBeVisible();
    await expect(grid.getByText(/One studio from the first sketch/)).toBeVisible();
    await expect(grid.getByRole('link')).toHaveCount(services.length);
    for (const service of services) {
      const tile = grid.getByRole('link', { name: new RegExp(`^${escapeRegExp(service.name)}`) });
      await expect(tile).toHaveAttribute('href', `/services/${service.slug}`);
      // The picture's alt is the one written for it in the media library (the seed's: the service's name).
      await expect(tile.getByRole('img')).toHaveAccessibleName(service.name);
    }

    // The summary is revealed on hover and on keyboard focus.
    const first = grid.getByRole('link').first();
    const summary = first.getByText(services[0]!.description.slice(0, 30)).locator('..');
    await first.scrollIntoViewIfNeeded();
    await expect(summary).toHaveCSS('opacity', '0');
    await first.hover();
    await expect(summary).toHaveCSS('opacity', '1');
    await page.mouse.move(0, 0);
    await expect(summary).toHaveCSS('opacity', '0');
    await page.getByRole('link', { name: 'View all projects' }).focus();
    await page.keyboard.press('Tab');
    await expect(first).toBeFocused();
    await expect(summary).toHaveCSS('opacity', '1');

    await first.click();
    await expect(page).toHaveURL(`/services/${services[0]!.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: services[0]!.name })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('service tiles fade in 150 ms apart', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const tiles = page.getByRole('region', { name: 'What We Offer' }).getByRole('listitem');
    await expect(tiles.first()).toHaveCSS('opacity', '0');
    await tiles.first().scrollIntoViewIfNeeded();
    await expect(tiles.first()).toHaveCSS('opacity', '1');
    await expect(tiles.last()).toHaveCSS('opacity', '1');
    const delays = await tiles.evaluateAll((els) =>
      els.slice(0, 3).map((el) => getComputedStyle(el).animationDelay),
    );
    expect(delays).toEqual(['0s', '0.15s', '0.3s']);
  });
});

// These tests read the active videos, and the last one switches them all off for a moment: they run in
// order, in one worker. Those that watch the films' timers (the minute, the wait for an idle page, the
// player's patience) stop the page's clock and move it themselves.
test.describe('videos', () => {
  test.describe.configure({ mode: 'serial' });

  test('the showcase captions the first video, and its dots go to each slide', async ({ page }) => {
    const problems = watchConsole(page);
    const videos = await items<Video>(page, '/api/videos');
    expect(videos.length).toBeGreaterThan(1);
    await page.goto('/');
    const showcase = page.getByRole('region', { name: 'Studio Films' });
    const caption = showcase.getByRole('heading', { level: 3 });
    await expect(caption).toHaveText(videos[0]!.title);
    await expect(
      showcase.getByText(videos[0]!.project_type === 'proposal' ? 'Proposal' : 'Project', { exact: true }),
    ).toBeVisible();

    const dots = showcase.getByRole('button', { name: /^Go to slide \d+$/ });
    await expect(dots).toHaveCount(videos.length);
    await expect(showcase.getByRole('button', { name: 'Go to slide 1' })).toHaveAttribute(
      'aria-current',
      'true',
    );

    await showcase.getByRole('button', { name: 'Go to slide 2' }).click();
    await expect(caption).toHaveText(videos[1]!.title);
    await expect(
      showcase.getByText(videos[1]!.project_type === 'proposal' ? 'Proposal' : 'Project', { exact: true }),
    ).toBeVisible();
    if (videos[1]!.description) await expect(showcase.getByText(videos[1]!.description)).toBeVisible();
    await expect(showcase.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(showcase.getByRole('button', { name: 'Go to slide 1' })).not.toHaveAttribute('aria-current');

    await showcase.getByRole('button', { name: 'Go to slide 1' }).click();
    await expect(caption).toHaveText(videos[0]!.title);
    expect(problems).toEqual([]);
  });

  test('every minute the showcase moves to a video not yet shown, until all have been', async ({ page }) => {
    const videos = await items<Video>(page, '/api/videos');
    expect(videos.length).toBeGreaterThan(2);
    await stopClock(page);
    await page.goto('/');
    const caption = page.getByRole('region', { name: 'Studio Films' }).getByRole('heading', { level: 3 });
    await expect(caption).toHaveText(videos[0]!.title);
    const seen = [videos[0]!.title];

    // Nothing changes before the minute is up.
    await moveClock(page, 55_000);
    await expect(caption).toHaveText(videos[0]!.title);

    for (let turn = 1; turn < videos.length; turn++) {
      await moveClock(page, 60_000 + 1_000); // the minute, then the 1 s fade
      await expect(caption).not.toHaveText(seen.at(-1)!);
      const title = (await caption.textContent())!;
      expect(seen, 'a video already shown in this round').not.toContain(title);
      seen.push(title);
    }
    expect(new Set(seen).size).toBe(videos.length);

    // All were shown: the history starts again, with any video but the current one.
    await moveClock(page, 61_000);
    await expect(caption).not.toHaveText(seen.at(-1)!);
  });

  test('the showcase shows a studio photograph, and keeps the unreachable player hidden behind it', async ({
    page,
  }) => {
    const videos = await items<Video>(page, '/api/videos');
    await stopClock(page);
    await page.goto('/');
    const showcase = page.getByRole('region', { name: 'Studio Films' });
    await showcase.scrollIntoViewIfNeeded();
    const poster = showcase.locator('img').first();
    await expect(poster).toBeVisible();
    await expect
      .poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await poster.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toMatch(
      /^\/media\//,
    );

    // Once the page is idle the muted, control-less embed is mounted, but it stays transparent until
    // the player reports that it plays (it never does here: YouTube cannot be reached).
    const frame = showcase.locator('iframe');
    await expect(frame).toHaveCount(0);
    await moveClock(page, IDLE_WITHIN_MS);
    await expect(frame).toHaveCount(1);
    const src = new URL((await frame.getAttribute('src'))!);
    expect(src.origin).toBe('https://www.youtube-nocookie.com');
    expect(src.pathname).toBe(`/embed/${youtubeIdOf(videos[0]!.url)}`);
    for (const [key, value] of Object.entries({
      autoplay: '1',
      mute: '1',
      controls: '0',
      disablekb: '1',
      fs: '0',
    }))
      expect(src.searchParams.get(key), key).toBe(value);
    await expect(frame).toHaveAttribute('tabindex', '-1');
    await expect(frame).toHaveCSS('pointer-events', 'none');
    // Once the embed has loaded (here the browser's error page), a player would say that it plays.
    const embed = (await (await frame.elementHandle())!.contentFrame())!;
    await embed.waitForURL((url) => url.href !== 'about:blank');
    await expect(frame).toHaveCSS('opacity', '0');
    await expect(poster).toBeVisible();
  });

  test('under reduced motion the showcase stays still until the visitor presses play', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await stopClock(page);
    await page.goto('/');
    const showcase = page.getByRole('region', { name: 'Studio Films' });
    await showcase.scrollIntoViewIfNeeded();
    const play = showcase.getByRole('button', { name: 'Play films' });
    await expect(play).toBeVisible();
    // The page has been idle, when the embed would otherwise come.
    await moveClock(page, IDLE_WITHIN_MS);
    await expect(showcase.locator('iframe')).toHaveCount(0);
    await expect(showcase.getByRole('button', { name: 'Go to slide 1' })).toHaveAttribute(
      'aria-current',
      'true',
    );

    await play.click();
    await expect(showcase.getByRole('button', { name: 'Pause films' })).toBeVisible();
    await expect(showcase.locator('iframe')).toHaveCount(1);
  });

  test('a featured video opens in a modal player that Escape closes', async ({ page }) => {
    const problems = watchConsole(page);
    const videos = await items<Video>(page, '/api/videos');
    const video = videos[0]!;
    await stopClock(page); // the dialog gives the player 8 s before it offers YouTube instead
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Featured Videos' });
    await expect(section.getByRole('button', { name: /^Play video: / })).toHaveCount(
      Math.min(videos.length, 8),
    );

    const card = section.getByRole('button', {
      name: new RegExp(`^Play video: ${escapeRegExp(video.title)}`),
    });
    await card.click();
    const dialog = page.getByRole('dialog', { name: video.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: /Watch on YouTube/ })).toHaveAttribute(
      'href',
      `https://www.youtube.com/watch?v=${youtubeIdOf(video.url)}`,
    );
    await expect(dialog.getByRole('link', { name: /Watch on YouTube/ })).toHaveAttribute('target', '_blank');
    const player = dialog.locator('iframe');
    await expect(player).toHaveAttribute(
      'src',
      new RegExp(`^https://www\\.youtube-nocookie\\.com/embed/${youtubeIdOf(video.url)}\\?`),
    );
    await expect(dialog.getByRole('status')).toHaveText('Loading the video…');
    await page.clock.resume(); // axe waits on timers
    await expectAccessible(page);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(card).toBeFocused();

    // The close button closes it too.
    await card.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close video' }).click();
    await expect(dialog).toBeHidden();
    expect(problems).toEqual([]);
  });

  test('the featured videos page through 8 at a time with at most 5 page buttons', async ({ page }) => {
    const db = openTestDatabase();
    const ids: string[] = [];
    const insert = db.prepare(
      `INSERT INTO youtube_videos (id, title, url, description, project_type, is_active, created_at, updated_at)
       VALUES (@id, @title, @url, NULL, 'project', 1, @at, @at)`,
    );
    try {
      // 45 older videos after the sample ones: 6 or 7 pages in all.
      for (let n = 0; n < 45; n++) {
        const id = crypto.randomUUID();
        ids.push(id);
        const at = new Date(Date.UTC(2001, 0, 1) - n * 60_000).toISOString();
        // The oldest has a URL without a video id.
        const url =
          n === 44
            ? 'https://example.com/not-a-video'
            : `https://youtu.be/pager${String(n).padStart(6, '0')}`;
        insert.run({ id, title: `Pager film ${String(n + 1).padStart(2, '0')}`, url, at });
      }
      const videos = await items<Video>(page, '/api/videos');
      const pages = Math.ceil(videos.length / 8);
      expect(pages).toBeGreaterThan(5);

      await page.goto('/');
      const section = page.getByRole('region', { name: 'Featured Videos' });
      const cards = section.getByRole('button', { name: /^Play video: / });
      await expect(cards).toHaveCount(8);
      const pager = section.getByRole('navigation', { name: 'Featured videos pages' });
      const numbers = pager.getByRole('link', { name: /^Page \d+$/ });
      expect(await numbers.count()).toBeLessThanOrEqual(5);
      await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
      await expect(pager.getByRole('link', { name: `Page ${pages}` })).toBeVisible();

      await pager.getByRole('link', { name: 'Next' }).click();
      await expect(page).toHaveURL(/\?videos=2#featured-videos$/);
      await expect(cards).toHaveCount(8);
      await expect(cards.first()).toHaveAccessibleName(new RegExp(`^Play video: ${videos[8]!.title} `));

      await page.goto('/?videos=4');
      await expect(numbers).toHaveCount(5);
      await expect(pager.getByRole('link', { name: 'Page 4' })).toHaveAttribute('aria-current', 'page');
      await expect(cards.first()).toHaveAccessibleName(new RegExp(`^Play video: ${videos[24]!.title} `));

      await page.goto(`/?videos=${pages}`);
      await expect(cards).toHaveCount(videos.length - (pages - 1) * 8);
      await expect(pager.getByRole('link', { name: 'Next' })).toHaveCount(0);
      // A stored URL without a video id is shown as such.
      await expect(section.getByText('Invalid YouTube URL').first()).toBeVisible();
    } finally {
      db.prepare(`DELETE FROM youtube_videos WHERE id IN (${ids.map(() => '?').join(',')})`).run(...ids);
      db.close();
    }
  });

  test('without active videos the showcase and the featured videos say so', async ({ page }) => {
    const db = openTestDatabase();
    const active = db.prepare(`SELECT id FROM youtube_videos WHERE is_active = 1`).all() as { id: string }[];
    try {
      db.prepare(`UPDATE youtube_videos SET is_active = 0 WHERE is_active = 1`).run();
      await page.goto('/');
      const showcase = page.getByRole('region', { name: 'Studio Films' });
      await expect(showcase.getByText('No videos available')).toBeVisible();
      await expect(showcase.getByRole('button', { name: /Go to slide/ })).toHaveCount(0);
      await expect(showcase.locator('img').first()).toBeVisible();
      await expect(
        page
          .getByRole('region', { name: 'Featured Videos' })
          .getByText('No featured videos available at this time'),
      ).toBeVisible();
    } finally {
      const restore = db.prepare(`UPDATE youtube_videos SET is_active = 1 WHERE id = ?`);
      for (const { id } of active) restore.run(id);
      db.close();
    }
  });
});

test('the home page ends with the contact block, reachable at #contact', async ({ page }) => {
  // The jump to #contact is made on the finished page (goto waits until its layout is final): a browser
  // opening /#contact jumps as soon as it can, and where that lands depends on how far the page's
  // stylesheets had come by then.
  await page.goto('/');
  await page.goto('/#contact');
  const block = page.getByRole('region', { name: 'Get In Touch' });
  await expect(block.getByRole('heading', { name: 'Get In Touch', level: 2 })).toBeInViewport();
  await expect(block.getByRole('textbox', { name: 'Full Name' })).toBeVisible();
  await expect(block.getByRole('button', { name: 'Send Message' })).toBeVisible();
});

test('a first visit at /#contact on a slow line lands on the contact block once the stylesheets apply', async ({
  page,
}) => {
  // The browser scrolls to the fragment before the delayed stylesheets shrink the page under that scroll;
  // the page then scrolls to it again.
  await page.route('**/assets/*.css', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.goto('/#contact');
  const block = page.getByRole('region', { name: 'Get In Touch' });
  await expect(block.getByRole('heading', { name: 'Get In Touch', level: 2 })).toBeInViewport();
});

test('the home page passes axe', async ({ page }) => {
  await page.goto('/');
  await expectAccessible(page);
});

test.describe('about', () => {
  test('shows the studio, its founding year and the team from the API, in order', async ({ page }) => {
    const problems = watchConsole(page);
    const team = await items<TeamMember>(page, '/api/team-members');
    const settings = await (await page.request.get('/api/settings')).json();
    expect(team.length).toBeGreaterThan(0);
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Our Studio' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our Vision' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our Approach' })).toBeVisible();
    await expect(page.getByText(`founded in Lilongwe in ${settings.founded_year}`)).toBeVisible();

    const section = page.getByRole('region', { name: 'Meet the Team' });
    await expect(section.getByRole('heading', { level: 3 })).toHaveText(team.map((m) => m.name));
    const members = section.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
    for (const [index, member] of team.entries()) {
      const card = members.nth(index);
      // A portrait when there is a photograph, else the member's initials set large (never a blank face).
      if (member.image)
        await expect(card.getByRole('img', { name: `Portrait of ${member.name}` })).toBeVisible();
      else
        await expect(
          card.getByText(
            member.name
              .split(' ')
              .map((w) => w[0])
              .join('')
              .slice(0, 2),
            { exact: true },
          ),
        ).toBeVisible();
      await expect(card.getByText(member.role, { exact: true })).toBeVisible();
      if (member.quote) await expect(card.getByText(member.quote)).toBeVisible();
      for (const [key, label] of [
        ['facebook_url', 'Facebook'],
        ['instagram_url', 'Instagram'],
        ['linkedin_url', 'LinkedIn'],
      ] as const) {
        const link = card.getByRole('link', { name: `${member.name} on ${label}` });
        if (member[key]) await expect(link).toHaveAttribute('href', member[key]!);
        else await expect(link).toHaveCount(0);
      }
    }
    await expect(
      page.getByRole('region', { name: 'Get In Touch' }).getByRole('button', { name: 'Send Message' }),
    ).toBeVisible();
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });
});
