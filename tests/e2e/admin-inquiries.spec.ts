import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { accountServerForThisFile, expectToast, signInThroughPage } from './accounts-support';
import { expectAccessible } from './support';

const server = accountServerForThisFile();
// Two pages, a server of its own and axe, on a shared and busy machine: more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

interface Row {
  client_name: string;
  email: string;
  phone: string;
  project_type: string;
  budget: string | null;
  message: string;
  status?: 'new' | 'in_progress' | 'closed';
  subject?: string;
  created_at: string;
}

/** Inquiries written straight into the server's database (the public form allows 5 a quarter-hour per address). */
function addInquiries(rows: Row[]) {
  const db = new Database(path.join(server.dataDir, 'atelier.db'));
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare(
    `INSERT INTO inquiries (id, client_name, email, phone, subject, project_type, budget, message, status, created_at, updated_at)
     VALUES (@id, @client_name, @email, @phone, @subject, @project_type, @budget, @message, @status, @created_at, @created_at)`,
  );
  for (const row of rows) insert.run({ id: randomUUID(), status: 'new', subject: 'Hello', ...row });
  db.close();
}

async function openInquiries(page: Page) {
  const admin = server.createUser({ role: 'admin' });
  await signInThroughPage(page, server, admin.email);
  await page.goto(`${server.url}/admin/inquiries`);
  await expect(page.getByRole('heading', { name: 'Inquiries', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^Inquiries \| /);
}

/** Where the screenshots go, to be looked at (not compared). */
const SHOTS = path.resolve(import.meta.dirname, '../../.cache/inquiry-screens');

// A tag of this file's run, so each test finds its own rows through the search box.
const tag = Date.now().toString(36);

test('status changes at once, with the toast; the current status is disabled; delete asks first', async ({
  page,
}) => {
  addInquiries([
    {
      client_name: `Chikondi Banda ${tag}`,
      email: 'chikondi@example.mw',
      phone: '+265 991 234 567',
      project_type: 'residential',
      budget: '100k-250k',
      message: 'A family house by the lake.',
      created_at: '2026-11-20T08:00:00.000Z',
    },
  ]);
  await openInquiries(page);
  await page.getByRole('searchbox', { name: 'Search inquiries' }).fill(`Chikondi Banda ${tag}`);
  const table = page.getByRole('table');
  const row = table.getByRole('row').filter({ hasText: `Chikondi Banda ${tag}` });
  await expect(row).toContainText('chikondi@example.mw');
  await expect(row).toContainText('+265 991 234 567');
  await expect(row).toContainText('Residential');
  await expect(row).toContainText('$100,000 - $250,000');
  await expect(row).toContainText('Nov 20, 2026');
  await expect(row).toContainText('New');
  await expectAccessible(page);

  await row.getByRole('button', { name: `Actions for Chikondi Banda ${tag}` }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Mark as New' })).toHaveAttribute('aria-disabled', 'true');
  await expect(menu.getByRole('menuitem', { name: 'Reply via Email' })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Mark as In Progress' }).click();
  await expectToast(page, 'Status Updated', 'Inquiry status has been updated to In Progress');
  await expect(row).toContainText('In Progress');

  // The status filter: In Progress shows it, New does not.
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'New' }).click();
  await expect(table.getByText(`Chikondi Banda ${tag}`)).toHaveCount(0);
  await expect(page.getByText('No inquiries found.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'In Progress' }).click();
  await expect(row).toBeVisible();
  // Kept by the server: after a reload the filter (in the URL) and the status are still there.
  await page.reload();
  await expect(page.getByRole('table').getByText(`Chikondi Banda ${tag}`)).toBeVisible();

  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this inquiry?' });
  await expect(confirm).toContainText('This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Inquiry deleted');
  await expect(row).toHaveCount(0);
});

test('Reply via Email is a mailto: link to the inquirer, the subject prefilled with theirs', async ({
  page,
}) => {
  addInquiries([
    {
      client_name: `Thoko Phiri ${tag}`,
      email: 'thoko.phiri@example.mw',
      phone: '',
      subject: 'Lakeside house & studio?',
      project_type: 'residential',
      budget: null,
      message: 'A house with a studio by the lake.',
      created_at: '2026-11-21T08:00:00.000Z',
    },
  ]);
  await openInquiries(page);
  await page.getByRole('searchbox', { name: 'Search inquiries' }).fill(`Thoko Phiri ${tag}`);
  const row = page
    .getByRole('table')
    .getByRole('row')
    .filter({ hasText: `Thoko Phiri ${tag}` });
  await row.getByRole('button', { name: `Actions for Thoko Phiri ${tag}` }).click();
  const reply = page.getByRole('menu').getByRole('menuitem', { name: 'Reply via Email' });
  await expect(reply).toHaveAttribute(
    'href',
    `mailto:thoko.phiri@example.mw?subject=Re%3A%20Lakeside%20house%20%26%20studio%3F&body=${encodeURIComponent(
      `\n\nThoko Phiri ${tag} wrote:\n> A house with a studio by the lake.\n`,
    )}`,
  );
  // Choosing it hands the address to the mail program; the admin stays where it was.
  await reply.click();
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/inquiries/);
  await expect(page.getByRole('heading', { name: 'Inquiries', level: 1 })).toBeVisible();
});

test('Export to CSV downloads the filtered list: BOM, RFC 4180 quoting, a formula cell neutralised', async ({
  page,
}) => {
  const who = `Export ${tag}`;
  addInquiries([
    {
      client_name: `${who} Mwale, "Studio"`,
      email: 'mwale@example.mw',
      phone: '+265 888 000 111',
      project_type: 'commercial',
      budget: null,
      message: '=HYPERLINK("http://evil.example","click")',
      created_at: '2026-11-02T10:00:00.000Z',
    },
    {
      client_name: `${who} Phiri`,
      email: 'phiri@example.mw',
      phone: '+265 999 111 222',
      project_type: 'interior',
      budget: 'under-50k',
      message: 'Two lines:\nkitchen and bath',
      status: 'closed',
      created_at: '2026-11-03T10:00:00.000Z',
    },
    {
      client_name: 'Someone Else',
      email: 'else@example.mw',
      phone: '+265 999 333 444',
      project_type: 'urban',
      budget: 'over-1m',
      message: 'Not in the export: the search leaves it out.',
      created_at: '2026-11-04T10:00:00.000Z',
    },
  ]);
  await openInquiries(page);
  await page.getByRole('searchbox', { name: 'Search inquiries' }).fill(who);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`inquiries-export-${new Date().toISOString().slice(0, 10)}.csv`);
  const bytes = fs.readFileSync(await file.path());
  // Newest first; the phone numbers start with "+", so they are neutralised like the formula.
  const expected = [
    'Name,Email,Phone,Subject,Project Type,Budget,Message,Status,Date',
    `${who} Phiri,phiri@example.mw,'+265 999 111 222,Hello,Interior Design,"Under $50,000","Two lines:\nkitchen and bath",Closed,"Nov 3, 2026"`,
    `"${who} Mwale, ""Studio""",mwale@example.mw,'+265 888 000 111,Hello,Commercial,Not specified,"'=HYPERLINK(""http://evil.example"",""click"")",New,"Nov 2, 2026"`,
  ];
  expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  expect(bytes.toString('utf8')).toBe(`\uFEFF${expected.join('\r\n')}\r\n`);
});

/** An inquiry sent the way the website's contact form sends it. */
async function sendInquiry(name: string) {
  const res = await fetch(`${server.url}/api/inquiries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: name,
      email: 'live@example.mw',
      phone: '+265 991 000 000',
      subject: 'A new studio',
      project_type: 'commercial',
      budget: '50k-100k',
      message: 'We would like a new studio building.',
    }),
  });
  expect(res.status).toBe(201);
}

test('a new inquiry sent from the website appears without a reload', async ({ page }) => {
  const connected = page.waitForResponse((r) => r.url().endsWith('/api/events'));
  await openInquiries(page);
  await connected;
  const name = `Live Visitor ${tag}`;
  await sendInquiry(name);
  await expect(page.getByRole('table').getByText(name)).toBeVisible({ timeout: 15_000 });
});

test('an inquiry that arrives before the event stream connects shows once it does', async ({ page }) => {
  // The stream is held until the inquiry is in: no event will ever tell the page about it.
  let sent: () => void = () => {};
  const inquirySent = new Promise<void>((resolve) => {
    sent = resolve;
  });
  await page.route('**/api/events', async (route) => {
    await inquirySent;
    await route.continue();
  });
  await openInquiries(page);
  const name = `Early Visitor ${tag}`;
  await sendInquiry(name);
  await expect(page.getByRole('table').getByText(name)).toHaveCount(0);
  sent();
  await expect(page.getByRole('table').getByText(name)).toBeVisible({ timeout: 15_000 });
});

test('an inquiry opens from the list: every field, the message with its line breaks, status, reply, delete', async ({
  page,
}) => {
  addInquiries([
    {
      client_name: `Mphatso Gondwe ${tag}`,
      email: 'mphatso.gondwe@example.mw',
      phone: '+265 999 123 456',
      subject: 'A clinic extension in Mzuzu',
      project_type: 'commercial',
      budget: '250k-500k',
      message:
        'We run a small clinic.\nWe need four more rooms and a covered waiting area.\n\nCan you visit next month?',
      created_at: '2026-11-22T09:30:00.000Z',
    },
  ]);
  await openInquiries(page);
  await page.getByRole('searchbox', { name: 'Search inquiries' }).fill(`Mphatso Gondwe ${tag}`);
  // The name is a link: reached by the keyboard, opened with Enter.
  const open = page.getByRole('table').getByRole('link', { name: `Mphatso Gondwe ${tag}` });
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/inquiries\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `Mphatso Gondwe ${tag}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'A clinic extension in Mzuzu', level: 2 })).toBeVisible();
  const message = page.getByText('We run a small clinic.');
  await expect(message).toHaveText(
    'We run a small clinic.\nWe need four more rooms and a covered waiting area.\n\nCan you visit next month?',
  );
  await expect(message).toHaveCSS('white-space', 'pre-wrap');
  for (const text of ['mphatso.gondwe@example.mw', '+265 999 123 456', 'Commercial', '$250,000 - $500,000'])
    await expect(page.getByRole('main')).toContainText(text);
  await expect(page.getByRole('main')).toContainText('Nov 22, 2026');
  await expect(page.getByRole('link', { name: 'Reply' })).toHaveAttribute(
    'href',
    /^mailto:mphatso\.gondwe@example\.mw\?subject=Re%3A%20A%20clinic%20extension%20in%20Mzuzu&body=.*%3E%20We%20run%20a%20small%20clinic\./,
  );
  await expect(page.getByRole('button', { name: 'Copy e-mail' })).toBeVisible();
  await expectAccessible(page);

  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: path.join(SHOTS, `inquiry-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('combobox', { name: 'Change status' }).click();
  await page.getByRole('option', { name: 'In Progress' }).click();
  await expectToast(page, 'Status Updated', 'Inquiry status has been updated to In Progress');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Change status' })).toHaveText('In Progress');

  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this inquiry?' });
  await expect(confirm).toContainText(`the inquiry from Mphatso Gondwe ${tag}`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Inquiry deleted');
  await expect(page).toHaveURL(/\/admin\/inquiries$/);
});

test('staff add and delete internal notes on an inquiry, and its status history names who changed what', async ({
  page,
}) => {
  addInquiries([
    {
      client_name: `Notes Client ${tag}`,
      email: 'notes.client@example.mw',
      phone: '+265 999 555 000',
      project_type: 'residential',
      budget: null,
      message: 'A small house.',
      created_at: '2026-11-23T09:30:00.000Z',
    },
  ]);
  await openInquiries(page);
  await page.getByRole('searchbox', { name: 'Search inquiries' }).fill(`Notes Client ${tag}`);
  await page
    .getByRole('table')
    .getByRole('link', { name: `Notes Client ${tag}` })
    .click();
  await expect(page.getByRole('heading', { name: 'Internal notes', level: 2 })).toBeVisible();
  await expect(page.getByText('No status changes yet')).toBeVisible();

  await page.getByRole('textbox', { name: 'New note' }).fill('Called back: site visit on Friday.');
  await page.getByRole('button', { name: 'Add note' }).click();
  const notes = page.getByRole('list', { name: 'Notes' });
  await expect(notes.getByRole('listitem')).toHaveCount(1);
  await expect(notes).toContainText('Called back: site visit on Friday.');
  await expect(page.getByRole('textbox', { name: 'New note' })).toHaveValue('');

  await page.getByRole('combobox', { name: 'Change status' }).click();
  await page.getByRole('option', { name: 'In Progress' }).click();
  const history = page.getByRole('list', { name: 'Status history' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history).toContainText('New→In Progress');

  await page.reload();
  await expect(notes).toContainText('Called back: site visit on Friday.');
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expectAccessible(page);
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: path.join(SHOTS, `inquiry-notes-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await notes.getByRole('button', { name: 'Delete the note “Called back: site visit on Friday.”' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this note?' });
  await expect(confirm).toContainText('“Called back: site visit on Friday.”');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Note deleted');
  await expect(notes).toHaveCount(0);
});

test('"E-mail me when an inquiry arrives" is on the profile of those who read inquiries, and kept', async ({
  page,
}) => {
  const editor = server.createUser({ role: 'editor' });
  await signInThroughPage(page, server, editor.email);
  await page.goto(`${server.url}/profile`);
  const profile = page.getByRole('form', { name: 'Profile Information' });
  const toggle = profile.getByLabel('E-mail me when an inquiry arrives');
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Profile Updated');
  await page.reload();
  await expect(page.getByLabel('E-mail me when an inquiry arrives')).toBeChecked();
  await expectAccessible(page);
});

test('a contributor, who may not read inquiries, has no such switch', async ({ page }) => {
  const contributor = server.createUser({ role: 'contributor' });
  await signInThroughPage(page, server, contributor.email);
  await page.goto(`${server.url}/profile`);
  await expect(page.getByRole('form', { name: 'Profile Information' })).toBeVisible();
  await expect(page.getByLabel('E-mail me when an inquiry arrives')).toHaveCount(0);
});
