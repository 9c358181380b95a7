import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { accountServerForThisFile, expectToast } from './accounts-support';
import { openAdmin } from './admin-content-support';
import { expectAccessible } from './support';

const server = accountServerForThisFile();

const WXR = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Old studio</title><link>https://old-studio.example</link>
  <wp:wxr_version>1.2</wp:wxr_version><wp:base_site_url>https://old-studio.example</wp:base_site_url>
  <item><title>Verandas for the rainy season</title><wp:post_id>7</wp:post_id><wp:post_name>verandas</wp:post_name>
    <wp:post_type>post</wp:post_type><wp:status>publish</wp:status><wp:post_date_gmt>2023-02-01 08:00:00</wp:post_date_gmt>
    <content:encoded><![CDATA[<p>A deep veranda is the <em>cheapest</em> room in the house.</p>]]></content:encoded>
    <category domain="post_tag" nicename="climate"><![CDATA[Climate]]></category></item>
  <item><title>Half-written thoughts</title><wp:post_id>8</wp:post_id><wp:post_type>post</wp:post_type>
    <wp:status>draft</wp:status><content:encoded><![CDATA[<p>To finish.</p>]]></content:encoded></item>
  <item><title>About us</title><wp:post_id>9</wp:post_id><wp:post_type>page</wp:post_type>
    <wp:status>publish</wp:status><content:encoded><![CDATA[<p>A page.</p>]]></content:encoded></item>
</channel></rss>`;

test('an admin exports the site, imports an export into the empty site, and brings in a WordPress blog', async ({
  page,
}) => {
  await openAdmin(page, server, '/admin/settings', 'admin');
  const card = page.locator('.admin-transfer');
  await expect(card.getByRole('heading', { name: 'Export and import' })).toBeVisible();

  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Export site' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^atelier-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const archive = fs.readFileSync((await file.path()) as string);
  expect(archive.subarray(0, 2).toString()).toBe('PK');

  // The site has nothing of its own: an export may come in, counted and confirmed first.
  const chooser = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: 'Import site…' }).click();
  await (await chooser).setFiles({ name: 'site.zip', mimeType: 'application/zip', buffer: archive });
  const confirm = page.getByRole('alertdialog', { name: 'Import this site?' });
  await expect(confirm).toContainText('The file is whole and holds 0 projects, 0 posts');
  await confirm.getByRole('button', { name: 'Import site' }).click();
  await expectToast(page, 'Site imported');

  // WordPress: a preview with counts and what is left out, then the import.
  const wxrChooser = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: 'Import from WordPress…' }).click();
  await (await wxrChooser).setFiles({
    name: 'wordpress.xml',
    mimeType: 'text/xml',
    buffer: Buffer.from(WXR),
  });
  await expect(card.getByText('Ready to import from https://old-studio.example:')).toBeVisible();
  await expect(card).toContainText('1 published post, 1 draft and 0 images.');
  await expect(card.getByText('About us: a page, not a blog post')).toBeVisible();
  await card.getByRole('button', { name: 'Import', exact: true }).click();
  await expectToast(page, 'WordPress posts imported', 'Imported 1 published post, 1 draft and 0 images.');
  await expect(card.getByText('Imported from https://old-studio.example:')).toBeVisible();

  // The site now has posts of its own: no site import is offered any more.
  await page.reload();
  await expect(card.getByRole('button', { name: 'Import from WordPress…' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Import site…' })).toHaveCount(0);

  await page.goto(`${server.url}/blog/verandas`);
  await expect(page.getByRole('heading', { level: 1, name: 'Verandas for the rainy season' })).toBeVisible();
  await expect(page.locator('#post-body em')).toHaveText('cheapest');
});

test('the Export and import card at 390 px and 1440 px, with a WordPress preview, accessible', async ({
  page,
}, info) => {
  await openAdmin(page, server, '/admin/settings', 'owner');
  const card = page.locator('.admin-transfer');
  const chooser = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: 'Import from WordPress…' }).click();
  await (await chooser).setFiles({ name: 'wordpress.xml', mimeType: 'text/xml', buffer: Buffer.from(WXR) });
  await expect(card.getByText(/Left out/)).toBeVisible();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: info.outputPath(`transfer-card-${width}.png`) });
    await expectAccessible(page);
  }
});

test('an editor sees no Export and import card', async ({ page }) => {
  await openAdmin(page, server, '/admin/dashboard', 'editor');
  await page.goto(`${server.url}/admin/settings`);
  await expect(page.getByRole('heading', { name: 'Export and import' })).toHaveCount(0);
});
