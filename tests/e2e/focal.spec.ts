import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { tusUpload } from '../support/tus';
import { accountServerForThisFile, expectToast, signInThroughPage } from './accounts-support';
import { expectAccessible } from './support';

const server = accountServerForThisFile();
// Uploads, crops and two page widths on a shared, busy machine: more time than the defaults.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const RED = { r: 220, g: 20, b: 30 };
/**
 * A wide grey photograph with a red block at its left edge, `top` pixels down (0: its top-left corner); the
 * seed shades the grey (new bytes).
 */
async function cornerPhoto(seed: number, width = 1500, height = 600, top = 0) {
  const block = await sharp({ create: { width: 200, height: 200, channels: 3, background: RED } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 150, g: 140 + seed, b: 120 } } })
    .composite([{ input: block, left: 0, top }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A signed-in admin in the browser, and a bearer caller of the API to arrange and check data. */
async function signedIn(page: Page) {
  const admin = server.createUser({ role: 'admin' });
  const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  const { access_token: token } = (await res.json()) as { access_token: string };
  const api = async (method: string, url: string, body?: unknown) => {
    const answer = await fetch(`${server.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: answer.status, body: answer.status === 204 ? null : await answer.json() };
  };
  const upload = async (filename: string, bytes: Buffer) => {
    const { status, body } = await tusUpload(server.url, token, bytes, { filename });
    expect(status).toBe(200);
    return body.item as { id: string; url: string };
  };
  await signInThroughPage(page, server, admin.email);
  return { api, upload };
}

/** The point a focal point slider tells, in whole percent. */
async function pointOf(marker: Locator) {
  const text = (await marker.getAttribute('aria-valuetext')) ?? '';
  const [, x = 'NaN', y = 'NaN'] = /^(\d+)% from the left, (\d+)% from the top$/.exec(text) ?? [];
  return { x: Number(x), y: Number(y) };
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`focal-${name}.png`), fullPage: false });

test('the media details set a focal point by a click and the arrow keys; a crop by aspect is a new image', async ({
  page,
}) => {
  const { api, upload } = await signedIn(page);
  const item = await upload('lakeshore-corner.jpg', await cornerPhoto(1));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${server.url}/admin/media`);
  await page.getByRole('button', { name: 'Details of lakeshore-corner.jpg' }).click();
  const details = page.getByRole('dialog', { name: 'lakeshore-corner.jpg' });
  const marker = details.getByRole('slider', { name: 'Focal point' });
  await expect(marker).toHaveAttribute('aria-valuetext', '50% from the left, 50% from the top');

  // A click on the photograph puts the point there.
  const box = (await details.locator('.focal-picker img').boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.2, box.y + box.height * 0.3);
  const clicked = await pointOf(marker);
  expect(clicked.x).toBeCloseTo(20, -0.5);
  expect(clicked.y).toBeCloseTo(30, -0.5);
  // The arrow keys move it (Shift: ten times as far).
  await marker.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Shift+ArrowUp');
  const moved = `${clicked.x - 2}% from the left, ${clicked.y - 10}% from the top`;
  await expect(marker).toHaveAttribute('aria-valuetext', moved);
  await expect(details).toContainText(`Focal point: ${moved}`);
  await shot(page, 'details-1440');
  await details.getByRole('button', { name: 'Save Focal Point' }).click();
  await expectToast(page, 'Focal point saved');
  const saved = await api('GET', `/api/admin/media/${item.id}`);
  expect(Math.round(saved.body.focus.x * 100)).toBe(clicked.x - 2);
  expect(Math.round(saved.body.focus.y * 100)).toBe(clicked.y - 10);
  await expect(details.getByRole('button', { name: 'Save Focal Point' })).toBeDisabled();
  await expectAccessible(page);

  // A crop held to 1:1 starts around the focal point; the keyboard moves it; it is saved as a new image.
  await details.getByRole('button', { name: 'Crop…' }).click();
  const crop = page.getByRole('dialog', { name: 'Crop Image' });
  await crop.getByRole('radio', { name: '1:1' }).click();
  const area = crop.getByRole('button', { name: /^Crop area/ });
  await expect(area).toHaveAccessibleName('Crop area, 600 × 600 px');
  await area.focus();
  await page.keyboard.press('-');
  await expect(area).toHaveAccessibleName(/^Crop area, 57\d × 57\d px$/);
  await page.keyboard.press('ArrowRight');
  await shot(page, 'crop-1440');
  await expectAccessible(page);
  await crop.getByRole('button', { name: 'Save as New Image' }).click();
  await expectToast(page, 'Crop saved as a new image');
  const cropped = page.getByRole('dialog', { name: /^lakeshore-corner \(crop 57\d×57\d\)\.jpg$/ });
  await expect(cropped).toBeVisible();
  const listed = (await api('GET', '/api/admin/media?all=1')).body.items as {
    source_id: string | null;
    width: number;
    height: number;
  }[];
  const made = listed.find((file) => file.source_id === item.id);
  expect(made?.width).toBe(made?.height);
  expect((await api('GET', `/api/admin/media/${item.id}`)).body).toMatchObject({ width: 1500, height: 600 });

  // The same at a phone's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByRole('button', { name: /^Details of lakeshore-corner \(crop/ }).click();
  await expect(cropped.getByRole('slider', { name: 'Focal point' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'details-390');
  await cropped.getByRole('button', { name: 'Crop…' }).click();
  await page.getByRole('dialog', { name: 'Crop Image' }).getByRole('radio', { name: '4:5' }).click();
  await expect(page.getByRole('button', { name: /^Crop area/ })).toHaveAccessibleName(
    /^Crop area, 45\d × 57\d px$/,
  );
  await expect(page.getByRole('radio', { name: '4:5' })).toBeChecked();
  await expectAccessible(page);
  await shot(page, 'crop-390');
});

/**
 * Where the image's point (fractions) falls inside its `object-fit: cover` frame, from what the page drew:
 * the frame's box, the image's natural size and its computed `object-position`; and where it would fall
 * at the stylesheet's centre. A fraction of the frame in 0..1 each way means the point is in view.
 */
function pointInFrame(image: Locator, point: { x: number; y: number }) {
  return image.evaluate((img: HTMLImageElement, p) => {
    const frame = img.getBoundingClientRect();
    const scale = Math.max(frame.width / img.naturalWidth, frame.height / img.naturalHeight);
    const drawn = { w: img.naturalWidth * scale, h: img.naturalHeight * scale };
    const place = (position: string) => {
      const [px = '50%', py = '50%'] = position.split(' ');
      const offX = (frame.width - drawn.w) * (Number.parseFloat(px) / 100);
      const offY = (frame.height - drawn.h) * (Number.parseFloat(py) / 100);
      return {
        x: (offX + p.x * drawn.w) / frame.width,
        y: (offY + p.y * drawn.h) / frame.height,
      };
    };
    return { shown: place(getComputedStyle(img).objectPosition), centred: place('50% 50%') };
  }, point);
}

/** The red pixels of an element's screenshot. */
async function redPixels(element: Locator) {
  const { data, info } = await sharp(await element.screenshot())
    .raw()
    .toBuffer({ resolveWithObject: true });
  let red = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const [r = 0, g = 0, b = 0] = [data[i], data[i + 1], data[i + 2]];
    if (r > 150 && g < 70 && b < 70) red++;
  }
  return red;
}

test('the home hero on a phone is the 9:16 cut around the focal point, the whole photograph at 1440 px', async ({
  page,
}) => {
  const { api, upload } = await signedIn(page);
  // 3:2 with a red block at the left edge, half-way down: the middle 9:16 would leave it out.
  const photo = await upload('lakeside-hero.jpg', await cornerPhoto(7, 1500, 1000, 400));
  const point = { x: 0.05, y: 0.5 };
  expect((await api('PATCH', `/api/admin/media/${photo.id}`, { focus: point })).status).toBe(200);
  const project = await api('POST', '/api/admin/projects', {
    title: 'Lakeside Pavilion',
    description: 'A pavilion whose red wall stands at the left of its photograph.',
    category: 'residential',
    status: 'published',
    featured: true,
    images: [photo.url],
    image_alts: { [photo.url]: 'The pavilion’s red wall' },
    thumbnail: photo.url,
  });
  expect(project.status).toBe(201);

  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`${server.url}/`);
    await expect(page.getByRole('link', { name: /Lakeside Pavilion/ }).first()).toBeVisible();
    const hero = page.locator('.hero__image img');
    await expect
      .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeTruthy();
    const { src, ratio } = await hero.evaluate((img: HTMLImageElement) => ({
      src: new URL(img.currentSrc).search,
      ratio: img.naturalWidth / img.naturalHeight,
    }));
    if (width === 390) {
      expect(src).toMatch(/c=portrait&focus=50-500$/);
      expect(ratio).toBeCloseTo(9 / 16, 2);
    } else {
      expect(src).not.toMatch(/c=portrait/);
      expect(ratio).toBeCloseTo(1.5, 2);
    }
    // The red wall is on the screen either way.
    expect(await redPixels(hero)).toBeGreaterThan(1000);
    await page.screenshot({ path: test.info().outputPath(`focal-hero-${width}.png`) });
  }
});

test('a project tile keeps the focal point in a corner in view at 390 and 1440 px', async ({ page }) => {
  const { api, upload } = await signedIn(page);
  const photo = await upload('corner-house.jpg', await cornerPhoto(2));
  const point = { x: 0.05, y: 0.1 };
  expect((await api('PATCH', `/api/admin/media/${photo.id}`, { focus: point })).status).toBe(200);
  const project = await api('POST', '/api/admin/projects', {
    title: 'Corner House',
    description: 'A house whose best room is in the corner of the photograph.',
    category: 'residential',
    status: 'published',
    images: [photo.url],
    image_alts: { [photo.url]: 'The corner room, in red' },
    thumbnail: photo.url,
  });
  expect(project.status).toBe(201);

  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(`${server.url}/projects?category=all`);
    const tile = page.getByRole('link', { name: /Corner House/ });
    await tile.scrollIntoViewIfNeeded();
    const img = tile.locator('img');
    await expect(img).toHaveJSProperty('complete', true);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    const { shown, centred } = await pointInFrame(img, point);
    // In view as drawn; out of view had the frame kept the centre (so the point is what keeps it there).
    expect(shown.x).toBeGreaterThanOrEqual(0);
    expect(shown.x).toBeLessThanOrEqual(1);
    expect(shown.y).toBeGreaterThanOrEqual(0);
    expect(shown.y).toBeLessThanOrEqual(1);
    expect(centred.x < 0 || centred.x > 1 || centred.y < 0 || centred.y > 1).toBe(true);
    // And the red corner is on the screen: the tile's own pixels hold it.
    expect(await redPixels(img)).toBeGreaterThan(100);
    await page.screenshot({ path: test.info().outputPath(`focal-tile-${width}.png`) });
  }
});

test("a project's own focal point for an image is set in its image list, by click and keys", async ({
  page,
}) => {
  const { api, upload } = await signedIn(page);
  const photo = await upload('veranda-corner.jpg', await cornerPhoto(3));
  const project = await api('POST', '/api/admin/projects', {
    title: 'Veranda House',
    description: 'A veranda framed from its corner.',
    category: 'residential',
    status: 'draft',
    images: [photo.url],
    thumbnail: photo.url,
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${server.url}/admin/projects/edit/${project.body.id}`);
  await page.getByRole('button', { name: 'Focal point of Image 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Focal Point of Image 1' });
  const marker = dialog.getByRole('slider', { name: 'Focal point of Image 1' });
  await expect(marker).toHaveAttribute('aria-valuetext', '50% from the left, 50% from the top');
  const box = (await dialog.locator('.focal-picker img').boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.9, box.y + box.height * 0.8);
  const clicked = await pointOf(marker);
  expect(clicked.x).toBeCloseTo(90, -0.5);
  expect(clicked.y).toBeCloseTo(80, -0.5);
  await marker.focus();
  await page.keyboard.press('ArrowDown');
  await expect(marker).toHaveAttribute(
    'aria-valuetext',
    `${clicked.x}% from the left, ${clicked.y + 1}% from the top`,
  );
  await expectAccessible(page);
  await shot(page, 'project-1440');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Update Project' }).click();
  await expectToast(page, 'Project Updated');
  const saved = await api('GET', `/api/admin/projects/${project.body.id}`);
  expect(Math.round(saved.body.image_focus[photo.url].x * 100)).toBe(clicked.x);
  expect(Math.round(saved.body.image_focus[photo.url].y * 100)).toBe(clicked.y + 1);
  // The library's point is unchanged: the project's is its own.
  expect((await api('GET', `/api/admin/media/${photo.id}`)).body.focus).toEqual({ x: 0.5, y: 0.5 });
});
