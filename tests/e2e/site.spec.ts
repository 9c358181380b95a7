import { fillSiteText } from '@atelier/shared';
import { expect, type Page } from '@playwright/test';
import { expectAccessible, openTestDatabase, stopClock, test, waitForRest, watchConsole } from './support';

// One test here changes the site settings (restoring them at its end); running this file's tests in
// order in one worker keeps the others here from reading the settings while they are changed.
test.describe.configure({ mode: 'default' });

interface Settings {
  site_name: string;
  site_description: string;
  contact_email: string;
  contact_phone: string;
  office_address: string;
  footer_text: string;
  show_social_links: boolean;
  facebook_url: string;
  twitter_url: string;
  instagram_url: string;
  linkedin_url: string;
  founded_year: number;
}

const NAV = ['Home', 'About', 'Projects', 'Services', 'Blog', 'Contact'];
const SOCIAL = [
  ['Facebook', 'facebook_url'],
  ['Twitter', 'twitter_url'],
  ['Instagram', 'instagram_url'],
  ['LinkedIn', 'linkedin_url'],
] as const;

async function settingsOf(page: Page): Promise<Settings> {
  return (await page.request.get('/api/settings')).json();
}

async function firstId(page: Page, path: string): Promise<string> {
  const body = await (await page.request.get(path)).json();
  const items = (Array.isArray(body) ? body : body.items) as { id: string }[];
  expect(items.length, `${path} has items`).toBeGreaterThan(0);
  return items[0]!.id;
}

const header = (page: Page) => page.getByRole('banner');

/**
 * Scrolls the page to `y` at once (not smoothly, as the page's stylesheet asks), and returns once the page has
 * handled it: the scroll event comes with the next frame, and what its handler changes is drawn by the one
 * after (reveals started, the header's state).
 */
async function scrollPageTo(page: Page, y: number) {
  await page.evaluate(
    (top) =>
      new Promise<void>((resolve) => {
        const handled = () => requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        if (Math.round(window.scrollY) === top) return handled();
        window.addEventListener('scroll', handled, { once: true });
        window.scrollTo({ top, behavior: 'instant' });
      }),
    y,
  );
}
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('header', () => {
  test('is transparent over the home hero until the page scrolls past 20 px, then solid', async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const banner = header(page);
    const logo = banner.getByRole('link', { name: (await settingsOf(page)).site_name, exact: true });

    await expect(banner).toHaveAttribute('data-appearance', 'transparent');
    await expect(banner).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    await expect(banner).toHaveCSS('color', 'rgb(255, 255, 255)');
    await expect(logo).toHaveAttribute('data-variant', 'light');
    const topHeight = (await banner.boundingBox())!.height;

    // 20 px is still the top of the page.
    await scrollPageTo(page, 20);
    await expect(banner).toHaveAttribute('data-appearance', 'transparent');

    await scrollPageTo(page, 21);
    await expect(banner).toHaveAttribute('data-appearance', 'solid');
    await expect(banner).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expect(banner).toHaveCSS('color', 'rgb(28, 27, 25)');
    await expect(banner).not.toHaveCSS('box-shadow', 'none');
    await expect(logo).toHaveAttribute('data-variant', 'dark');
    await expect.poll(async () => (await banner.boundingBox())!.height).toBeLessThan(topHeight);

    await scrollPageTo(page, 0);
    await expect(banner).toHaveAttribute('data-appearance', 'transparent');
    await expect(banner).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    expect(problems).toEqual([]);
  });

  for (const width of [390, 1440]) {
    test(`keeps its white text at AA contrast over the hero photograph at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      // The photograph drawn, and the hero's entrance (it fades and settles in) over.
      const photograph = page.locator('.hero__image img');
      await expect
        .poll(() => photograph.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      await photograph.evaluate((img: HTMLImageElement) => img.decode());
      await waitForRest(page);
      const banner = header(page);
      await expect(banner).toHaveAttribute('data-appearance', 'transparent');
      await expect(banner).toHaveCSS('color', 'rgb(255, 255, 255)');
      const targets = banner.locator('a:visible, button:visible');
      const boxes = [];
      for (const target of await targets.all()) boxes.push((await target.boundingBox())!);
      expect(boxes.length).toBeGreaterThan(1);
      // What is behind the text: the header with its text, marks and borders made invisible.
      await page.addStyleTag({
        content:
          'header *, header *::before, header *::after { color: transparent !important; stroke: transparent !important; border-color: transparent !important; animation: none !important; transition: none !important; } header a::after { background: transparent !important; }',
      });
      await expect(banner.getByRole('link').first()).toHaveCSS('color', 'rgba(0, 0, 0, 0)');
      const png = (await page.screenshot()).toString('base64');
      const worst = await page.evaluate(
        async ({ png, boxes }) => {
          const image = new Image();
          image.src = `data:image/png;base64,${png}`;
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = image.width;
          canvas.height = image.height;
          const context = canvas.getContext('2d')!;
          context.drawImage(image, 0, 0);
          const channel = (c: number) => {
            const s = c / 255;
            return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
          };
          let lowest = 21;
          for (const box of boxes) {
            const pixels = context.getImageData(
              box.x,
              box.y,
              Math.ceil(box.width),
              Math.ceil(box.height),
            ).data;
            for (let i = 0; i < pixels.length; i += 4) {
              const l =
                0.2126 * channel(pixels[i]!) +
                0.7152 * channel(pixels[i + 1]!) +
                0.0722 * channel(pixels[i + 2]!);
              lowest = Math.min(lowest, 1.05 / (l + 0.05));
            }
          }
          return lowest;
        },
        { png, boxes },
      );
      expect(
        worst,
        'contrast of white text with the lightest pixel behind any header link',
      ).toBeGreaterThanOrEqual(4.5);
    });
  }

  test('is solid from the start on a page without a hero photograph', async ({ page }) => {
    await page.goto('/about');
    await expect(header(page)).toHaveAttribute('data-appearance', 'solid');
    await expect(header(page)).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  });

  test('links the logo, named by the site name, to the home page', async ({ page }) => {
    const settings = await settingsOf(page);
    await page.goto('/contact');
    await expect(header(page).getByRole('link', { name: settings.site_name, exact: true })).toHaveAttribute(
      'href',
      '/',
    );
    // Signing in comes back to the page the link was chosen on.
    await expect(header(page).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/auth?redirect=%2Fcontact',
    );
    await page.goto('/');
    await expect(header(page).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
  });

  test('marks the link of the current section, on the server and after hydration', async ({ page }) => {
    const projectId = await firstId(page, '/api/projects?category=residential');
    const serviceId = await firstId(page, '/api/services');
    const postId = await firstId(page, '/api/blog-posts');
    const cases: [string, string][] = [
      ['/', 'Home'],
      ['/home', 'Home'],
      ['/about', 'About'],
      ['/projects?category=urban', 'Projects'],
      [`/projects/${projectId}`, 'Projects'],
      ['/services', 'Services'],
      [`/services/${serviceId}`, 'Services'],
      ['/blog', 'Blog'],
      [`/blog/${postId}`, 'Blog'],
      ['/contact', 'Contact'],
    ];
    for (const [path, current] of cases) {
      // The server's HTML already carries the mark (no flash of an unmarked nav before hydration).
      const html = await (await page.request.get(path)).text();
      const banner = html.slice(html.indexOf('<header'), html.indexOf('</header>'));
      const marked = [...banner.matchAll(/<a [^>]*aria-current="page"[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
      expect(marked, `server HTML of ${path}`).toEqual([current]);

      await page.goto(path);
      for (const label of NAV) {
        const link = mainNav(page).getByRole('link', { name: label, exact: true });
        if (label === current)
          await expect(link, `${label} on ${path}`).toHaveAttribute('aria-current', 'page');
        else await expect(link, `${label} on ${path}`).not.toHaveAttribute('aria-current');
      }
    }
    // A page outside the sections marks none of them.
    await page.goto('/no-such-page');
    await expect(mainNav(page).locator('[aria-current]')).toHaveCount(0);
  });

  test('shows the full navigation and no menu button from 768 px up', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 800 });
    await page.goto('/about');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    for (const label of NAV) await expect(mainNav(page).getByRole('link', { name: label })).toBeVisible();
    // Everything fits on one line at the narrowest desktop width.
    expect((await header(page).boundingBox())!.height).toBeLessThan(100);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(768);
  });
});

test.describe('mobile menu at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens from the menu button and closes on Escape, returning focus to the button', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Menu' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(mainNav(page)).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const controlled = page.locator(`#${await button.getAttribute('aria-controls')}`);
    await expect(controlled).toBeVisible();
    for (const label of NAV) await expect(controlled.getByRole('link', { name: label })).toBeVisible();
    await expect(controlled.getByRole('link', { name: 'Sign in' })).toBeVisible();
    // The open menu sits on a solid header.
    await expect(header(page)).toHaveAttribute('data-appearance', 'solid');
    await expectAccessible(page);

    // Keyboard: the menu's links follow the button in tab order.
    await button.focus();
    await page.keyboard.press('Tab');
    await expect(controlled.getByRole('link', { name: 'Home' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(mainNav(page)).toBeHidden();
    await expect(button).toBeFocused();
    await expect(header(page)).toHaveAttribute('data-appearance', 'transparent');
    expect(problems).toEqual([]);
  });

  test('closes when keyboard focus leaves it, so focus never lands on content hidden behind it', async ({
    page,
  }) => {
    await page.goto('/contact');
    const button = page.getByRole('button', { name: 'Menu' });
    await button.click();
    const signIn = header(page).getByRole('link', { name: 'Sign in' });
    await signIn.focus();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(mainNav(page)).toBeHidden();
    // Focus went on to the page, which is in view again.
    expect(
      await page.evaluate(() => document.querySelector('header')?.contains(document.activeElement)),
    ).toBe(false);
  });

  test('closes when a link is chosen', async ({ page }) => {
    await page.goto('/about');
    const button = page.getByRole('button', { name: 'Menu' });
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    // Hold the navigation back so the menu's own reaction to the choice is what is observed.
    await page.evaluate(() =>
      document.addEventListener('click', (event) => event.preventDefault(), { capture: true, once: true }),
    );
    await mainNav(page).getByRole('link', { name: 'Projects' }).click();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(mainNav(page)).toBeHidden();

    // And chosen for real, the link goes to its page.
    await button.click();
    await mainNav(page).getByRole('link', { name: 'Services' }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('closes when the window grows past the medium breakpoint', async ({ page }) => {
    await page.goto('/contact');
    const button = page.getByRole('button', { name: 'Menu' });
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.setViewportSize({ width: 1024, height: 844 });
    await expect(mainNav(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu', includeHidden: true })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    // Back on a narrow screen the menu is folded away, not left open over the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(mainNav(page)).toBeHidden();
  });
});

/**
 * Opens `path` as a visitor does and returns once its full stylesheets apply (the boot script's work after the
 * first paint), without the wait of this file's `goto`, which stands for a first interaction.
 */
async function openUntouched(page: Page, baseURL: string, path: string) {
  const url = new URL(path, baseURL).href;
  await page.evaluate((to) => location.assign(to), url);
  await page.waitForURL(url);
  await page.waitForFunction(() => {
    const sheets = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'));
    return sheets.length > 0 && sheets.every((link) => link.media !== 'print');
  });
}

test.describe('the islands wait for the first need', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('load nothing of React before it, and the first tap on the menu button opens the menu', async ({
    page,
    baseURL,
  }) => {
    const problems = watchConsole(page);
    const islandScripts: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/entry-client-[^/]*\.js$/.test(request.url())) islandScripts.push(request.url());
    });
    // The islands' script is held back until the tap has happened: the tap meets a page with no island
    // hydrated, as on a slow phone.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/entry-client-[^/]*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await openUntouched(page, baseURL!, '/');
    // The first screen is painted and styled, the page's lists and header are there; React is not asked for.
    expect(islandScripts).toEqual([]);
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);

    const button = page.getByRole('button', { name: 'Menu' });
    await button.tap();
    await expect.poll(() => islandScripts.length).toBe(1);
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    release();
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    // The tap made before the islands were hydrated opened the menu once they were.
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    for (const label of NAV) await expect(mainNav(page).getByRole('link', { name: label })).toBeVisible();
    await expect(header(page)).toHaveAttribute('data-appearance', 'solid');
    // And the next tap closes it.
    await button.tap();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(problems).toEqual([]);
  });

  test('a scroll loads and hydrates them', async ({ page, baseURL }) => {
    await openUntouched(page, baseURL!, '/');
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    await page.mouse.wheel(0, 300);
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  });

  test('a renamed studio is renamed on a page nobody has touched', async ({ page, baseURL }) => {
    const db = openTestDatabase();
    const { site_name: before } = db
      .prepare(`SELECT site_name FROM site_settings WHERE id = 'default'`)
      .get() as {
      site_name: string;
    };
    const rename = (name: string) =>
      db
        .prepare(`UPDATE site_settings SET site_name = ?, updated_at = ? WHERE id = 'default'`)
        .run(name, new Date().toISOString());
    try {
      let streams = 0;
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/events') streams += 1;
      });
      await openUntouched(page, baseURL!, '/');
      // The settings' stream is open before any island is hydrated.
      await expect.poll(() => streams).toBe(1);
      await expect(page.locator('html[data-hydrated]')).toHaveCount(0);

      const renamed = `Untouched Studio ${Date.now().toString(36)}`;
      rename(renamed);
      await expect(header(page).getByRole('link', { name: renamed, exact: true })).toBeVisible({
        timeout: 10_000,
      });
      await expect(page.getByRole('contentinfo')).toContainText(renamed);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(renamed);
      await expect(page).toHaveTitle(new RegExp(` \\| ${renamed}$`));
    } finally {
      rename(before);
      db.close();
    }
  });
});

test.describe('footer', () => {
  test('shows the site settings, the quick links and the social links', async ({ page }) => {
    const settings = await settingsOf(page);
    await page.goto('/services');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(settings.site_name);
    await expect(footer).toContainText(settings.site_description);
    await expect(footer).toContainText(settings.office_address);
    await expect(footer).toContainText(fillSiteText(settings.footer_text, { name: settings.site_name }));
    await expect(footer.getByRole('link', { name: settings.contact_email })).toHaveAttribute(
      'href',
      `mailto:${settings.contact_email}`,
    );
    await expect(footer.getByRole('link', { name: settings.contact_phone })).toHaveAttribute(
      'href',
      `tel:${settings.contact_phone.replace(/[^+\d]/g, '')}`,
    );

    const quick = footer.getByRole('navigation', { name: 'Quick Links' }).getByRole('link');
    await expect(quick).toHaveText(['Home', 'About', 'Projects', 'Services', 'Blog', 'Contact']);
    expect(await quick.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      '/home',
      '/about',
      '/projects',
      '/services',
      '/blog',
      '/contact',
    ]);
    // /home is a real page (the home page), not a 404.
    expect((await page.request.get('/home')).status()).toBe(200);

    expect(settings.show_social_links).toBe(true);
    await expect(footer.getByRole('heading', { name: 'Follow Us' })).toBeVisible();
    for (const [label, key] of SOCIAL) {
      const link = footer.getByRole('link', { name: label, exact: true });
      await expect(link).toHaveAttribute('href', settings[key]);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
  });

  test('follows the settings as they change, live and after a reload; Follow Us only when enabled', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const db = openTestDatabase();
    const original = db.prepare(`SELECT * FROM site_settings WHERE id = 'default'`).get() as Record<
      string,
      unknown
    >;
    const update = (values: Record<string, unknown>) => {
      const keys = Object.keys(values);
      db.prepare(
        `UPDATE site_settings SET ${keys.map((k) => `${k} = @${k}`).join(', ')}, updated_at = @updated_at WHERE id = 'default'`,
      ).run({ ...values, updated_at: new Date().toISOString() });
    };
    const problems = watchConsole(page);
    const footer = page.getByRole('contentinfo');
    const logo = (name: string) => header(page).getByRole('link', { name, exact: true });
    const stamp = Date.now().toString(36);
    try {
      // The stream's first answer is a server failure: the page must reconnect by itself. It tries again
      // after a while on its own clock, stopped here, so the stream stays down until the test moves it on.
      let refused = 0;
      await page.route('**/api/events', (route) => {
        refused += 1;
        return route.fulfill({ status: 503, body: 'unavailable' });
      });
      await stopClock(page);
      await page.goto('/');
      await expect.poll(() => refused).toBe(1);
      await page.evaluate(() => {
        (window as unknown as { sameDocument: boolean }).sameDocument = true;
      });

      // Changed while the stream is down: caught up as soon as it is back.
      const gapName = `Gap Studio ${stamp}`;
      update({ site_name: gapName });
      let reconnected = false;
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/events') reconnected = true;
      });
      await page.unroute('**/api/events');
      // Its first retry is due 2 s after the refusal: the clock moves on by that until the page asks again.
      await expect(async () => {
        await page.clock.runFor(2_000);
        expect(reconnected).toBe(true);
      }).toPass();
      await expect(logo(gapName)).toBeVisible({ timeout: 10_000 });

      // Changed while connected: pushed by the server.
      const liveName = `Live Studio ${stamp}`;
      update({ site_name: liveName, footer_text: `© ${liveName}` });
      await expect(logo(liveName)).toBeVisible({ timeout: 10_000 });
      await expect(footer).toContainText(liveName);
      await expect(footer).toContainText(`© ${liveName}`);

      // One network without a URL loses its icon; the others stay.
      update({ instagram_url: '' });
      await expect(footer.getByRole('link', { name: 'Instagram' })).toHaveCount(0, { timeout: 10_000 });
      await expect(footer.getByRole('link', { name: 'LinkedIn' })).toBeVisible();

      // Social links switched off: the whole Follow Us column goes.
      update({ show_social_links: 0 });
      await expect(footer.getByRole('heading', { name: 'Follow Us' })).toHaveCount(0, { timeout: 10_000 });
      await expect(footer.getByRole('link', { name: 'Facebook' })).toHaveCount(0);
      // All of it without a reload.
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
        true,
      );

      // The server renders the same.
      await page.reload();
      await expect(logo(liveName)).toBeVisible();
      await expect(footer.getByRole('heading', { name: 'Follow Us' })).toHaveCount(0);
      await expect(footer.getByRole('link', { name: 'LinkedIn' })).toHaveCount(0);
      await expect(page).toHaveTitle(new RegExp(` \\| ${liveName}$`));
      // The refused stream shows as a failed resource; nothing else may go wrong.
      expect(problems.filter((p) => !p.includes('status of 503'))).toEqual([]);
    } finally {
      const { id: _id, ...values } = original;
      db.prepare(
        `UPDATE site_settings SET ${Object.keys(values)
          .map((k) => `${k} = @${k}`)
          .join(', ')} WHERE id = 'default'`,
      ).run(values);
      db.close();
    }
  });
});

test.describe('404', () => {
  test('an unknown path answers 404 with the Page Not Found screen and is not indexed', async ({ page }) => {
    const problems = watchConsole(page);
    const settings = await settingsOf(page);
    const res = await page.goto('/this/page/does-not-exist');
    expect(res?.status()).toBe(404);
    await expect(page).toHaveTitle(`Page Not Found | ${settings.site_name}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Back to Home' })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(page.getByRole('main').getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'href',
      '/contact',
    );
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    // The site chrome is there too.
    await expect(mainNav(page)).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    // The 404 answer itself is logged as a failed resource; nothing else may go wrong.
    expect(problems.filter((p) => !p.includes('status of 404'))).toEqual([]);
  });

  test('a missing page answers 404 for a single segment, a trailing slash and a deep path', async ({
    request,
  }) => {
    for (const path of ['/nope', '/nope/', '/about/team/extra', '/projects/a/b']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(404);
      expect(await res.text(), path).toContain('Page Not Found');
    }
  });
});

test.describe('server-rendered head', () => {
  const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

  test('every public page has its title, description, canonical URL, Open Graph tags and the studio JSON-LD', async ({
    request,
  }) => {
    const settings = (await (await request.get('/api/settings')).json()) as Settings;
    const body = async (path: string) => (await request.get(path)).json();
    const project = (await body('/api/projects?category=residential')).items[0];
    const service = (await body('/api/services')).items[0];
    const post = (await body('/api/blog-posts')).items[0];
    const pages: { path: string; image?: boolean }[] = [
      { path: '/', image: true },
      { path: '/about' },
      { path: '/projects', image: true },
      { path: `/projects/${project.slug}`, image: true },
      { path: '/services' },
      { path: `/services/${service.slug}` },
      { path: '/blog', image: true },
      { path: `/blog/${post.slug}`, image: Boolean(post.featured_image) },
      { path: '/contact' },
    ];
    for (const { path, image } of pages) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()['content-type'], path).toContain('text/html');
      const html = await res.text();
      const head = html.slice(0, html.indexOf('</head>'));

      const title = attr(head, /<title>([^<]*)<\/title>/);
      expect(title, path).toBeTruthy();
      expect(title!.endsWith(` | ${settings.site_name}`), `${path} title "${title}"`).toBe(true);
      expect(head.match(/<title>/g), path).toHaveLength(1);

      const description = attr(head, /<meta name="description" content="([^"]*)"/);
      expect(description?.length ?? 0, `${path} description`).toBeGreaterThan(20);
      expect(description!.length, `${path} description`).toBeLessThanOrEqual(320);

      const canonical = attr(head, /<link rel="canonical" href="([^"]*)"/);
      expect(canonical, `${path} canonical`).toMatch(/^https?:\/\//);
      expect(new URL(canonical!).pathname, `${path} canonical`).toBe(path.split('?')[0]);

      expect(attr(head, /<meta property="og:title" content="([^"]*)"/), `${path} og:title`).toBe(title);
      expect(attr(head, /<meta property="og:url" content="([^"]*)"/), `${path} og:url`).toBe(canonical);
      const ogImage = attr(head, /<meta property="og:image" content="([^"]*)"/);
      if (image) {
        expect(ogImage, `${path} og:image`).toMatch(/^https?:\/\//);
        const shared = new URL(ogImage!);
        expect(
          (await request.get(`${shared.pathname}${shared.search}`)).status(),
          `${path} og:image loads`,
        ).toBe(200);
      }

      const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
        (m) => JSON.parse(m[1]!) as Record<string, unknown>,
      );
      const studio = jsonLd.find((item) => item['@type'] === 'ProfessionalService');
      expect(studio, `${path} studio JSON-LD`).toBeTruthy();
      expect(studio).toMatchObject({
        '@context': 'https://schema.org',
        name: settings.site_name,
        openingHours: 'Mo-Fr 09:00-18:00',
        priceRange: '$$',
        foundingDate: String(settings.founded_year),
        email: settings.contact_email,
        telephone: settings.contact_phone,
      });
    }
  });
});

test('the home page is titled by what the studio does and where, and described by the site description', async ({
  request,
}) => {
  const settings = (await (await request.get('/api/settings')).json()) as Settings;
  const head = (await (await request.get('/')).text()).split('</head>')[0]!;
  const title = `Architecture, Interiors and Urban Design in Malawi | ${settings.site_name}`;
  expect(head).toContain(`<title>${title}</title>`);
  expect(head).toContain(`<meta property="og:title" content="${title}">`);
  const description = /<meta name="description" content="([^"]*)"/.exec(head)?.[1];
  expect(description).toBe(settings.site_description);
  expect(head).toContain(`<meta property="og:description" content="${description}">`);
});

test.describe('accessibility', () => {
  for (const path of ['/', '/about', '/projects', '/services', '/blog', '/contact', '/no-such-page']) {
    test(`${path} passes axe and hydrates without console errors`, async ({ page }) => {
      const problems = watchConsole(page);
      await page.goto(path);
      await expect(mainNav(page)).toBeVisible();
      await expectAccessible(page);
      // The scrolled state too (the header's solid colours).
      await scrollPageTo(page, 400);
      await expect(header(page)).toHaveAttribute('data-appearance', 'solid');
      await expectAccessible(page);
      // The 404 page's own answer is logged as a failed resource; nothing else may go wrong.
      expect(problems.filter((p) => !p.includes('status of 404'))).toEqual([]);
    });
  }

  test('Tab reaches the skip link first, and it takes keyboard focus past the header into the content', async ({
    page,
  }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    // Visible when focused, hidden otherwise.
    const box = await skip.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
    await page.keyboard.press('Tab');
    const focusedInMain = await page.evaluate(
      () => document.getElementById('main')?.contains(document.activeElement) ?? false,
    );
    expect(focusedInMain).toBe(true);
  });

  test('the header keeps a visible focus ring on keyboard focus', async ({ page }) => {
    await page.goto('/about');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const logo = header(page).getByRole('link').first();
    await expect(logo).toBeFocused();
    await expect(logo).toHaveCSS('outline-style', 'solid');
    await expect(logo).not.toHaveCSS('outline-width', '0px');
  });
});
