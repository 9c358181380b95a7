import { expect, type Page, test } from '@playwright/test';
import {
  accountServerForThisFile,
  expectToast,
  OTHER_PASSWORD,
  PASSWORD,
  signInThroughPage,
  uniqueEmail,
} from './accounts-support';
import { expectAccessible, moveClock, stopClock, watchConsole } from './support';

const server = accountServerForThisFile();

/** The reset page moves on to /auth 3 s (on its stopped clock) after it has said how the reset went. */
async function expectRedirectToLogin(page: Page) {
  await moveClock(page, 2_999);
  await expect(page).not.toHaveURL(`${server.url}/auth`);
  await moveClock(page, 1);
  await expect(page).toHaveURL(`${server.url}/auth`);
}

test.describe('/auth', () => {
  test('shows Login and Sign Up tabs, titled, accessible, and not for search engines', async ({ page }) => {
    const problems = watchConsole(page);
    const response = await page.goto(`${server.url}/auth`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['x-robots-tag']).toBe('noindex');
    await expect(page).toHaveTitle('Login / Sign Up | ARCHITECT');
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Login' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('form', { name: 'Sign Up' })).toBeVisible();
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });

  test('login: missing fields, then a wrong password, in a red alert and a toast', async ({ page }) => {
    const user = server.createUser();
    await page.goto(`${server.url}/auth`);
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      /You must provide either an email or phone number and a password/,
    );
    await form.getByLabel('Email').fill(user.email);
    await form.getByLabel('Password').fill('Wrong#Pass99');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(form.getByRole('alert')).toHaveText(/Invalid login credentials/);
    await expectToast(page, 'Login Failed', 'Invalid login credentials');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('login with a mixed-case, padded e-mail signs in and returns to the page named in ?redirect', async ({
    page,
  }) => {
    const user = server.createUser();
    await page.goto(`${server.url}/auth?redirect=%2Fcontact`);
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill(`  ${user.email.toUpperCase()} `);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(`${server.url}/contact`);
    // Signed in: the header's account menu replaces the sign-in link; a signed-in visit to /auth moves on.
    await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();
    await page.goto(`${server.url}/auth`);
    await expect(page).toHaveURL(`${server.url}/`);
  });

  test('sign-up checks: mismatch, the policy (Invalid Password toast), a common password from the server', async ({
    page,
  }) => {
    await page.goto(`${server.url}/auth`);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const form = page.getByRole('form', { name: 'Sign Up' });
    const submit = form.getByRole('button', { name: 'Create Account' });
    await form.getByLabel('Email').fill('not-an-address');
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await submit.click();
    await expect(form.getByRole('alert')).toHaveText(/Please enter a valid email address/);
    await form.getByLabel('Email').fill(uniqueEmail());
    await form.getByLabel('Confirm Password').fill('Different#Pass1');
    await submit.click();
    await expect(form.getByRole('alert')).toHaveText(/Passwords don't match/);
    for (const [password, message] of [
      ['short1!', 'Password must be at least 8 characters long'],
      ['lowercase1!', 'Password must contain at least one uppercase letter'],
      ['UPPERCASE1!', 'Password must contain at least one lowercase letter'],
      ['NoNumbers!!', 'Password must contain at least one number'],
      ['NoSpecial123', 'Password must contain at least one special character'],
    ] as const) {
      await form.getByLabel('Password', { exact: true }).fill(password);
      await form.getByLabel('Confirm Password').fill(password);
      await submit.click();
      await expect(form.getByRole('alert')).toHaveText(new RegExp(message));
      await expectToast(page, 'Invalid Password', message);
    }
    await form.getByLabel('Password', { exact: true }).fill('Password123!');
    await form.getByLabel('Confirm Password').fill('Password123!');
    await submit.click();
    await expect(form.getByRole('alert')).toHaveText(/This password is too common/);
    await expectToast(page, 'Sign Up Failed', 'This password is too common');
  });

  for (const width of [390, 1440]) {
    test(`sign-up shows which password rule is met as one types, and takes a hyphen as the special character (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}/auth`);
      await page.getByRole('tab', { name: 'Sign Up' }).click();
      const form = page.getByRole('form', { name: 'Sign Up' });
      const rules = form.getByRole('list', { name: 'Password rules' }).getByRole('listitem');
      await expect(rules).toHaveText([
        /At least 8 characters: still needed/,
        /An uppercase letter: still needed/,
        /A lowercase letter: still needed/,
        /A number: still needed/,
        /A special character \(not a letter or number\): still needed/,
      ]);
      await form.getByLabel('Password', { exact: true }).fill('kapenta');
      await expect(rules).toHaveText([
        /still needed/,
        /still needed/,
        /: done/,
        /still needed/,
        /still needed/,
      ]);
      await form.getByLabel('Password', { exact: true }).fill('Kapenta-Lake42');
      await expect(rules).toHaveText([/: done/, /: done/, /: done/, /: done/, /: done/]);
      await expectAccessible(page);
      await form.screenshot({ path: test.info().outputPath(`password-rules-${width}.png`) });
      await form.getByLabel('Email').fill(uniqueEmail('hyphen'));
      await form.getByLabel('Confirm Password').fill('Kapenta-Lake42');
      await form.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    });
  }

  test('sign-up → confirmation mail over SMTP → its link lands on /auth signed in, then home', async ({
    page,
  }) => {
    const email = uniqueEmail('signup');
    await page.goto(`${server.url}/auth`);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const form = page.getByRole('form', { name: 'Sign Up' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Sign Up Successful', 'Please check your email to verify your account.');
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

    const mail = await server.smtp.waitFor(email);
    expect(mail.link).toContain('/auth/v1/verify?type=signup');
    await page.goto(mail.link ?? '');
    await expect(page).toHaveURL(`${server.url}/`);
    await expectToast(page, 'Email confirmed');
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await expect(page.getByText(email, { exact: true })).toBeVisible();

    // The link works once: a second visit lands on /auth with the reason, in the red alert.
    await page.context().clearCookies();
    await page.goto(mail.link ?? '');
    await expect(page).toHaveURL(`${server.url}/auth`);
    await expect(page.getByRole('alert')).toHaveText(/invalid or has expired/);
  });

  test('forgot password: reached by the button or ?action=forgot_password&email=, checked, then sent and disabled', async ({
    page,
  }) => {
    await page.goto(`${server.url}/auth`);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveTitle('Reset Password | ARCHITECT');
    const form = page.getByRole('form', { name: 'Reset Password' });
    await form.getByLabel('Email').fill('nobody');
    await form.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(form.getByRole('alert')).toHaveText(/Please enter a valid email address/);

    const address = uniqueEmail('unknown');
    await page.goto(`${server.url}/auth?action=forgot_password&email=${encodeURIComponent(address)}`);
    const prefilled = page.getByRole('form', { name: 'Reset Password' });
    await expect(prefilled.getByLabel('Email')).toHaveValue(address);
    await prefilled.getByRole('button', { name: 'Send Reset Link' }).click();
    // An unknown address answers exactly as a known one would.
    await expectToast(page, 'Password Reset Email Sent', 'Please check your email for reset instructions.');
    await expect(prefilled.getByLabel('Email')).toBeDisabled();
    await expect(prefilled.getByRole('button', { name: 'Email Sent' })).toBeDisabled();
    await prefilled.getByRole('button', { name: 'Back to Login' }).click();
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  });

  test('forgot → reset mail over SMTP → /reset-password → new password, then /auth after 3 s', async ({
    page,
  }) => {
    const user = server.createUser();
    await page.goto(`${server.url}/auth?action=forgot_password&email=${encodeURIComponent(user.email)}`);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectToast(page, 'Password Reset Email Sent');
    const mail = await server.smtp.waitFor(user.email, /reset/i);
    expect(mail.link).toContain('/auth/v1/verify?type=recovery');

    await page.goto(mail.link ?? '');
    await expect(page).toHaveURL(`${server.url}/reset-password`);
    const form = page.getByRole('form', { name: 'Choose a new password' });
    await expect(form.getByText(/At least 8 characters with uppercase/)).toBeVisible();
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect(form.getByRole('alert')).toHaveText(/All fields are required/);
    await form.getByLabel('New Password', { exact: true }).fill(OTHER_PASSWORD);
    await form.getByLabel('Confirm New Password').fill(`${OTHER_PASSWORD}x`);
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect(form.getByRole('alert')).toHaveText(/Passwords do not match/);
    await form.getByLabel('Confirm New Password').fill(OTHER_PASSWORD);
    // The move to /auth waits on the page's clock, stopped until the message has been read.
    await stopClock(page);
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect(
      page.getByText("Password reset successful! You'll be redirected to the login page."),
    ).toBeVisible();
    await expectRedirectToLogin(page);
    await page.clock.resume();

    // The old password is refused, the new one signs in.
    await signInThroughPage(page, server, user.email, PASSWORD, { fails: true });
    await expect(page.getByRole('form', { name: 'Login' }).getByRole('alert')).toHaveText(
      /Invalid login credentials/,
    );
    await signInThroughPage(page, server, user.email, OTHER_PASSWORD);
    await expect(page).toHaveURL(`${server.url}/`);
  });

  test('/reset-password without a valid link: the Invalid Reset Link card and toast, then /auth', async ({
    page,
  }) => {
    await stopClock(page); // the card and its toast stay until the test moves the clock on
    await page.goto(`${server.url}/reset-password#error=invalid_link&error_description=expired`);
    await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
    await expect(page.getByText('This password reset link is invalid or has expired.').first()).toBeVisible();
    await expectToast(page, 'Invalid Reset Link', 'This password reset link is invalid or has expired.');
    await expect(page.getByRole('link', { name: 'Return to Login' })).toHaveAttribute('href', '/auth');
    await expectRedirectToLogin(page);
  });
});

test('a session that cannot be checked (server failing) is retried, then the page says so and offers sign-in', async ({
  page,
  context,
}) => {
  let attempts = 0;
  await context.addCookies([{ name: 'atelier_signed_in', value: '1', url: server.url }]);
  await page.route('**/auth/v1/token?grant_type=refresh_token', (route) => {
    attempts += 1;
    return route.fulfill({ status: 503, contentType: 'application/json', body: '{}' });
  });
  await page.goto(`${server.url}/auth`);
  // Six tries over about 6 s before the page gives up.
  await expectToast(page, 'Authentication Error', 'There was a problem initializing authentication.', 15_000);
  await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
  // The first try and five more, 200 ms apart and doubling.
  expect(attempts).toBe(6);
});
