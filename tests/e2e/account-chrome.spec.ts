// The account's place in the site on a phone: the signed-in menu names the person beside the avatar, and
// the profile's tabs sit on one line without pushing the page sideways.
import { expect, type Page } from '@playwright/test';
import { accountServerForThisFile, signInThroughPage } from './accounts-support';
import { expectAccessible, test, waitForFinalLayout } from './support';

const server = accountServerForThisFile();

/** How many rendered lines `selector`'s text takes in each match (one rect per line box of its text). */
const lineCounts = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) =>
    els.map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
    }),
  );

for (const [who, firstName, lastName, label] of [
  ['with a name', 'Chisomo', 'Phiri', 'Chisomo Phiri'],
  ['without a name', undefined, undefined, 'Account'],
] as const) {
  test(`at 390 px the signed-in phone menu shows the avatar with a label (${who})`, async ({ page }) => {
    const user = server.createUser({ firstName, lastName });
    // Signed in on a wide screen, where the account button is in the header, not in the closed phone menu.
    await signInThroughPage(page, server, user.email);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/about`);
    await page.getByRole('button', { name: 'Menu' }).click();
    const button = page.getByRole('button', { name: /Account menu for/ });
    await expect(button).toBeVisible();
    // The label is seen beside the avatar, on its line, inside the screen…
    await expect(button).toContainText(label);
    const avatar = (await button.locator('.avatar').boundingBox())!;
    const text = (await button.getByText(label, { exact: true }).boundingBox())!;
    expect(text.x).toBeGreaterThan(avatar.x + avatar.width);
    expect(text.x + text.width).toBeLessThanOrEqual(390);
    expect(Math.abs(text.y + text.height / 2 - (avatar.y + avatar.height / 2))).toBeLessThan(4);
    // …and it is part of the button's name, not a second name for screen readers.
    await expect(button).toHaveAccessibleName(`Account menu for ${firstName ? label : user.email}`);
    await button.click();
    await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expectAccessible(page);
  });
}

test('on a wide screen the account menu stays a lone avatar in the header', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const user = server.createUser({ firstName: 'Tionge', lastName: 'Mvula' });
  await signInThroughPage(page, server, user.email);
  const button = page.getByRole('button', { name: 'Account menu for Tionge Mvula' });
  await expect(button.locator('.avatar')).toHaveText('TM');
  await expect(button.getByText('Tionge Mvula', { exact: true })).toBeHidden();
});

for (const width of [360, 390]) {
  test(`at ${width} px the profile's tabs fit on one line, each reachable, nothing overflows`, async ({
    page,
  }) => {
    const user = server.createUser({ firstName: 'Kondwani', lastName: 'Zulu' });
    await signInThroughPage(page, server, user.email);
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`${server.url}/profile`);
    const tablist = page.getByRole('tablist');
    const tabs = tablist.getByRole('tab');
    await expect(tabs).toHaveCount(2);
    await waitForFinalLayout(page); // the tabs' words in their own font, which wraps differently
    expect(await lineCounts(page, '[role="tab"]')).toEqual([1, 1]);
    const list = await tablist.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(list.scroll).toBeLessThanOrEqual(list.client);
    const tops = new Set<number>();
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      tops.add(Math.round(box.y));
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
    }
    expect(tops.size).toBe(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
