// What keeps the public pages light and quick to draw: the first screen's CSS inline with the full
// stylesheets off the critical path, and photographs whose format the server negotiates.
import { expect, type Page } from '@playwright/test';
import { test } from './support';

async function firstId(page: Page, api: string): Promise<string> {
  const body = (await (await page.request.get(api)).json()) as { items: { id: string }[] };
  return body.items[0]!.id;
}

/** The four pages the performance budget is measured on. */
async function measuredPages(page: Page) {
  return {
    home: '/',
    projects: '/projects',
    project: `/projects/${await firstId(page, '/api/projects?category=residential')}`,
    post: `/blog/${await firstId(page, '/api/blog-posts')}`,
  };
}

/**
 * The boxes of everything the first screen shows, named by tag and layout classes. Elements reaching below it
 * (the page, a long section) are compared by position and width only: their height depends on what is
 * further down.
 */
function firstScreenBoxes(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('body *')).flatMap((element) => {
      const r = element.getBoundingClientRect();
      if (r.top >= innerHeight || r.bottom <= 0 || r.width === 0) return [];
      const height = r.bottom <= innerHeight ? `×${Math.round(r.height)}` : '';
      // State classes (`is-playing`) follow the islands, which hydrate at the first need: not the layout's.
      const classes = (element.getAttribute('class') ?? '')
        .split(' ')
        .filter((token) => !token.startsWith('is-') || token === 'is-active')
        .join(' ');
      const name = `${element.tagName.toLowerCase()}.${classes}`;
      return [`${name} ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}${height}`];
    }),
  );
}

test.describe('critical CSS', () => {
  test('the measured pages inline their first screen’s rules and link the full stylesheets only from <noscript>', async ({
    page,
  }) => {
    for (const path of Object.values(await measuredPages(page))) {
      const html = await (await page.request.get(path)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head, path).toMatch(/<style>[\s\S]*?\.site-header[\s\S]*?<\/style>/);
      const noscript = /<noscript data-stylesheets>(.*?)<\/noscript>/.exec(head)?.[1] ?? '';
      expect(noscript, path).toMatch(/<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"/);
      // Nothing in the head blocks the first paint or competes with the photograph for bandwidth: no
      // stylesheet link outside <noscript>, and the page's script at low priority.
      expect(head.replace(/<noscript[\s\S]*?<\/noscript>/g, ''), path).not.toMatch(/rel="stylesheet"/);
      expect(head, path).toMatch(/<script type="module" fetchpriority="low"/);
    }
  });

  /** The stylesheets the page lists in its <noscript>, and those linked in its head, each time it is. */
  const stylesheets = (page: Page) =>
    page.evaluate(() => ({
      listed: [
        ...(document.querySelector('noscript[data-stylesheets]')?.textContent ?? '').matchAll(
          /href="([^"]+)"/g,
        ),
      ].map(([, href]) => new URL(href!, location.href).href),
      linked: Array.from(document.querySelectorAll<HTMLLinkElement>('head > link[rel="stylesheet"]')).map(
        (link) => link.href,
      ),
    }));

  test('in the browser the full stylesheets are added after the first paint, once', async ({ page }) => {
    await page.goto('/');
    // The islands are hydrated (the wait of `goto`): their chunk, which names the stylesheets too, has
    // loaded, and linked none of them again.
    await expect(page.locator('html')).toHaveAttribute('data-hydrated');
    const { listed, linked } = await stylesheets(page);
    expect(listed.length).toBeGreaterThan(0);
    expect(linked).toEqual(listed);
    // A rule only the full stylesheet has: the footer's dark ground.
    await expect(page.getByRole('contentinfo')).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  });

  test('islands loaded before the first paint (a key pressed at once) link the stylesheets once too', async ({
    page,
  }) => {
    // The first interaction comes before the boot script has seen a paint: the islands' chunk loads first.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => dispatchEvent(new KeyboardEvent('keydown'))),
    );
    await page.goto('/');
    const { listed, linked } = await stylesheets(page);
    expect(linked).toEqual(listed);
  });

  test('the parts below the first screen are laid out apart, after the full stylesheets apply', async ({
    page,
  }) => {
    // Each part the boot script sets aside (content-visibility: auto, at its height) and lays out again.
    await page.addInitScript(() => {
      const seen: string[] = [];
      const record = window as unknown as { setAside: string[]; shifted: number };
      record.setAside = seen;
      record.shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          record.shifted += (entry as unknown as { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: true });
      new MutationObserver((records) => {
        for (const { target } of records) {
          const part = target as HTMLElement;
          if (part.style.contentVisibility !== 'auto') continue;
          // Named by the section (or the footer) it belongs to.
          seen.push(part.closest('main > *, footer')?.classList[0] ?? '');
        }
      }).observe(document, { attributes: true, attributeFilter: ['style'], subtree: true });
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const { setAside, shifted } = await page.evaluate(() => {
      const { setAside, shifted } = window as unknown as { setAside: string[]; shifted: number };
      return { setAside, shifted };
    });
    expect(setAside).toEqual(expect.arrayContaining(['offer', 'contact-block', 'site-footer']));
    // Not the first screen's: the visitor sees it drawn once, by the inline rules.
    expect(setAside).not.toContain('hero');
    // Nothing on screen moved meanwhile (set aside with `hidden`, a part counted as a shift of 1).
    expect(shifted).toBeLessThan(0.01);
    // None is left aside: the page ends with its footer, laid out.
    const { footerBottom, pageHeight } = await page.evaluate(() => ({
      footerBottom: document.querySelector('.site-footer')!.getBoundingClientRect().bottom + scrollY,
      pageHeight: document.documentElement.scrollHeight,
    }));
    expect(Math.round(footerBottom)).toBe(pageHeight);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Projects' })).toBeVisible();
  });

  for (const width of [390, 1440]) {
    test(`at ${width} px the first screen is laid out by the inline rules alone, as with the full stylesheets`, async ({
      browser,
    }) => {
      test.setTimeout(60_000);
      const height = width === 390 ? 844 : 900;
      // Without scripts: the full stylesheets come from <noscript>, and no island hydrates between the two
      // loads (they hydrate at the first need, so a run with scripts would compare two moments).
      const context = await browser.newContext({
        viewport: { width, height },
        reducedMotion: 'reduce',
        javaScriptEnabled: false,
      });
      const page = await context.newPage();
      for (const [name, path] of Object.entries(await measuredPages(page))) {
        await page.unroute('**/assets/*.css');
        await page.goto(path, { waitUntil: 'networkidle' });
        // The full stylesheets applied (from <noscript>): the footer's dark ground is only in them.
        await expect(page.getByRole('contentinfo')).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
        const full = await firstScreenBoxes(page);
        await page.route('**/assets/*.css', (route) => route.abort());
        await page.goto(path, { waitUntil: 'networkidle' });
        const critical = await firstScreenBoxes(page);
        // The toast region is an empty live region the full stylesheet places; it shows nothing.
        const shown = (boxes: string[]) => boxes.filter((box) => !box.startsWith('div.toast-region'));
        expect(shown(critical), `${name} at ${width} px`).toEqual(shown(full));
      }
      await context.close();
    });
  }
});

test.describe('photographs', () => {
  test('a page names each photograph once; Chromium gets AVIF, with Vary: Accept', async ({ page }) => {
    const images: { type: string | null; vary: string | null }[] = [];
    page.on('response', (res) => {
      if (/\/media\/.*\?w=\d+(&c=portrait)?$/.test(res.url()))
        images.push({ type: res.headers()['content-type'] ?? null, vary: res.headers().vary ?? null });
    });
    await page.goto('/');
    await expect.poll(() => images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(image.type).toBe('image/avif');
      expect(image.vary).toMatch(/\bAccept\b/);
    }
  });

  for (const [width, height, shape] of [
    [390, 844, 'portrait'],
    [1440, 900, 'landscape'],
  ] as const) {
    test(`at ${width} px the home hero loads its ${shape} photograph, and only that`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      const heroes: string[] = [];
      page.on('request', (req) => {
        if (/\/media\/.*\?w=/.test(req.url())) heroes.push(new URL(req.url()).search);
      });
      await page.goto('/');
      const hero = page.locator('.hero__image img');
      await expect
        .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeTruthy();
      const current = new URL(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).search;
      const { naturalWidth, naturalHeight } = await hero.evaluate((img: HTMLImageElement) => ({
        naturalWidth: img.naturalWidth,
        naturalHeight: img.naturalHeight,
      }));
      if (shape === 'portrait') {
        expect(current).toMatch(/c=portrait/);
        expect(naturalWidth / naturalHeight).toBeCloseTo(9 / 16, 2);
        // It is the page's first photograph: no landscape frame of the hero was fetched before it.
        expect(heroes[0]).toBe(current);
      } else {
        expect(current).not.toMatch(/c=portrait/);
        expect(naturalWidth / naturalHeight).toBeCloseTo(1600 / 1067, 2);
        expect(heroes.some((search) => /c=portrait/.test(search))).toBe(false);
      }
      await context.close();
    });
  }
});

test.describe('islands', () => {
  test('the home page loads code for its islands only: the static sections ship no component code', async ({
    page,
  }) => {
    const scripts: Promise<string>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.text());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'What We Offer' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Featured Videos' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const code = (await Promise.all(scripts)).join('\n');
    // The films and the contact form come as code; the services grid and featured grid do not.
    expect(code).toContain('Featured Videos');
    expect(code).not.toContain('What We Offer');
    expect(code).not.toContain('View all projects');
  });
});

test.describe('the home page’s HTML', () => {
  const KB = 1024;
  const hydrationData = (html: string) =>
    JSON.parse(/<script type="application\/json" id="__DATA__">(.*?)<\/script>/s.exec(html)![1]!) as {
      settings: Record<string, unknown>;
      islands: Record<string, unknown>[];
    };

  // Issue 11 asks for at most 35 KB in all, the inline CSS (the first screen's rules, picked by
  // website/critical-css.ts) included. As the seed fills it the page weighs 34.96 KB: 6.8 KB of CSS and
  // 28.1 KB of markup, images and hydration data (they were 9.7 and 34.2 KB).
  test('weighs at most 35 KB, its inline CSS at most 8 KB of it', async ({ page }) => {
    const html = await (await page.request.get('/')).text();
    const style = /<style>[\s\S]*?<\/style>/.exec(html)?.[0] ?? '';
    expect(style.length).toBeGreaterThan(0);
    expect(Buffer.byteLength(style)).toBeLessThanOrEqual(8 * KB);
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(35 * KB);
  });

  test('carries the site settings once, and only what the header and footer draw', async ({ page }) => {
    const settings = (await (await page.request.get('/api/settings')).json()) as Record<string, unknown>;
    const project = `/projects/${await firstId(page, '/api/projects?category=residential')}`;
    for (const path of ['/', project]) {
      const data = hydrationData(await (await page.request.get(path)).text());
      // The alts only of images an island draws (the home page's film posters are decorative: none).
      expect(Object.keys(data).sort(), path).toEqual(
        path === '/' ? ['islands', 'settings'] : ['alts', 'islands', 'settings'],
      );
      expect(data.settings, path).toMatchObject({
        site_name: settings.site_name,
        site_description: settings.site_description,
        footer_text: settings.footer_text,
      });
      for (const unused of [
        'created_at',
        'updated_at',
        'founded_year',
        'opening_hours',
        'theme_color',
        'texts',
      ])
        expect(data.settings, `${path}: ${unused}`).not.toHaveProperty(unused);
      // No island carries them again.
      const islands = JSON.stringify(data.islands);
      expect(islands, path).not.toContain(String(settings.site_description));
      expect(islands, path).not.toContain(String(settings.contact_email));
    }
  });
});
