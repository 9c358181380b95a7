/**
 * The desktop renderer (the built desktop/out/renderer) in Chromium, with its preload API bound to the
 * REAL main-process modules running in this test process (desktop/src/main/desktop-core.ts: settings,
 * API client, upload queue, server events), against a real server process. Only what Electron itself
 * provides is stood in for: the keychain cipher, dialogs, notifications, and the window's event channel.
 * The renderer is served with the CSP main sends (src/main/csp.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import sharp from 'sharp';
import { metaContentSecurityPolicy } from '../../desktop/src/main/csp';
import { ADMIN_PASSWORD, testCipher } from '../support/desktop';
import { runCli } from '../support/process';
import { adminApi, desktopServerForThisFile, drop, openApp, signIn } from './desktop-support';

test.describe.configure({ mode: 'serial' });

const files = desktopServerForThisFile('desktop-e2e');

test('first run: connect to the studio, with a clear error for a wrong address', async ({ page }) => {
  const { pageErrors } = await openApp(page, files.work);
  await expect(page.getByText('Connect to your studio')).toBeVisible();
  // The built page carries the policy main sends as a header, from the same source.
  await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute(
    'content',
    metaContentSecurityPolicy(),
  );
  const address = page.getByLabel('Server address');
  await expect(address).toHaveValue('http://127.0.0.1:8787');
  await address.fill('http://127.0.0.1:9');
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('alert')).toContainText('Nothing answers at http://127.0.0.1:9');
  await address.fill(files.server.url);
  await page.getByRole('button', { name: 'Connect' }).click();
  await signIn(page);
  expect(pageErrors).toEqual([]);
});

test('sign in, drop a folder of real files, watch the queue finish, see them in the library', async ({
  page,
}) => {
  const { core, pageErrors, failedImages } = await openApp(page, files.work, {
    serverUrlOverride: files.server.url,
  });
  await signIn(page);
  await expect(page.getByRole('region', { name: 'Sign-in storage' })).toHaveCount(0);

  const folder = path.join(files.work, 'Harbour Pavilion');
  fs.mkdirSync(path.join(folder, 'Details'), { recursive: true });
  const colours = ['#6b4f2a', '#2a4f6b', '#4f6b2a'];
  for (const [index, colour] of colours.entries()) {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
      .png()
      .toBuffer();
    fs.writeFileSync(
      path.join(index === 2 ? path.join(folder, 'Details') : folder, `view-${index + 1}.png`),
      png,
    );
  }
  fs.writeFileSync(path.join(folder, 'readme.txt'), 'not an image');

  await drop(page, [folder]);
  const panel = page.getByRole('region', { name: 'Uploads' });
  await expect(panel.getByRole('heading')).toContainText('3 of 3 done', { timeout: 20_000 });
  await expect(panel.getByRole('listitem', { name: 'readme.txt' })).toContainText('Not uploaded');
  await expect(panel.getByRole('listitem', { name: 'readme.txt' })).toContainText('PDF');
  // The queue the panel shows is main's.
  expect(core.queue.snapshot().totals).toMatchObject({ files: 3, done: 3 });

  await page.getByRole('link', { name: 'Media' }).first().click();
  await page.getByText('Harbour Pavilion').first().click();
  await expect(page.getByText('view-1.png').first()).toBeVisible();
  await expect(page.getByText('view-2.png').first()).toBeVisible();
  expect(pageErrors).toEqual([]);
  expect(failedImages).toEqual([]);
});

test('a restart opens the last page, still signed in; images load from the server only', async ({
  browser,
}) => {
  const first = await browser.newPage();
  const { core, userDataDir } = await openApp(first, files.work, { serverUrlOverride: files.server.url });
  await signIn(first);
  await first.getByRole('link', { name: 'Inquiries' }).first().click();
  await expect(first.getByRole('heading', { name: 'Inquiries', level: 1 })).toBeVisible();
  await expect.poll(() => core.settings().lastPage).toBe('/admin/inquiries');
  await core.stop();
  await first.close();

  // The app starts again on the same data folder: the refresh token (encrypted) brings the session back.
  const page = await browser.newPage();
  const { pageErrors } = await openApp(page, files.work, {
    serverUrlOverride: files.server.url,
    userDataDir,
  });
  await expect(page.getByRole('heading', { name: 'Inquiries', level: 1 })).toBeVisible();

  // The CSP lets the page show the connected server's images and nothing from elsewhere.
  const blocked = await page.evaluate(
    (serverUrl) =>
      Promise.all(
        [`${serverUrl}/favicon.ico`, 'https://tracker.example/pixel.png'].map(
          (src) =>
            new Promise<string>((resolve) => {
              const onViolation = (event: SecurityPolicyViolationEvent) => {
                if (event.blockedURI.startsWith(src.slice(0, 20)))
                  resolve(`blocked ${event.effectiveDirective}`);
              };
              document.addEventListener('securitypolicyviolation', onViolation);
              const img = new Image();
              img.onload = img.onerror = () => setTimeout(() => resolve('allowed'), 100);
              img.src = src;
            }),
        ),
      ),
    files.server.url,
  );
  expect(blocked).toEqual(['allowed', 'blocked img-src']);
  expect(pageErrors).toEqual([]);
  await page.close();
});

test('the media library uploads from the native dialog and from its drop zone through main', async ({
  page,
}) => {
  const photo = path.join(files.work, 'dialog-terrace.png');
  fs.writeFileSync(
    photo,
    await sharp({ create: { width: 30, height: 20, channels: 3, background: '#a0522d' } })
      .png()
      .toBuffer(),
  );
  const dropped = path.join(files.work, 'dropped-stair.png');
  fs.writeFileSync(
    dropped,
    await sharp({ create: { width: 20, height: 30, channels: 3, background: '#2d52a0' } })
      .png()
      .toBuffer(),
  );
  const { core, pageErrors } = await openApp(page, files.work, {
    serverUrlOverride: files.server.url,
    dialogPaths: [[photo]],
  });
  await signIn(page);
  await page.getByRole('link', { name: 'Media' }).first().click();

  await page.getByRole('button', { name: 'Choose Files' }).click();
  await expect(page.getByText('dialog-terrace.png').first()).toBeVisible({ timeout: 20_000 });

  await page.evaluate((filePath) => {
    const transfer = new DataTransfer();
    const file = new File([], 'dropped-stair.png', { type: 'image/png' });
    Object.defineProperty(file, 'atelierTestPath', { value: filePath });
    transfer.items.add(file);
    const zone = document.querySelector('section[aria-label="Upload files"]')!;
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, dropped);
  await expect(page.getByText('dropped-stair.png').first()).toBeVisible({ timeout: 20_000 });

  // Both went through main's queue (the renderer sent paths, never bytes).
  await expect
    .poll(() => core.queue.snapshot().items.map((item) => [item.name, item.status]))
    .toEqual([
      ['dialog-terrace.png', 'done'],
      ['dropped-stair.png', 'done'],
    ]);
  expect(pageErrors).toEqual([]);
});

test('a drop on the library and a drop on the window are one queue, the same items in both lists', async ({
  page,
}) => {
  const onZone = path.join(files.work, 'zone-courtyard.png');
  const onWindow = path.join(files.work, 'window-roof.png');
  for (const [file, colour] of [
    [onZone, '#5d7a3e'],
    [onWindow, '#3e5d7a'],
  ] as const) {
    fs.writeFileSync(
      file,
      await sharp({ create: { width: 36, height: 24, channels: 3, background: colour } })
        .png()
        .toBuffer(),
    );
  }
  const { core, pageErrors } = await openApp(page, files.work, { serverUrlOverride: files.server.url });
  await signIn(page);
  await page.getByRole('link', { name: 'Media' }).first().click();
  await expect(page.getByRole('region', { name: 'Upload files' })).toBeVisible();

  await drop(page, [onZone], 'section[aria-label="Upload files"]');
  await drop(page, [onWindow]);

  // The app's panel and the library's list show main's queue: two files, each once.
  const panel = page.getByRole('region', { name: 'Uploads' }).filter({ has: page.getByRole('heading') });
  await expect(panel.getByRole('heading')).toContainText('2 of 2 done', { timeout: 20_000 });
  const library = page.getByRole('main').getByRole('region', { name: 'Uploads' });
  await expect(library).toContainText('2 of 2 files uploaded');
  await expect(library.getByRole('listitem')).toHaveCount(2);
  await expect(library.getByText('zone-courtyard.png')).toHaveCount(1);
  await expect(library.getByText('window-roof.png')).toHaveCount(1);
  expect(core.queue.snapshot().items.map((item) => [item.name, item.status])).toEqual([
    ['zone-courtyard.png', 'done'],
    ['window-roof.png', 'done'],
  ]);

  // Clearing in the library clears main's queue, so the app's panel too.
  await library.getByRole('button', { name: 'Clear' }).click();
  await expect(library).toHaveCount(0);
  await expect(panel).toHaveCount(0);
  expect(core.queue.snapshot().items).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test('without a keychain the app says the sign-in lasts only until it closes', async ({ page }) => {
  const { pageErrors } = await openApp(page, files.work, {
    serverUrlOverride: files.server.url,
    cipher: { ...testCipher, isEncryptionAvailable: () => false },
  });
  await signIn(page);
  const notice = page.getByRole('region', { name: 'Sign-in storage' });
  await expect(notice).toContainText('you stay signed in only until the app closes');
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(notice).toBeHidden();
  expect(pageErrors).toEqual([]);
});

test('with an authenticator, the person chooses its code or a recovery code as the second step', async ({
  page,
}) => {
  const email = `two.step.${Date.now().toString(36)}@example.mw`;
  const made = await runCli(
    ['user:create', '--email', email, '--password', ADMIN_PASSWORD, '--role', 'admin'],
    { DATA_DIR: files.server.dataDir, PASSWORD_HASH: 'fast' },
  );
  expect(made.code, made.output).toBe(0);
  const { token, call } = await adminApi(files.server.url, email);
  const enrolled = (await call('POST', '/auth/v1/factors', { factor_type: 'totp' })).body;
  const totp = new TOTP({ secret: Secret.fromBase32(enrolled.totp.secret) });
  const challenge = (await call('POST', `/auth/v1/factors/${enrolled.id}/challenge`, {})).body;
  const verified = await call('POST', `/auth/v1/factors/${enrolled.id}/verify`, {
    challenge_id: challenge.id,
    code: totp.generate(),
  });
  expect(verified.status, token).toBe(200);
  const recoveryCodes: string[] = verified.body.recovery_codes;

  const { core, pageErrors } = await openApp(page, files.work, { serverUrlOverride: files.server.url });
  const secondStep = async () => {
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  };

  // A recovery code, chosen by the person (it looks like no authenticator code, but nothing is guessed).
  await secondStep();
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('link', { name: 'Media' }).first()).toBeVisible();
  expect(core.api.session()).toMatchObject({ aal: 'aal2', mfaRequired: false });
  await core.api.signOut('local');

  // The authenticator's code; a recovery code typed there is refused with the server's own message.
  await secondStep();
  await page.getByLabel('Code from your authenticator app').fill(recoveryCodes[1]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid TOTP code entered');
  // The enrolment's code was used once: the next step's.
  await page
    .getByLabel('Code from your authenticator app')
    .fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('link', { name: 'Media' }).first()).toBeVisible();
  expect(core.api.session()).toMatchObject({ aal: 'aal2' });
  expect(pageErrors).toEqual([]);
});

test('a watched folder picks up three new files into a project', async ({ page }) => {
  const folder = path.join(files.work, 'Lakeside shoot');
  fs.mkdirSync(folder);
  const { core, pageErrors } = await openApp(page, files.work, {
    serverUrlOverride: files.server.url,
    dialogPaths: [[folder]],
  });
  // What the app's launch does (core.start): the watched folders are looked at from then on.
  core.watched.start();
  await signIn(page);
  const admin = await adminApi(files.server.url);
  const project = await admin.call('POST', '/api/admin/projects', {
    title: 'Lakeside House',
    description: 'A house by the lake, for the watched folder.',
    category: 'residential',
  });
  expect(project.status).toBe(201);

  await page.getByRole('button', { name: 'Sync folders' }).click();
  const sync = page.getByRole('region', { name: 'Sync folders' });
  await sync.getByLabel('Send new files to').selectOption({ label: 'Lakeside House (project images)' });
  await sync.getByRole('button', { name: 'Keep in sync…' }).click();
  const link = sync.getByRole('listitem', { name: 'Lakeside shoot' });
  await expect(link).toContainText('Watching');
  await expect(link).toContainText('Lakeside House (project images)');

  for (const [index, colour] of ['#3b5b6b', '#6b5b3b', '#5b6b3b'].entries()) {
    const photo = await sharp({ create: { width: 80, height: 60, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
    fs.writeFileSync(path.join(folder, `DSC_00${index + 1}.jpg`), photo);
  }
  fs.writeFileSync(path.join(folder, '.DS_Store'), 'hidden');

  // Through the one queue, then into the project's images.
  const uploads = page.getByRole('region', { name: 'Uploads' });
  await expect(uploads.getByRole('heading')).toContainText('3 of 3 done', { timeout: 30_000 });
  await expect(link).toContainText('3 files sent');
  await expect
    .poll(async () => (await admin.call('GET', `/api/admin/projects/${project.body.id}`)).body.images, {
      timeout: 10_000,
    })
    .toHaveLength(3);

  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`sync-panel-${width}.png`) });
  }

  // Paused, then removed: the files stay in the project.
  await sync.getByRole('button', { name: 'Pause Lakeside shoot' }).click();
  await expect(link).toContainText('Paused');
  await sync.getByRole('button', { name: 'Remove Lakeside shoot' }).click();
  await expect(link).toHaveCount(0);
  expect((await admin.call('GET', `/api/admin/projects/${project.body.id}`)).body.images).toHaveLength(3);
  expect(pageErrors).toEqual([]);
});

test('a lost connection: one banner with the last time reached, a save keeps the form, the queue goes on', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { pageErrors } = await openApp(page, files.work, { serverUrlOverride: files.server.url });
  await signIn(page);
  await page.getByRole('link', { name: 'Projects' }).first().click();
  await page.getByRole('link', { name: 'Add Project' }).click();
  const form = page.getByRole('form', { name: 'New Project' });
  await form.getByLabel('Project Title').fill('Offline Pavilion');
  await form.getByLabel('Description').fill('Typed while the line was down; kept as typed.');

  await files.server.kill();
  const banner = page.getByRole('alert').filter({ hasText: "Can't reach the server" });
  await form.getByRole('button', { name: 'Create Project' }).click();
  await expect(page.getByText("Can't reach the server. What you typed is still here")).toBeVisible();
  await expect(banner).toHaveCount(1);
  await expect(banner).toContainText(/last reached \d\d:\d\d/);
  await expect(form.getByLabel('Project Title')).toHaveValue('Offline Pavilion');
  await expect(form.getByLabel('Description')).toHaveValue('Typed while the line was down; kept as typed.');

  // A file added while the server is away waits in the queue.
  const photo = path.join(files.work, 'offline-photo.png');
  fs.writeFileSync(
    photo,
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#48a' } })
      .png()
      .toBuffer(),
  );
  await drop(page, [photo]);
  const uploads = page.getByRole('region', { name: 'Uploads' });
  await expect(uploads.getByRole('listitem', { name: 'offline-photo.png' })).toBeVisible();
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`offline-${width}.png`) });
  }

  await files.server.start();
  await expect(banner).toHaveCount(0, { timeout: 45_000 });
  await expect(uploads.getByRole('heading')).toContainText('1 of 1 done', { timeout: 30_000 });
  // The queue leaves the corner (and the form's buttons under it) once cleared.
  await uploads.getByRole('button', { name: 'Clear finished' }).click();
  await form.getByRole('button', { name: 'Create Project' }).click();
  await expect(page.getByText('"Offline Pavilion" has been created.')).toBeVisible();
  expect(pageErrors).toEqual([]);
});
