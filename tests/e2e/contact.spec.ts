import { randomInt } from 'node:crypto';
import { expect, type Locator, type Page, type Route } from '@playwright/test';
import { expectAccessible, moveClock, openTestDatabase, stopClock, test, watchConsole } from './support';

// Each test is a visitor of its own (an address through the trusted proxy header): the server takes 5
// inquiries a quarter of an hour from an address, and no test may spend another's, however often it runs.
test.use({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });
  },
});

const INQUIRIES = '**/api/inquiries';
const INQUIRIES_PATH = '/api/inquiries';

/** What a visitor types; the e-mail is fresh so the stored row can be found and removed. */
function visitor() {
  return {
    client_name: 'Tiyamike Chirwa',
    email: `e2e-${crypto.randomUUID()}@example.com`,
    subject: 'A family house on a sloping plot in Area 43',
    phone: '+265 888 123 456',
    project_type: 'residential',
    budget: '100k-250k',
    message: 'We have a 1,200 m² plot with a view to the east and would like a four-bedroom house.',
  };
}
type Visitor = ReturnType<typeof visitor>;

async function fill(page: Page, v: Visitor) {
  await page.getByLabel('Full Name').fill(v.client_name);
  await page.getByLabel('Email Address').fill(v.email);
  await page.getByLabel('Subject').fill(v.subject);
  await page.getByLabel('Phone Number').fill(v.phone);
  await page.getByLabel('Project Type').selectOption(v.project_type);
  await page.getByLabel('Budget Range').selectOption(v.budget);
  await page.getByLabel('Message').fill(v.message);
}

async function expectValues(page: Page, v: Visitor) {
  await expect(page.getByLabel('Full Name')).toHaveValue(v.client_name);
  await expect(page.getByLabel('Email Address')).toHaveValue(v.email);
  await expect(page.getByLabel('Subject')).toHaveValue(v.subject);
  await expect(page.getByLabel('Phone Number')).toHaveValue(v.phone);
  await expect(page.getByLabel('Project Type')).toHaveValue(v.project_type);
  await expect(page.getByLabel('Budget Range')).toHaveValue(v.budget);
  await expect(page.getByLabel('Message')).toHaveValue(v.message);
}

// A toast goes by itself after 5 s: the tests that read one stop the page's clock first (`stopClock`), so it
// stays until they move the clock on, however long a busy machine takes to look.
const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });
/** Runs axe with `shown` on screen: the pointer resting on a toast holds it, and the page's time runs again. */
async function expectAccessibleWithToast(page: Page, shown: Locator) {
  await shown.hover();
  await page.clock.resume(); // axe waits on timers
  await expectAccessible(page);
}
const apiError = (route: Route, status: number, error: Record<string, unknown>) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ error }) });

test('the contact page shows the studio details, office hours and a labelled inquiry form', async ({
  page,
}) => {
  const problems = watchConsole(page);
  const settings = await (await page.request.get('/api/settings')).json();
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  const block = page.getByRole('region', { name: 'Get In Touch' });
  await expect(block.getByRole('heading', { level: 2, name: 'Get In Touch' })).toBeVisible();

  const card = block.getByRole('complementary', { name: 'Studio contact details' });
  await expect(card.getByRole('heading', { name: 'Office Address' })).toBeVisible();
  await expect(card.getByText(settings.office_address, { exact: true })).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Phone Number' })).toBeVisible();
  await expect(card.getByRole('link', { name: settings.contact_phone })).toHaveAttribute(
    'href',
    `tel:${settings.contact_phone.replace(/[^+\d]/g, '')}`,
  );
  await expect(card.getByRole('heading', { name: 'Email Address' })).toBeVisible();
  await expect(card.getByRole('link', { name: settings.contact_email })).toHaveAttribute(
    'href',
    `mailto:${settings.contact_email}`,
  );
  await expect(card.getByRole('heading', { name: 'Office Hours' })).toBeVisible();
  for (const [days, hours] of [
    ['Monday - Friday', '9AM - 6PM'],
    ['Saturday', '10AM - 4PM'],
    ['Sunday', 'Closed'],
  ]) {
    await expect(card.getByRole('term').filter({ hasText: days })).toBeVisible();
    await expect(card.getByRole('definition').filter({ hasText: hours })).toBeVisible();
  }

  const form = page.getByRole('form', { name: 'Project inquiry' });
  for (const label of [
    'Full Name',
    'Email Address',
    'Subject',
    'Phone Number',
    'Project Type',
    'Budget Range',
    'Message',
  ])
    await expect(form.getByLabel(label)).toHaveAttribute('required', '');
  await expect(form.getByLabel('Email Address')).toHaveAttribute('type', 'email');
  await expect(form.getByLabel('Phone Number')).toHaveAttribute('type', 'tel');
  await expect(form.getByLabel('Phone Number')).toHaveAttribute('inputmode', 'numeric');
  await expect(form.getByLabel('Message')).toHaveAttribute('rows', '6');
  const values = (label: string) =>
    form
      .getByLabel(label)
      .locator('option:not([disabled])')
      .evaluateAll((options) => options.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
  expect(await values('Project Type')).toEqual([
    ['residential', 'Residential'],
    ['commercial', 'Commercial'],
    ['interior', 'Interior Design'],
    ['landscape', 'Landscape'],
    ['urban', 'Urban Planning'],
    ['other', 'Other'],
  ]);
  expect(await values('Budget Range')).toEqual([
    ['under-50k', 'Under $50,000'],
    ['50k-100k', '$50,000 - $100,000'],
    ['100k-250k', '$100,000 - $250,000'],
    ['250k-500k', '$250,000 - $500,000'],
    ['500k-1m', '$500,000 - $1,000,000'],
    ['over-1m', 'Over $1,000,000'],
  ]);

  // The honeypot is out of sight, out of the tab order and out of the accessibility tree.
  const honeypot = page.locator('input[name="company_website"]');
  await expect(honeypot).toHaveAttribute('tabindex', '-1');
  await expect(honeypot).toHaveAttribute('autocomplete', 'off');
  await expect(page.getByRole('textbox', { name: 'Company website' })).toHaveCount(0);
  const area = await honeypot.evaluate((el) => {
    const box = el.closest('[aria-hidden="true"]')!.getBoundingClientRect();
    return box.width * box.height;
  });
  expect(area).toBeLessThanOrEqual(1);

  await expectAccessible(page);
  expect(problems).toEqual([]);
});

test('the contact page shows the office location with directions, without any map service', async ({
  page,
}) => {
  const settings = await (await page.request.get('/api/settings')).json();
  const external: string[] = [];
  page.on('request', (request) => {
    if (/openstreetmap|tile\./.test(request.url())) external.push(request.url());
  });
  await page.goto('/contact');
  const location = page.getByRole('region', { name: 'Office Location' });
  await location.scrollIntoViewIfNeeded();
  await expect(
    location.getByRole('img', { name: `Map showing the studio at ${settings.office_address}` }),
  ).toBeVisible();
  await expect(location.getByText(settings.office_address, { exact: true })).toBeVisible();
  const directions = location.getByRole('link', { name: /Get directions/ });
  await expect(directions).toHaveAttribute(
    'href',
    `https://www.openstreetmap.org/search?query=${encodeURIComponent(settings.office_address)}`,
  );
  await expect(directions).toHaveAttribute('target', '_blank');
  expect(external).toEqual([]);
});

test('an inquiry is sent: Thank You panel, Success toast, and subject, type and budget stored apart', async ({
  page,
}) => {
  const problems = watchConsole(page);
  const v = visitor();
  await stopClock(page);
  await page.goto('/contact');
  await fill(page, v);
  await page.getByRole('button', { name: 'Send Message' }).click();

  const thanks = page.getByRole('heading', { name: 'Thank You' });
  await expect(thanks).toBeVisible();
  await expect(thanks).toBeFocused();
  await expect(
    page.getByText("Your message has been sent successfully. We'll get back to you shortly."),
  ).toBeVisible();
  const sent = toast(page, 'Success');
  await expect(sent).toContainText("Your message has been sent. We'll get back to you soon.");
  await expectAccessibleWithToast(page, sent);

  const db = openTestDatabase();
  try {
    const row = db.prepare('SELECT * FROM inquiries WHERE email = ?').get(v.email);
    expect(row).toMatchObject({
      client_name: v.client_name,
      phone: v.phone,
      subject: v.subject,
      project_type: v.project_type,
      budget: v.budget,
      message: v.message,
      status: 'new',
    });
  } finally {
    db.prepare('DELETE FROM inquiries WHERE email = ?').run(v.email);
    db.close();
  }

  await page.getByRole('button', { name: 'Send Another Message' }).click();
  await expect(thanks).toHaveCount(0);
  await expectValues(page, {
    client_name: '',
    email: '',
    subject: '',
    phone: '',
    project_type: '',
    budget: '',
    message: '',
  });
  await expect(page.getByLabel('Full Name')).toBeFocused();
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  expect(problems).toEqual([]);
});

test('while sending, the button reads "Sending..." and is disabled; the JSON carries every field', async ({
  page,
}) => {
  let body: Record<string, unknown> | undefined;
  // The answer is held until the test has seen the form sending.
  let answer = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route(INQUIRIES, async (route) => {
    body = route.request().postDataJSON();
    await answered;
    await route.fulfill({ status: 201, contentType: 'application/json', body: JSON.stringify({ id: 'x' }) });
  });
  const v = visitor();
  await page.goto('/contact');
  await fill(page, v);
  await page.getByRole('button', { name: 'Send Message' }).click();
  const sending = page.getByRole('button', { name: 'Sending...' });
  await expect(sending).toBeVisible();
  await expect(sending).toBeDisabled();
  answer();
  await expect(page.getByRole('heading', { name: 'Thank You' })).toBeVisible();
  expect(body).toEqual({ ...v, company_website: '' });
});

test("an empty or incomplete send shows the server's problems at each field, not the browser's popups", async ({
  page,
  request,
}) => {
  // What the server says about the inquiry the form will send (only a name): the words it must show.
  const typed = { client_name: 'Tiyamike Chirwa' };
  const empty = { email: '', subject: '', phone: '', project_type: '', budget: '', message: '' };
  const refused = await request.post(INQUIRIES_PATH, { data: { ...empty, ...typed } });
  expect(refused.status()).toBe(400);
  const issues = ((await refused.json()) as { error: { issues: { path: string; message: string }[] } }).error
    .issues;
  expect(issues.length).toBeGreaterThan(3);

  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Project inquiry' });
  await expect(form).toHaveJSProperty('noValidate', true);
  await page.getByLabel('Full Name').fill(typed.client_name);
  await page.getByRole('button', { name: 'Send Message' }).click();

  const email = page.getByLabel('Email Address');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  const emailIssue = issues.find((issue) => issue.path === 'email')!;
  await expect(email).toHaveAccessibleDescription(emailIssue.message);
  // Every field the server refused says why beside it; the one filled in does not.
  // (the first of a field's problems, as the form shows one at a time).
  const paths = [...new Set(issues.map((issue) => issue.path))];
  expect(paths.length).toBe(6);
  for (const path of paths) {
    const first = issues.find((issue) => issue.path === path)!;
    await expect(form.getByText(first.message)).toBeVisible();
  }
  await expect(page.getByLabel('Full Name')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Full Name')).toHaveValue(typed.client_name);
});

test('a server failure shows the Error toast with its message and keeps everything typed', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await page.route(INQUIRIES, (route) =>
    apiError(route, 500, {
      code: 'internal',
      message: 'Something went wrong on our side. Please try again.',
    }),
  );
  const v = visitor();
  await stopClock(page);
  await page.goto('/contact');
  await fill(page, v);
  const send = page.getByRole('button', { name: 'Send Message' });
  await send.click();

  const error = toast(page, 'Error');
  await expect(error).toContainText('Something went wrong on our side. Please try again.');
  await expect(page.getByRole('heading', { name: 'Thank You' })).toHaveCount(0);
  await expectValues(page, v);
  await expect(send).toBeEnabled();

  // Dismissible…
  await error.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(error).toHaveCount(0);
  // …and it goes by itself after 5 s (the pointer moved off its place first, where it would hold the next).
  await page.mouse.move(0, 0);
  await send.click();
  await expect(error).toBeVisible();
  await moveClock(page, 4_750);
  await expect(error).toBeVisible();
  await moveClock(page, 250);
  await expect(error).toHaveCount(0);

  // A second failure replaces the toast: only one at a time.
  await send.click();
  await send.click();
  await expect(page.getByRole('status').getByText('Error', { exact: true })).toHaveCount(1);
  // The pointer on it holds it.
  await error.hover();
  await moveClock(page, 10_000);
  await expect(error).toBeVisible();
  await expectAccessibleWithToast(page, error);
  expect(problems.filter((p) => !/status of 500/.test(p))).toEqual([]);
});

test('when the server cannot be reached the toast says there was a problem sending', async ({ page }) => {
  await page.route(INQUIRIES, (route) => route.abort('connectionrefused'));
  const v = visitor();
  await stopClock(page);
  await page.goto('/contact');
  await fill(page, v);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(toast(page, 'Error')).toContainText('There was a problem sending your message.');
  await expectValues(page, v);
});

test("the server's field problems are shown at their fields, which keep their values", async ({ page }) => {
  await page.route(INQUIRIES, (route) =>
    apiError(route, 400, {
      code: 'validation_failed',
      message: 'Some fields are missing or invalid',
      issues: [
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'phone', message: 'Please enter a valid phone number' },
      ],
    }),
  );
  const v = { ...visitor(), phone: '12' };
  await stopClock(page);
  await page.goto('/contact');
  await fill(page, v);
  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(toast(page, 'Error')).toContainText('Some fields are missing or invalid');
  // The page's time runs again: the first field with a problem takes the focus on the next frame.
  await page.clock.resume();
  const email = page.getByLabel('Email Address');
  const phone = page.getByLabel('Phone Number');
  await expect(email).toHaveAccessibleDescription('Please enter a valid email address');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveAccessibleDescription('Please enter a valid phone number');
  await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
  await expect(page.getByLabel('Full Name')).not.toHaveAttribute('aria-invalid');
  await expect(email).toBeFocused();
  await expectValues(page, v);
  await expectAccessible(page);

  // Correcting a field clears its message; the other stays until it is corrected too.
  await email.fill(`fixed-${v.email}`);
  await expect(email).not.toHaveAttribute('aria-invalid');
  await expect(page.getByText('Please enter a valid email address')).toHaveCount(0);
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
});

test('the contact block on the home page sends the same form', async ({ page }) => {
  await page.route(INQUIRIES, (route) =>
    route.fulfill({ status: 201, contentType: 'application/json', body: JSON.stringify({ id: 'x' }) }),
  );
  await stopClock(page);
  await page.goto('/#contact');
  await fill(page, visitor());
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(
    page.getByRole('region', { name: 'Get In Touch' }).getByRole('heading', { name: 'Thank You' }),
  ).toBeVisible();
  await expect(toast(page, 'Success')).toBeVisible();
});

test('without JavaScript the form posts itself: a refusal keeps what was typed, then the Thank You page', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const db = openTestDatabase();
  const v = { ...visitor(), email: 'tiyamike@chirwa' }; // the browser lets it through; the server does not
  try {
    const page = await context.newPage();
    await page.goto('/contact');
    await fill(page, v);
    const refused = page.waitForResponse(
      (r) => r.url().endsWith('/contact') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect((await refused).status()).toBe(400);
    await expect(page.getByRole('alert')).toHaveText(/Please enter a valid email address/);
    await expect(page.getByLabel('Email Address')).toHaveAttribute('aria-invalid', 'true');
    await expectValues(page, v);
    expect(db.prepare('SELECT COUNT(*) AS n FROM inquiries WHERE email = ?').get(v.email)).toEqual({ n: 0 });

    const good = { ...v, email: `e2e-${crypto.randomUUID()}@example.com` };
    await page.getByLabel('Email Address').fill(good.email);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/contact\?sent=1#inquiry$/);
    await expect(page.getByRole('heading', { name: 'Thank You' })).toBeVisible();
    expect(
      db.prepare('SELECT subject, project_type, budget FROM inquiries WHERE email = ?').get(good.email),
    ).toEqual({
      subject: good.subject,
      project_type: good.project_type,
      budget: good.budget,
    });
    db.prepare('DELETE FROM inquiries WHERE email = ?').run(good.email);
  } finally {
    db.close();
    await context.close();
  }
});
