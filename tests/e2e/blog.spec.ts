import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Page } from '@playwright/test';
import { expectAccessible, openTestDatabase, test, watchConsole } from './support';

// Posts this file creates carry this prefix and a publish date long before the sample content's, so
// they sort after it and tests running alongside can tell them apart.
const PREFIX = 'E2E blog';

interface Row {
  id: string;
  /** The post's address: its slug, its id while it has none. */
  address: string;
  title: string;
  excerpt: string | null;
  content: string;
  publish_date: string | null;
  seo_keywords: string;
  views: number;
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** The published sample posts as the list orders them (newest first), without the ones tests add. */
/** The sample's published posts, latest first (never empty: the sample has several). */
function publishedPosts(): [Row, ...Row[]] {
  const db = openTestDatabase();
  try {
    return (
      db
        .prepare(
          `SELECT id, coalesce(slug, id) AS address, title, excerpt, content, publish_date, seo_keywords, views FROM blog_posts
           WHERE status = 'published' ORDER BY publish_date DESC, created_at DESC, id DESC`,
        )
        .all() as Row[]
    ).filter((row) => !row.title.startsWith(PREFIX)) as [Row, ...Row[]];
  } finally {
    db.close();
  }
}

interface NewPost {
  title?: string;
  content?: string;
  keywords?: string[];
  publishDate?: string;
  views?: number;
  status?: 'published' | 'draft';
}

/** Inserts published posts for one test; returns their ids and a function that deletes them. */
function createPosts(posts: NewPost[]) {
  const db = openTestDatabase();
  const insert = db.prepare(
    `INSERT INTO blog_posts (id, title, excerpt, content, featured_image, status, publish_date, seo_keywords, views, created_at, updated_at)
     VALUES (?, ?, NULL, ?, NULL, ?, ?, ?, ?, ?, ?)`,
  );
  const ids = posts.map((post, index) => {
    const id = randomUUID();
    const published = post.publishDate ?? new Date(Date.UTC(2001, 0, 1 + index)).toISOString();
    insert.run(
      id,
      post.title ?? `${PREFIX} ${id.slice(0, 8)}`,
      post.content ?? 'First paragraph of a test post.\n\nSecond paragraph of a test post.',
      post.status ?? 'published',
      published,
      JSON.stringify(post.keywords ?? []),
      post.views ?? 0,
      published,
      published,
    );
    return id;
  });
  db.close();
  return {
    ids,
    remove() {
      const db = openTestDatabase();
      const remove = db.prepare('DELETE FROM blog_posts WHERE id = ?');
      for (const id of ids) remove.run(id);
      db.close();
    },
  };
}

function viewsInDatabase(id: string): number {
  const db = openTestDatabase();
  try {
    return (db.prepare('SELECT views FROM blog_posts WHERE id = ?').get(id) as { views: number }).views;
  } finally {
    db.close();
  }
}

/** The posts listed in the page's main column (the sidebar's recent posts are not articles). */
const listed = (page: Page) => page.getByRole('main').getByRole('article');
const titlesOf = async (page: Page) =>
  (await listed(page).getByRole('heading').allTextContents()).filter((t) => !t.startsWith(PREFIX));
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Browse the blog' });

/**
 * A block of a post's Markdown as the page shows it, whole: a `## ` heading without its marks, and the
 * renderer's typography (curly quotes and apostrophes, en and em dashes, an ellipsis) allowed for.
 */
function asTypeset(block: string): RegExp {
  const escaped = block
    .trim()
    .replace(/^## /, '')
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/'/g, "['‘’]")
    .replace(/"/g, '["“”]')
    .replace(/---|--/g, '[—–-]+')
    .replace(/\\\.\\\.\\\./g, '(?:\\.\\.\\.|…)');
  return new RegExp(`^${escaped}$`);
}

test('the blog lists published posts newest first, the latest featured with its date and excerpt', async ({
  page,
}) => {
  const problems = watchConsole(page);
  const posts = publishedPosts();
  expect(posts.length).toBeGreaterThan(2);

  const res = await page.goto('/blog');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Insights & Ideas' })).toBeVisible();
  expect(await titlesOf(page)).toEqual(posts.map((p) => p.title));

  const [first, second] = posts as [Row, Row];
  const featured = listed(page).first();
  await expect(featured.getByText('Featured', { exact: true })).toBeVisible();
  await expect(featured.getByRole('heading', { name: first.title })).toBeVisible();
  await expect(featured.getByRole('link', { name: first.title, exact: true })).toHaveAttribute(
    'href',
    `/blog/${first.address}`,
  );
  await expect(featured.getByRole('link', { name: /^Read More/ })).toHaveAttribute(
    'href',
    `/blog/${first.address}`,
  );
  await expect(featured).toContainText(dateFormat.format(new Date(first.publish_date!)));
  if (first.excerpt) await expect(featured).toContainText(first.excerpt);

  // Only the lead post carries the badge; the others show their own date as "MMMM d, yyyy".
  const next = listed(page).nth(1);
  await expect(next.getByText('Featured', { exact: true })).toHaveCount(0);
  await expect(next.getByRole('heading', { name: second.title })).toBeVisible();
  await expect(next.getByRole('link', { name: /^Read More/ })).toHaveAttribute(
    'href',
    `/blog/${second.address}`,
  );
  const date = await next.locator('time').textContent();
  expect(date).toMatch(
    /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/,
  );
  expect(date).toBe(dateFormat.format(new Date(second.publish_date!)));

  // A post without an excerpt shows the start of its text instead (at most 120 characters).
  const bare = posts.slice(1).find((p) => !p.excerpt);
  if (bare) {
    const card = listed(page).filter({ has: page.getByRole('heading', { name: bare.title }) });
    const text = (await card.locator('p').nth(1).textContent()) ?? '';
    expect(text.length).toBeLessThanOrEqual(120);
    expect(bare.content.replace(/\s+/g, ' ').startsWith(text.replace(/…$/, ''))).toBe(true);
  }

  // Recent Posts: the three latest.
  const recent = sidebar(page).getByRole('region', { name: 'Recent Posts' }).getByRole('link');
  await expect(recent).toHaveCount(3);
  for (const [index, post] of posts.slice(0, 3).entries()) {
    await expect(recent.nth(index)).toHaveAttribute('href', `/blog/${post.address}`);
    await expect(recent.nth(index)).toContainText(post.title);
  }

  await expectAccessible(page);
  expect(problems).toEqual([]);

  // The whole card is a link: its photograph (top left of the card) opens the post too.
  await next.click({ position: { x: 24, y: 48 } });
  await expect(page).toHaveURL(`/blog/${second.address}`);
});

test('a category from the sidebar narrows the list, stays in the URL and matches its count', async ({
  page,
}) => {
  const problems = watchConsole(page);
  const posts = publishedPosts();
  const category = JSON.parse(posts[0].seo_keywords)[0] as string;
  const expected = posts.filter((p) => JSON.parse(p.seo_keywords)[0] === category).map((p) => p.title);

  await page.goto('/blog');
  const categories = sidebar(page).getByRole('navigation', { name: 'Categories' });
  await expect(categories.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'true');
  const link = categories.getByRole('link', { name: new RegExp(`^${category}\\s*, \\d+ posts?$`) });
  const shownCount = Number((await link.textContent())?.match(/(\d+)/)?.[1]);
  expect(shownCount).toBe(expected.length);

  await link.click();
  await expect(page).toHaveURL(`/blog?category=${encodeURIComponent(category)}`);
  await expect(page.getByText(`Posts in ${category}`)).toBeVisible();
  expect(await titlesOf(page)).toEqual(expected);
  await expect(listed(page)).toHaveCount(shownCount);
  await expect(categories.getByRole('link', { name: new RegExp(`^${category}`) })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(categories.getByRole('link', { name: 'All' })).not.toHaveAttribute('aria-current', 'true');
  await expectAccessible(page);

  await page.reload();
  await expect(page.getByText(`Posts in ${category}`)).toBeVisible();
  expect(await titlesOf(page)).toEqual(expected);

  await page.getByRole('link', { name: /^Clear/ }).click();
  await expect(page).toHaveURL('/blog');
  expect(await titlesOf(page)).toEqual(posts.map((p) => p.title));
  expect(problems).toEqual([]);
});

test('a tag from the sidebar lists only the posts carrying it, and survives a reload', async ({ page }) => {
  const posts = publishedPosts();
  // A tag on one post only, so the filter visibly removes the others.
  const counts = new Map<string, number>();
  for (const post of posts) {
    for (const k of JSON.parse(post.seo_keywords) as string[]) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const tag = [...counts].find(([, n]) => n === 1)![0];
  const tagged = posts.filter((p) => (JSON.parse(p.seo_keywords) as string[]).includes(tag));

  await page.goto('/blog');
  await sidebar(page)
    .getByRole('navigation', { name: 'Tags' })
    .getByRole('link', { name: tag, exact: true })
    .click();
  await expect(page).toHaveURL(`/blog?tag=${encodeURIComponent(tag).replace(/%20/g, '+')}`);
  await expect(page.getByText(`Tagged “${tag}”`)).toBeVisible();
  expect(await titlesOf(page)).toEqual(tagged.map((p) => p.title));
  await expect(
    sidebar(page).getByRole('navigation', { name: 'Tags' }).getByRole('link', { name: tag, exact: true }),
  ).toHaveAttribute('aria-current', 'true');

  await page.reload();
  expect(await titlesOf(page)).toEqual(tagged.map((p) => p.title));
  await expect(page.getByRole('status')).toContainText('1 post');
});

test('the search form finds posts by their text and says so when nothing matches', async ({ page }) => {
  const problems = watchConsole(page);
  const posts = publishedPosts();
  // A word from one post's body only (not its title): search covers the content too.
  const target = posts.find((p) => p.content.includes('kilns')) ?? posts[0];
  const word = target.content.includes('kilns') ? 'kilns' : target.title.split(' ')[0]!;
  const others = posts.filter((p) => !`${p.title} ${p.excerpt} ${p.content}`.toLowerCase().includes(word));

  await page.goto('/blog');
  const search = page.getByRole('search');
  await search.getByLabel('Search posts').fill(word);
  await search.getByRole('button', { name: 'Search' }).click();

  await expect(page).toHaveURL(`/blog?q=${word}`);
  await expect(page.getByText(`Results for “${word}”`)).toBeVisible();
  await expect(page.getByRole('search').getByLabel('Search posts')).toHaveValue(word);
  await expect(listed(page).getByRole('heading', { name: target.title })).toBeVisible();
  for (const other of others) {
    await expect(listed(page).getByRole('heading', { name: other.title })).toHaveCount(0);
  }
  await expectAccessible(page);

  await page.getByRole('search').getByLabel('Search posts').fill('no such word anywhere');
  await page.getByRole('search').getByLabel('Search posts').press('Enter');
  await expect(page).toHaveURL('/blog?q=no+such+word+anywhere');
  await expect(listed(page)).toHaveCount(0);
  await expect(page.getByText('No blog posts available.')).toBeVisible();
  await expect(page.getByText(/Nothing matches what you are looking for/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: /^Clear/ }).click();
  await expect(page).toHaveURL('/blog');
  await expect(listed(page).first().getByText('Featured', { exact: true })).toBeVisible();
  expect(problems).toEqual([]);
});

test('a category with no posts shows the empty state with a way back to every post', async ({ page }) => {
  const res = await page.goto(`/blog?category=${encodeURIComponent(`${PREFIX} none ${randomUUID()}`)}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByText('No blog posts available.')).toBeVisible();
  await expect(listed(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'See all posts' })).toHaveAttribute('href', '/blog');
  await expect(page.getByRole('navigation', { name: 'Blog pages' })).toHaveCount(0);
  await expectAccessible(page);

  // A page number past the end is not "no posts": it offers the first page instead.
  await page.goto('/blog?page=999');
  await expect(page.getByText('There are no posts on this page.')).toBeVisible();
  await expect(page.getByText('No blog posts available.')).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to the first page' }).click();
  await expect(page).toHaveURL('/blog');
  await expect(listed(page).first().getByText('Featured', { exact: true })).toBeVisible();
});

test('more than nine posts are paged, and the pager keeps the filter', async ({ page }) => {
  const category = `${PREFIX} paged ${randomUUID().slice(0, 8)}`;
  const arranged = createPosts(Array.from({ length: 10 }, () => ({ keywords: [category] })));
  try {
    const problems = watchConsole(page);
    await page.goto(`/blog?category=${encodeURIComponent(category)}`);
    await expect(listed(page)).toHaveCount(9);
    await expect(page.getByRole('status')).toContainText('10 posts');
    const pager = page.getByRole('navigation', { name: 'Blog pages' });
    await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await pager.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(
      `/blog?category=${encodeURIComponent(category).replace(/%20/g, '+')}&page=2`,
    );
    await expect(listed(page)).toHaveCount(1);
    // The oldest of the ten (they were dated a day apart) is alone on the second page.
    await expect(
      listed(page)
        .getByRole('link', { name: /^E2E blog/ })
        .first(),
    ).toHaveAttribute('href', `/blog/${arranged.ids[0]}`);
    await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(pager.getByRole('link', { name: 'Previous page' })).toBeVisible();
    await expect(page.getByText(`Posts in ${category}`)).toBeVisible();
    expect(problems).toEqual([]);
  } finally {
    arranged.remove();
  }
});

test('a post shows its date, views, title, excerpt, paragraphs and keyword links', async ({ page }) => {
  const problems = watchConsole(page);
  const post = publishedPosts().find((p) => p.excerpt) ?? publishedPosts()[0];
  const paragraphs = post.content.split(/\n\s*\n/).filter((p) => p.trim());

  const res = await page.goto(`/blog/${post.id}`);
  expect(res?.status()).toBe(200);
  const article = page.getByRole('main').getByRole('article');
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await expect(article).toContainText(dateFormat.format(new Date(post.publish_date!)));
  await expect(article.getByText(/^[\d,]+ views?$/)).toBeVisible();
  if (post.excerpt) await expect(article.getByText(post.excerpt)).toBeVisible();
  // Each block of the body: a paragraph, or a `## ` heading shown as a heading.
  for (const text of paragraphs) await expect(article.getByText(asTypeset(text))).toBeVisible();

  for (const keyword of JSON.parse(post.seo_keywords) as string[]) {
    const href = `/blog?tag=${encodeURIComponent(keyword).replace(/%20/g, '+')}`;
    await expect(
      article.getByRole('navigation', { name: 'Tags' }).getByRole('link', { name: keyword, exact: true }),
    ).toHaveAttribute('href', href);
  }
  await expect(page.getByRole('link', { name: 'Back to All Posts' })).toHaveAttribute('href', '/blog');
  await expect(page.getByRole('link', { name: 'View All Posts' })).toHaveAttribute('href', '/blog');
  await expectAccessible(page);
  expect(problems).toEqual([]);

  await page.getByRole('link', { name: 'Back to All Posts' }).click();
  await expect(page).toHaveURL('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Insights & Ideas' })).toBeVisible();
});

test('the date is printed in UTC as "MMMM d, yyyy" whatever the visitor’s time zone', async ({ browser }) => {
  // 23:30 UTC on November 2 is already November 3 in Lilongwe (UTC+2) and further east.
  const arranged = createPosts([{ publishDate: '2001-11-02T23:30:00.000Z' }]);
  try {
    const context = await browser.newContext({ timezoneId: 'Asia/Tokyo' });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`/blog/${arranged.ids[0]}`);
    await expect(page.getByRole('main').locator('time')).toHaveText('November 2, 2001');
    expect(problems).toEqual([]); // no hydration mismatch in a far-off time zone
    await context.close();
  } finally {
    arranged.remove();
  }
});

test('a view is counted once per visitor per day', async ({ browser }) => {
  const arranged = createPosts([{ views: 41 }]);
  const id = arranged.ids[0]!;
  // A visitor is a client address: each visit speaks for its own through the trusted proxy header.
  const visit = async (b: Browser, times: number, address: string) => {
    const context = await b.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address } });
    const page = await context.newPage();
    const seen: string[] = [];
    for (let i = 0; i < times; i++) {
      await page.goto(`/blog/${id}`);
      seen.push((await page.getByText(/^[\d,]+ views?$/).textContent()) ?? '');
    }
    await context.close();
    return seen;
  };
  try {
    expect(await visit(browser, 2, '10.4.0.1')).toEqual(['42 views', '42 views']);
    expect(viewsInDatabase(id)).toBe(42);
    // The same visitor in a fresh browser (no cookie) is still counted once; another visitor counts.
    expect(await visit(browser, 1, '10.4.0.1')).toEqual(['42 views']);
    expect(await visit(browser, 1, '10.4.0.2')).toEqual(['43 views']);
    expect(viewsInDatabase(id)).toBe(43);
  } finally {
    arranged.remove();
  }
});

test('an unknown, malformed or unpublished post answers 404 with "Blog post not found"', async ({ page }) => {
  const draft = createPosts([{ status: 'draft' }]);
  try {
    for (const id of [randomUUID(), 'not-a-uuid', draft.ids[0]]) {
      const res = await page.goto(`/blog/${id}`);
      expect(res?.status(), id).toBe(404);
      await expect(page.getByRole('heading', { name: 'Blog post not found' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Return to Blog' })).toHaveAttribute('href', '/blog');
    }
    expect(viewsInDatabase(draft.ids[0]!)).toBe(0);
  } finally {
    draft.remove();
  }
});

test('a post is readable with JavaScript disabled', async ({ browser }) => {
  const post = publishedPosts()[0];
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/blog/${post.id}`);
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  const paragraphs = post.content.split(/\n\s*\n/).filter((p) => p.trim());
  for (const text of paragraphs) await expect(page.getByText(asTypeset(text))).toBeVisible();

  // The list and its search work without JavaScript too: they are links and a GET form.
  await page.goto('/blog');
  await page.getByRole('search').getByLabel('Search posts').fill(post.title.split(' ').slice(0, 3).join(' '));
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await expect(
    page.getByRole('main').getByRole('article').getByRole('heading', { name: post.title }),
  ).toBeVisible();
  await context.close();
});
