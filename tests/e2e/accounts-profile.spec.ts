import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import {
  accountServerForThisFile,
  expectToast,
  OTHER_PASSWORD,
  PASSWORD,
  signInThroughPage,
  totpCode,
} from './accounts-support';
import { expectAccessible, watchConsole } from './support';

const server = accountServerForThisFile();

test('the header menu: initials by the rule, Profile, no Admin Dashboard for a user, Log out with its toast', async ({
  page,
}) => {
  const user = server.createUser();
  await signInThroughPage(page, server, user.email);
  await expect(page).toHaveURL(`${server.url}/`);
  const button = page.getByRole('button', { name: `Account menu for ${user.email}` });
  // No name yet: the first two letters of the e-mail.
  await expect(button.locator('.avatar')).toHaveText(user.email.slice(0, 2).toUpperCase());
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await button.click();
  await expect(page.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: 'Profile' })).toBeHidden();
  await expect(button).toBeFocused();

  await button.click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(`${server.url}/`);
  await expectToast(page, 'Logged out successfully', 'You have been signed out of your account.');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  // The session is over on the server too: /profile sends the visitor to /auth.
  await page.goto(`${server.url}/profile`);
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fprofile$/);
});

test('a failed log-out keeps the user signed in, with the Error toast', async ({ page }) => {
  const user = server.createUser();
  await signInThroughPage(page, server, user.email);
  await expect(page).toHaveURL(`${server.url}/`);
  await page.route('**/auth/v1/logout**', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expectToast(page, 'Error', 'There was a problem signing you out. Please try again.');
  await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();
});

test('an admin sees Admin Dashboard in the menu; names give the initials', async ({ page }) => {
  const admin = server.createUser({ role: 'admin', firstName: 'Chikondi', lastName: 'Banda' });
  await signInThroughPage(page, server, admin.email);
  const button = page.getByRole('button', { name: 'Account menu for Chikondi Banda' });
  await expect(button.locator('.avatar')).toHaveText('CB');
  await button.click();
  await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute(
    'href',
    '/admin/dashboard',
  );
});

test('profile: signed out goes to /auth and comes back; names saved; e-mail read-only', async ({ page }) => {
  const problems = watchConsole(page);
  const user = server.createUser();
  await page.goto(`${server.url}/profile`);
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fprofile$/);
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${server.url}/profile`);
  await expect(page).toHaveTitle('Profile | ARCHITECT');

  const info = page.getByRole('form', { name: 'Profile Information' });
  await expect(info.getByLabel('Email')).toHaveValue(user.email);
  await expect(info.getByLabel('Email')).toHaveAttribute('readonly', '');
  await expect(info.getByText('To change your email, please contact support.')).toBeVisible();
  await info.getByLabel('First Name').fill('Thoko');
  await info.getByLabel('Last Name').fill('Phiri');
  await info.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Profile Updated', 'Your profile has been updated successfully.');
  await expect(
    page.getByRole('button', { name: 'Account menu for Thoko Phiri' }).locator('.avatar'),
  ).toHaveText('TP');
  await page.reload();
  await expect(page.getByRole('form', { name: 'Profile Information' }).getByLabel('First Name')).toHaveValue(
    'Thoko',
  );
  await expectAccessible(page);
  expect(problems).toEqual([]);
});

test('avatar: an image is cut square and shown; a text file named .png is refused with Upload Error', async ({
  page,
}) => {
  const user = server.createUser();
  await signInThroughPage(page, server, user.email);
  await page.goto(`${server.url}/profile`);
  const input = page.getByLabel('Avatar image');
  await input.setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('these are not the pixels you are looking for'),
  });
  await expectToast(page, 'Upload Error', 'Please upload an image file (PNG, JPEG, GIF or WebP)');

  const photo = await sharp({
    create: { width: 640, height: 400, channels: 3, background: { r: 180, g: 140, b: 70 } },
  })
    .png()
    .toBuffer();
  await input.setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: photo });
  await expectToast(page, 'Avatar Updated');
  const avatar = page.locator('.avatar-editor img');
  await expect(avatar).toHaveAttribute('src', /\/media\/avatars\//);
  const src = (await avatar.getAttribute('src')) ?? '';
  const stored = await page.request.get(`${server.url}${src}`);
  const meta = await sharp(await stored.body()).metadata();
  expect([meta.width, meta.height]).toEqual([512, 512]);
  // The header's 40 px avatar shows the picture too.
  await expect(page.locator('.account-menu__button img')).toHaveAttribute('src', src);

  await page.getByRole('button', { name: 'Remove photo' }).click();
  await expectToast(page, 'Avatar Removed');
  await expect(page.locator('.avatar-editor img')).toHaveCount(0);
});

test('change password: the messages, the wrong current password, then success', async ({ page }) => {
  const user = server.createUser();
  await signInThroughPage(page, server, user.email);
  await page.goto(`${server.url}/profile#security`);
  const form = page.getByRole('form', { name: 'Change Password' });
  const submit = form.getByRole('button', { name: 'Update Password' });
  await expect(page.getByText('This device', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText(/All fields are required/);
  await form.getByLabel('Current Password').fill('Not#MyPassword1');
  await form.getByLabel('New Password', { exact: true }).fill(OTHER_PASSWORD);
  await form.getByLabel('Confirm New Password').fill('Something#Else1');
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText(/New passwords do not match/);
  await form.getByLabel('Confirm New Password').fill(OTHER_PASSWORD);
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText(/Current password is incorrect/);
  await expectToast(page, 'Password Change Failed', 'Current password is incorrect');
  await form.getByLabel('Current Password').fill(PASSWORD);
  await submit.click();
  await expectToast(page, 'Password updated', 'Your password has been successfully changed.');
  await expect(form.getByLabel('Current Password')).toHaveValue('');

  await page.getByRole('button', { name: /Email me a reset link/ }).click();
  await expectToast(page, 'Reset Email Sent', 'Check your inbox for the password reset link');
  await expect(page.getByText('Password reset instructions have been sent to your email.')).toBeVisible();
  await server.smtp.waitFor(user.email, /reset/i);
});

test('devices: another session is listed and signed out by "Sign out everywhere else"', async ({
  page,
  browser,
}) => {
  const user = server.createUser();
  const other = await browser.newContext({ userAgent: 'Mozilla/5.0 (Windows NT 10.0) Firefox/130.0' });
  const otherPage = await other.newPage();
  await signInThroughPage(otherPage, server, user.email);
  await expect(otherPage).toHaveURL(`${server.url}/`);

  await signInThroughPage(page, server, user.email);
  await page.goto(`${server.url}/profile#security`);
  const devices = page.getByRole('region', { name: "Where You're Signed In" });
  await expect(devices.getByText('This device', { exact: true })).toBeVisible();
  await expect(devices.getByText('Firefox on Windows')).toBeVisible();
  await devices.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expectToast(page, 'Signed out', 'Every other device has been signed out.');
  await expect(devices.getByText('Firefox on Windows')).toHaveCount(0);

  // The other browser's session is gone: its next page load finds no session.
  await otherPage.goto(`${server.url}/profile`);
  await expect(otherPage).toHaveURL(/\/auth\?redirect=%2Fprofile$/);
  await other.close();

  await devices.getByRole('button', { name: 'Sign out this device' }).click();
  await expect(page).toHaveURL(`${server.url}/`);
  await expectToast(page, 'Logged out successfully');
});

test('two-step verification: set up with a QR code, then sign in with a code and with a recovery code once', async ({
  page,
}) => {
  const user = server.createUser();
  await signInThroughPage(page, server, user.email);
  await page.goto(`${server.url}/profile#security`);
  const mfa = page.getByRole('region', { name: 'Two-Step Verification' });
  await mfa.getByRole('button', { name: 'Set Up Two-Step Verification' }).click();
  await expect(mfa.getByRole('img', { name: /QR code/ })).toHaveAttribute('src', /^data:image\/svg\+xml/);
  const secret = (await mfa.locator('.mfa-setup__secret').textContent()) ?? '';
  await mfa.getByLabel('Authentication code').fill('000000');
  await mfa.getByRole('button', { name: 'Verify and Turn On' }).click();
  await expect(mfa.getByRole('alert')).toHaveText(/Invalid TOTP code entered/);
  await mfa.getByLabel('Authentication code').fill(totpCode(secret));
  await mfa.getByRole('button', { name: 'Verify and Turn On' }).click();
  const codes = mfa.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expectAccessible(page);
  const recovery = ((await codes.first().textContent()) ?? '').trim();
  await mfa.getByRole('button', { name: 'I Have Saved Them' }).click();
  await expect(mfa.getByText(/^On: signing in asks for a code/)).toBeVisible();

  // Signing in now takes a second step.
  await page.context().clearCookies();
  await signInThroughPage(page, server, user.email);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  // The code used to turn it on cannot be used again: the app's next one.
  await page.getByLabel('Authentication code').fill(totpCode(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(`${server.url}/`);
  await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();

  // A recovery code instead, once.
  for (const attempt of ['first', 'again'] as const) {
    await page.context().clearCookies();
    await signInThroughPage(page, server, user.email);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recovery);
    await page.getByRole('button', { name: 'Verify' }).click();
    if (attempt === 'first') await expect(page).toHaveURL(`${server.url}/`);
    else await expect(page.getByRole('alert')).toHaveText(/Invalid recovery code/);
  }
});
