import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { accountServerForThisFile, expectToast } from './accounts-support';
import { choose, openAdmin } from './admin-content-support';
import { expectAccessible } from './support';

const server = accountServerForThisFile();
// Several pages, uploads and axe on a shared and busy machine.
test.describe.configure({ timeout: 120_000, mode: 'serial' });

/** Where the screenshots go, to be looked at (not compared). */
const SHOTS = path.resolve(import.meta.dirname, '../../.cache/studio-settings-screens');

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Settings saved successfully.');
}

/** A logo-like PNG: a wide block of one colour. */
const logoFile = async (name: string, shade: number, width = 240, height = 60) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({
    create: { width, height, channels: 3, background: { r: shade, g: shade, b: shade } },
  })
    .png()
    .toBuffer(),
});

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('the About story, hero line, office hours and budget ranges are written in Settings and read on the site', async ({
  page,
  context,
}) => {
  await openAdmin(page, server, '/admin/settings');
  await expect(page.getByLabel('Site Name')).not.toHaveValue('');

  await page.getByLabel('City').fill('Zomba');
  await page.getByLabel('Home Hero Line').fill('Drawing the Shire Highlands since {founded}');
  await page.getByLabel('Founded Year').fill('2008');

  await page.getByRole('tab', { name: 'About' }).click();
  await page.getByLabel('Story Title').fill('A studio on the plateau');
  await page
    .getByRole('textbox', { name: 'Story', exact: true })
    .fill('We began in {city} in {founded}.\n\nWe still draw by hand.');
  const principle = page.getByRole('group', { name: 'Principle 1' });
  await principle.getByRole('textbox', { name: 'Title' }).fill('Shade before machines');
  await page.getByRole('button', { name: 'Remove principle 3' }).click();
  await expect(page.getByRole('group', { name: /^Principle \d$/ })).toHaveCount(2);
  await shoot(page, 'settings-about');

  await page.getByRole('tab', { name: 'Contact' }).click();
  const hours = page.getByRole('group', { name: 'Hours line 1' });
  await hours.getByRole('textbox', { name: 'Days' }).fill('Monday - Thursday');
  await hours.getByRole('textbox', { name: 'Hours' }).fill('8AM - 5PM');
  await page.getByRole('button', { name: 'Remove hours line 3' }).click();
  await page.getByLabel('Budget Currency').fill('MWK');
  const range = page.getByRole('group', { name: 'Range 1' });
  await range.getByRole('textbox', { name: 'Label' }).fill('Under {currency} 30 million');
  await page.getByRole('button', { name: 'Add range' }).click();
  const added = page.getByRole('group', { name: 'Range 7' });
  await added.getByRole('textbox', { name: 'Key' }).fill('not-sure');
  await added.getByRole('textbox', { name: 'Label' }).fill('Not sure yet');
  await expectAccessible(page);
  await shoot(page, 'settings-contact');
  await save(page);

  const site = await context.newPage();
  await site.setViewportSize({ width: 1440, height: 900 });
  await site.goto(`${server.url}/`);
  await expect(site.getByText('Drawing the Shire Highlands since 2008')).toBeVisible();
  await shoot(site, 'home');

  await site.goto(`${server.url}/about`);
  await expect(site.getByRole('heading', { name: 'A studio on the plateau' })).toBeVisible();
  await expect(site.getByText('We began in Zomba in 2008.')).toBeVisible();
  await expect(site.getByText('We still draw by hand.')).toBeVisible();
  await expect(site.getByRole('heading', { name: 'Shade before machines' })).toBeVisible();
  await expect(site.getByRole('heading', { name: 'On site, every week' })).toHaveCount(0);
  await shoot(site, 'about');

  await site.goto(`${server.url}/contact`);
  const card = site.getByRole('complementary', { name: 'Studio contact details' });
  await expect(card.getByText('Monday - Thursday')).toBeVisible();
  await expect(card.getByText('8AM - 5PM')).toBeVisible();
  await expect(card.getByText('Sunday')).toHaveCount(0);
  await expect(card.getByText('Saturday')).toBeVisible();
  const budget = site.getByLabel('Budget Range');
  await expect(budget.getByRole('option', { name: 'Under MWK 30 million' })).toHaveCount(1);
  await expect(budget.getByRole('option', { name: 'Not sure yet' })).toHaveCount(1);
  await expectAccessible(site);
  await shoot(site, 'contact');

  // The visitor sends the form with a range of the studio's own.
  const form = site.getByRole('form', { name: 'Project inquiry' });
  await form.getByLabel('Full Name').fill('Thoko Phiri');
  await form.getByLabel('Email Address').fill('thoko@example.mw');
  await form.getByLabel('Subject').fill('A house in Zomba');
  await form.getByLabel('Phone Number').fill('0999123456');
  await form.getByLabel('Project Type').selectOption('residential');
  await budget.selectOption('not-sure');
  await form.getByLabel('Message').fill('We would like to build on the plateau.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(site.getByRole('heading', { name: 'Thank You' })).toBeVisible();

  // The admin words the range as the studio's form did, in the list and on the inquiry's page.
  await page.goto(`${server.url}/admin/inquiries`);
  const row = page.getByRole('row').filter({ hasText: 'Thoko Phiri' });
  await expect(row.getByRole('cell', { name: 'Not sure yet' })).toBeVisible();
  await row.getByRole('link', { name: /Thoko Phiri/ }).click();
  await expect(page.getByText('Not sure yet')).toBeVisible();
});

test('the logos and favicon uploaded in Settings show in the header and the head', async ({
  page,
  context,
}) => {
  await openAdmin(page, server, '/admin/settings');
  const name = await page.getByLabel('Site Name').inputValue();
  await page.getByRole('tab', { name: 'Logos' }).click();
  for (const [label, file] of [
    ['Light Logo', await logoFile('logo-light.png', 245)],
    ['Dark Logo', await logoFile('logo-dark.png', 25)],
    ['Favicon', await logoFile('favicon.png', 120, 64, 64)],
  ] as const) {
    const field = page.getByRole('group', { name: label });
    const chooser = page.waitForEvent('filechooser');
    await field.getByRole('button', { name: 'Upload Image' }).click();
    await (await chooser).setFiles(file);
    await expect(field.getByRole('img', { name: `${label} preview` })).toHaveAttribute(
      'src',
      /\/media\/projects\//,
    );
  }
  await expectAccessible(page);
  await shoot(page, 'settings-logos');
  await save(page);
  const saved = await (await fetch(`${server.url}/api/settings`)).json();

  const site = await context.newPage();
  await site.setViewportSize({ width: 1440, height: 900 });
  // The home page's header starts transparent over the hero: the light logo; /about's is white: the dark one.
  await site.goto(`${server.url}/`);
  const logo = site.getByRole('banner').getByRole('link').first().getByRole('img', { name });
  await expect(logo).toHaveAttribute('src', saved.logo_light_url);
  await site.goto(`${server.url}/about`);
  await expect(logo).toHaveAttribute('src', saved.logo_dark_url);
  await expect(logo).toBeVisible();
  await expect(site.locator('head link[rel="icon"]')).toHaveAttribute('href', saved.favicon_url);
  await expect(site.locator('head link[rel="icon"]')).toHaveCount(1);
  const icon = await fetch(`${server.url}${saved.favicon_url}`);
  expect(icon.status).toBe(200);
  await shoot(site, 'about-with-logo');

  // The library lists where the logo is used and keeps it.
  await page.goto(`${server.url}/admin/media`);
  await page.getByRole('button', { name: 'Details of logo-dark.png' }).click();
  const details = page.getByRole('dialog', { name: 'logo-dark.png' });
  await expect(details.getByRole('link', { name: 'Settings: Site settings (logo_dark_url)' })).toBeVisible();
  await details.getByRole('link', { name: 'Settings: Site settings (logo_dark_url)' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);

  // Removed again, the header shows the studio's mark and name.
  await page.getByRole('tab', { name: 'Logos' }).click();
  for (const label of ['Light Logo', 'Dark Logo', 'Favicon'])
    await page.getByRole('group', { name: label }).getByRole('button', { name: 'Remove Image' }).click();
  await save(page);
  await site.reload();
  await expect(site.getByRole('banner').getByText(name, { exact: true })).toBeVisible();
  await expect(site.locator('head link[rel="icon"][href="/favicon.svg"]')).toHaveCount(1);
});

test('a renamed studio is renamed on an open page at once: title, footer, contact block and hero', async ({
  page,
  context,
}) => {
  const home = await context.newPage();
  await home.goto(`${server.url}/`);
  const about = await context.newPage();
  await about.goto(`${server.url}/about`);
  const site = await context.newPage();
  await site.goto(`${server.url}/contact`);
  await expect(site).toHaveTitle(/^Contact Us \| /);
  const footer = site.getByRole('contentinfo');
  const card = site.getByRole('complementary', { name: 'Studio contact details' });
  await expect(card).toBeVisible();

  await openAdmin(page, server, '/admin/settings');
  const renamed = `Chitsime Studio ${Date.now().toString(36)}`;
  await page.getByLabel('Site Name').fill(renamed);
  await page.getByRole('tab', { name: 'Contact' }).click();
  await page.getByLabel('Office Address').fill('Plot 5, Old Town, Zomba');
  await save(page);
  // The admin's own sidebar and title follow at once.
  await expect(page.getByText(renamed, { exact: true }).first()).toBeVisible();
  await expect(page).toHaveTitle(`Settings | ${renamed}`);

  // Not reloaded: the settings event renamed it.
  await expect(site).toHaveTitle(`Contact Us | ${renamed}`);
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${renamed}. All rights reserved.`);
  await expect(card).toContainText(renamed);
  await expect(card).toContainText('Plot 5, Old Town, Zomba');
  await expect(site.getByRole('banner')).toContainText(renamed);
  // The parts of a page that no island draws follow too: the home page's hero, the About page's eyebrow.
  await expect(home.getByRole('heading', { level: 1 })).toHaveText(renamed);
  await expect(about.getByText(`${renamed} · Since`)).toBeVisible();
});

test("the owner's own texts that say {name} follow a rename on an open page too: hero line, story, intro", async ({
  page,
  context,
}) => {
  await openAdmin(page, server, '/admin/settings');
  const before = `Mlambe Studio ${Date.now().toString(36)}`;
  await page.getByLabel('Site Name').fill(before);
  await page.getByLabel('Home Hero Line').fill('{name} · Architecture since {founded}');
  await page.getByRole('tab', { name: 'About' }).click();
  await page
    .getByRole('textbox', { name: 'Story', exact: true })
    .fill('{name} began at a kitchen table.\n\nToday {name} builds by the lake.');
  await page.getByRole('tab', { name: 'Page Texts' }).click();
  const servicesIntro = page.getByLabel('Services Page', { exact: true });
  await servicesIntro.fill('What {name} does for you.');
  await save(page);

  const home = await context.newPage();
  await home.goto(`${server.url}/`);
  await expect(home.getByText(`${before} · Architecture since`)).toBeVisible();
  const about = await context.newPage();
  await about.goto(`${server.url}/about`);
  await expect(about.getByText(`${before} began at a kitchen table.`)).toBeVisible();
  await expect(about.getByText(`Today ${before} builds by the lake.`)).toBeVisible();
  const services = await context.newPage();
  await services.goto(`${server.url}/services`);
  await expect(services.getByText(`What ${before} does for you.`)).toBeVisible();
  // Wait for the pages' scripts: the rename reaches an open page through its header island.
  for (const open of [home, about, services])
    await expect(open.locator('html[data-hydrated]')).toHaveCount(1);

  const renamed = `Chitsime Studio ${Date.now().toString(36)}`;
  await page.getByRole('tab', { name: 'General' }).click();
  await page.getByLabel('Site Name').fill(renamed);
  await save(page);

  // Not reloaded: the texts the owner wrote with {name} read the new name; the rest of them stays as written.
  await expect(home.getByText(`${renamed} · Architecture since`)).toBeVisible();
  await expect(about.getByText(`${renamed} began at a kitchen table.`)).toBeVisible();
  await expect(about.getByText(`Today ${renamed} builds by the lake.`)).toBeVisible();
  await expect(services.getByText(`What ${renamed} does for you.`)).toBeVisible();
  await expect(about.getByText(before)).toHaveCount(0);
  // A reload shows the same words.
  await about.reload();
  await expect(about.getByText(`${renamed} began at a kitchen table.`)).toBeVisible();
  await shoot(about, 'about-renamed');
});

test('the settings sections fit a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAdmin(page, server, '/admin/settings');
  await expect(page.getByLabel('Site Name')).not.toHaveValue('');
  await expect(page.getByRole('tablist')).toBeHidden();
  await shoot(page, 'settings-general');
  await page.setViewportSize({ width: 390, height: 844 });
  for (const section of ['Page Texts', 'Social Media', 'Contact']) {
    await choose(page, 'Section', section);
    await expect(page.getByRole('combobox', { name: 'Section' })).toHaveText(section);
  }
  await expect(page.getByLabel('Contact Email')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await choose(page, 'Section', 'Page Texts');
  await shoot(page, 'settings-page-texts');
});
