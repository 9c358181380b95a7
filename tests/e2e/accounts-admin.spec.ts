import { expect, test } from '@playwright/test';
import {
  accountServerForThisFile,
  expectToast,
  PASSWORD,
  signInThroughPage,
  startAccountServer,
  uniqueEmail,
} from './accounts-support';
import { expectAccessible, watchConsole } from './support';

const server = accountServerForThisFile();

test('the gate: a visitor is sent to /admin/login carrying the page, and comes back after signing in', async ({
  page,
}) => {
  const problems = watchConsole(page);
  const admin = server.createUser({ role: 'admin' });
  await page.goto(`${server.url}/admin/projects`);
  await expect(page).toHaveURL(`${server.url}/admin/login?redirect=%2Fadmin%2Fprojects`);
  await expect(page).toHaveTitle('Admin Login | ARCHITECT');
  const form = page.getByRole('form', { name: 'Admin Login' });
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(form.getByRole('alert')).toHaveText(/Email and password are required/);
  await form.getByLabel('Email').fill(admin.email);
  await form.getByLabel('Password').fill('Wrong#Pass99');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(form.getByRole('alert')).toHaveText(/Invalid login credentials/);
  await expectAccessible(page);

  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${server.url}/admin/projects`);
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  await expectToast(page, 'Login successful', 'Welcome to the admin dashboard');
  await expect(page.getByText('Admin Panel').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Website' })).toHaveAttribute('href', '/');
  await expectAccessible(page);

  // Signed in already: /admin/login moves on at once, and /admin is the dashboard.
  await page.goto(`${server.url}/admin/login`);
  await expect(page).toHaveURL(`${server.url}/admin/dashboard`);
  await page.goto(`${server.url}/admin`);
  await expect(page).toHaveURL(`${server.url}/admin/dashboard`);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // The refused password is the one failed request (Chromium logs every 4xx answer).
  expect(problems).toEqual([
    'Failed to load resource: the server responded with a status of 400 (Bad Request)',
  ]);
});

test('the gate shows a spinner while it checks', async ({ page }) => {
  const admin = server.createUser({ role: 'admin' });
  await signInThroughPage(page, server, admin.email);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/admin/me', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${server.url}/admin/inquiries`);
  await expect(page.getByRole('status').filter({ hasText: 'Checking your access' })).toBeAttached();
  release();
  await expect(page.getByRole('heading', { name: 'Inquiries', level: 1 })).toBeVisible();
});

test('when the studio requires two-step verification, an admin without it is sent to set it up', async ({
  page,
}) => {
  // A server of its own: the setting is the studio's, and other tests' admins must not meet it.
  const fresh = await startAccountServer();
  try {
    const admin = fresh.createUser({ role: 'admin' });
    expect(fresh.cli('settings:admin-mfa', 'on')).toContain('administrators now need two-step verification');
    await signInThroughPage(page, fresh, admin.email);
    await page.goto(`${fresh.url}/admin/dashboard`);
    await expect(page.getByRole('heading', { name: 'Two-step verification required' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Set Up Two-Step Verification' }).click();
    await expect(page).toHaveURL(`${fresh.url}/profile#security`);
    await expect(page.getByRole('button', { name: 'Set Up Two-Step Verification' })).toBeVisible();
  } finally {
    await fresh.stop();
  }
});

test('a signed-in user who is not an admin: Access Denied toast and the home page', async ({ page }) => {
  const user = server.createUser();
  await signInThroughPage(page, server, user.email);
  await page.goto(`${server.url}/admin/settings`);
  await expect(page).toHaveURL(`${server.url}/`);
  await expectToast(page, 'Access Denied', "You don't have admin privileges to access this page.");
});

test('the server refuses admin routes whatever the page does: 401 without a token, 403 for a user', async ({
  request,
}) => {
  expect((await request.get(`${server.url}/api/admin/me`)).status()).toBe(401);
  const user = server.createUser();
  const signIn = await request.post(`${server.url}/auth/v1/token?grant_type=password`, {
    data: { email: user.email, password: PASSWORD },
  });
  const { access_token } = await signIn.json();
  const me = await request.get(`${server.url}/api/admin/me`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  expect(me.status()).toBe(403);
});

test('an unknown admin path answers 404 with the not-found page; a known one with an id is a page', async ({
  page,
}) => {
  const missing = await page.goto(`${server.url}/admin/nothing-here`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
  const edit = await page.goto(`${server.url}/admin/projects/edit/6c0b7a43-0000-4000-8000-000000000000`);
  expect(edit?.status()).toBe(200);
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fprojects%2Fedit%2F/);
});

test('first admin: the setup link printed at start-up creates the admin once; a bad token is refused', async ({
  page,
}) => {
  // A server of its own: no other test may have made an admin before the link is used.
  const fresh = await startAccountServer();
  try {
    await page.goto(`${fresh.url}/admin/setup?token=not-a-real-token`);
    await expect(page.getByRole('alert')).toHaveText(/This setup link is invalid or has expired/);

    const email = uniqueEmail('owner');
    await page.goto(fresh.setupLink);
    const form = page.getByRole('form', { name: 'Create administrator' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm Password').fill('Other#Pass123');
    await form.getByRole('button', { name: 'Create Administrator' }).click();
    await expect(form.getByRole('alert')).toHaveText(/Passwords don't match/);
    await form.getByLabel('Confirm Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create Administrator' }).click();
    await expect(page).toHaveURL(`${fresh.url}/admin/dashboard`);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expectToast(page, 'Administrator created');

    // Used: the link is spent.
    await page.goto(fresh.setupLink);
    await expect(page.getByRole('alert')).toHaveText(/This setup link is invalid or has expired/);
  } finally {
    await fresh.stop();
  }
});

test('a public page loads no account code and calls no auth endpoint for a visitor', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto(`${server.url}/about`);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requests.filter((path) => path.startsWith('/auth/v1'))).toEqual([]);
  expect(requests.filter((path) => /PublicAccount|account-/.test(path))).toEqual([]);
});
