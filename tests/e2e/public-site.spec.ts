import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { accountServerForThisFile } from './accounts-support';
import { adminApi, openAdmin } from './admin-content-support';
import { test } from './support';

/** Where the screenshots go, to be looked at (not compared). */
const SHOTS = path.resolve(import.meta.dirname, '../../.cache/screenshots');

interface Listed {
  id: string;
}
const itemsOf = async <T>(page: Page, url: string): Promise<T[]> => {
  const body = await (await page.request.get(url)).json();
  return (Array.isArray(body) ? body : body.items) as T[];
};

test.describe('alt texts', () => {
  // A sample site of its own: the test writes alt texts that the other specs' pages must not show.
  const server = accountServerForThisFile({ SEED: 'sample' });

  /** The media library item stored at `url` (its id, to change its alt text). */
  async function mediaIdOf(api: Awaited<ReturnType<typeof adminApi>>, url: string): Promise<string> {
    for (let page = 1; ; page++) {
      const { body } = await api('GET', `/api/admin/media?all=1&page=${page}`);
      const found = (body.items as { id: string; url: string }[]).find((item) => item.url === url);
      if (found) return found.id;
      expect(page * body.pageSize, `${url} is in the library`).toBeLessThan(body.total);
    }
  }

  test('the texts written in the admin are the alt of every public image; the numbered text only without one', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const admin = server.createUser({ role: 'admin' });
    const api = await adminApi(server, admin.email);
    const setLibraryAlt = async (url: string, alt_text: string) =>
      expect((await api('PATCH', `/api/admin/media/${await mediaIdOf(api, url)}`, { alt_text })).status).toBe(
        200,
      );

    // A project: its own text for one photograph, the library's for another, none for a third.
    type Project = Listed & { title: string; location: string; images: string[]; thumbnail: string };
    const project = (await itemsOf<Project>(page, `${server.url}/api/projects?category=residential`)).find(
      (p) => p.images.length >= 3 && p.thumbnail === p.images[0],
    )!;
    const [first, second, third] = project.images as [string, string, string];
    const ownAlt = 'A deep veranda in the late afternoon, its brick columns in shade';
    const { body: stored } = await api('GET', `/api/admin/projects/${project.id}`);
    expect(
      (await api('PUT', `/api/admin/projects/${project.id}`, { ...stored, image_alts: { [first]: ownAlt } }))
        .status,
    ).toBe(200);
    const libraryAlt = 'The courtyard seen from the kitchen door';
    await setLibraryAlt(second, libraryAlt);
    await setLibraryAlt(third, '');

    // A service's picture, a post's picture and a team member's portrait: the library's texts.
    const service = (await itemsOf<Listed & { image: string }>(page, `${server.url}/api/services`))[0]!;
    const serviceAlt = 'Architects at a drawing table with a model of a school';
    await setLibraryAlt(service.image, serviceAlt);
    const post = (
      await itemsOf<Listed & { featured_image: string }>(page, `${server.url}/api/blog-posts`)
    )[0]!;
    const postAlt = 'Stacks of burnt brick drying beside a kiln';
    await setLibraryAlt(post.featured_image, postAlt);
    const member = (await itemsOf<Listed>(page, `${server.url}/api/team-members`))[0]!;
    const { body: memberRow } = await api('GET', `/api/admin/team-members/${member.id}`);
    expect(
      (await api('PUT', `/api/admin/team-members/${member.id}`, { ...memberRow, image: second })).status,
    ).toBe(200);

    const shows = async (url: string, alt: string) => {
      await page.goto(`${server.url}${url}`);
      await expect(
        page.getByRole('img', { name: alt, exact: true }).first(),
        `${alt} on ${url}`,
      ).toBeAttached();
    };
    await shows(`/projects/${project.id}`, ownAlt);
    await shows(`/projects/${project.id}`, libraryAlt);
    const numbered = `${project.title}${project.location ? `, ${project.location}` : ''}: photograph 3 of ${project.images.length}`;
    await shows(`/projects/${project.id}`, numbered);
    await expect(page.getByRole('img', { name: /photograph 1 of/ })).toHaveCount(0);
    await shows('/projects?category=residential', ownAlt);
    await shows('/', serviceAlt);
    await shows('/services', serviceAlt);
    await shows(`/services/${service.id}`, serviceAlt);
    await shows('/blog', postAlt);
    await shows(`/blog/${post.id}`, postAlt);
    await shows('/about', libraryAlt);
  });
});

test.describe('readable addresses', () => {
  const server = accountServerForThisFile();

  for (const width of [390, 1440]) {
    test(`the project form edits a project's address; the old one and the id lead to it at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const admin = await openAdmin(page, server, '/admin/projects');
      const api = await adminApi(server, admin.email);
      const title = `Lakeshore House ${width}`;
      const { body: created } = await api('POST', '/api/admin/projects', {
        title,
        description: 'A house by the lake.',
        category: 'residential',
        status: 'published',
      });
      expect(created.slug).toBe(`lakeshore-house-${width}`);

      await page.goto(`${server.url}/admin/projects/edit/${created.id}`);
      const address = page.getByRole('textbox', { name: 'Address' });
      await expect(address).toHaveValue(created.slug);
      // A taken address is refused at the field.
      const { body: other } = await api('POST', '/api/admin/projects', {
        title: `Other ${width}`,
        description: 'x',
        category: 'urban',
      });
      await address.fill(other.slug);
      await page.getByRole('button', { name: 'Update Project' }).click();
      const form = page.getByRole('form', { name: 'Edit Project' });
      await expect(form.getByText('Another project already has this address')).toBeVisible();
      await expect(address).toHaveAttribute('aria-invalid', 'true');
      await page.screenshot({ path: path.join(SHOTS, `project-form-address-${width}.png`), fullPage: true });

      await address.fill(`Lake House, Salima ${width}`);
      await page.getByRole('button', { name: 'Update Project' }).click();
      await expect(page.getByText(`"${title}" has been updated.`)).toBeVisible();

      // The visitor who kept the old address, or the id, lands on the new one.
      for (const old of [created.slug, created.id]) {
        await page.goto(`${server.url}/projects/${old}`);
        await expect(page).toHaveURL(`${server.url}/projects/lake-house-salima-${width}`);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      }
    });
  }
});

/** The fonts Chromium drew a node's text with (DevTools Protocol), by family name. */
async function renderedFonts(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    expect(nodeId, `${selector} is on ${page.url()}`).toBeGreaterThan(0);
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.map((font) => font.familyName);
  } finally {
    await cdp.detach();
  }
}

test('every public page draws its text in Inter and its headings in Cormorant', async ({ page }) => {
  test.setTimeout(120_000);
  const first = async (url: string) => (await itemsOf<Listed>(page, url))[0]!.id;
  const routes = [
    '/',
    '/projects',
    `/projects/${await first('/api/projects?category=residential')}`,
    '/services',
    `/services/${await first('/api/services')}`,
    '/blog',
    `/blog/${await first('/api/blog-posts')}`,
    '/about',
    '/contact',
    '/no-such-page',
    '/auth',
  ];
  for (const route of routes) {
    await page.goto(route);
    // A paragraph of the page's body (the sign-in page's is its card's), and the page's heading.
    expect(await renderedFonts(page, 'main p'), `body text of ${route}`).toEqual(['Inter']);
    expect(await renderedFonts(page, 'h1'), `heading of ${route}`).toEqual([
      expect.stringMatching(/^Cormorant Garamond/),
    ]);
  }
});

test.describe('a letter beyond the fonts’ core subsets', () => {
  // A site of its own: the test writes a studio description the other specs' pages must not show.
  const server = accountServerForThisFile({ SEED: 'sample' });

  test('is drawn in Inter on a page that drew its first screen from inline rules', async ({ page }) => {
    const api = await adminApi(server, server.createUser({ role: 'admin' }).email);
    const { body: settings } = await api('GET', '/api/admin/settings');
    const site_description = 'Maisons et cafés près du lac, à Zomba';
    expect((await api('PUT', '/api/admin/settings', { ...settings, site_description })).status).toBe(200);
    await page.goto(`${server.url}/`);
    await expect(page.getByRole('contentinfo').getByText(site_description)).toBeVisible();
    // The boot script keeps the full stylesheets' Latin faces for a page whose text needs them.
    expect(await renderedFonts(page, '.site-footer__description')).toEqual(['Inter']);
  });
});

test.describe('a post', () => {
  for (const width of [390, 1440]) {
    test(`its drop cap sits on the first line beside the rest of its word at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const post = (await itemsOf<Listed>(page, '/api/blog-posts'))[0]!;
      await page.goto(`/blog/${post.id}`);
      const paragraph = page.locator('.post__body > p').first();
      await paragraph.scrollIntoViewIfNeeded();
      // The first letter's box and the box of the rest of its word, measured with ranges over the text.
      const boxes = await paragraph.evaluate((p) => {
        const text = p.firstChild as Text;
        const word = /^\S+/.exec(text.data)![0];
        const box = (from: number, to: number) => {
          const range = document.createRange();
          range.setStart(text, from);
          range.setEnd(text, to);
          const rect = range.getBoundingClientRect();
          return { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
        };
        const line = Number.parseFloat(getComputedStyle(p).lineHeight);
        return { letter: box(0, 1), rest: box(1, word.length), line, top: p.getBoundingClientRect().top };
      });
      const { letter, rest, line, top } = boxes;
      // Beside it: the rest of the word starts right after the letter (a fifth of a line at most; the cap
      // that looked detached stood 9 px off), on the paragraph's first line.
      expect(rest.left - letter.right).toBeGreaterThanOrEqual(0);
      expect(rest.left - letter.right).toBeLessThan(line / 5);
      expect(rest.top - top).toBeLessThan(line);
      await page.screenshot({ path: path.join(SHOTS, `post-drop-cap-${width}.png`) });
    });
  }
});
