import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import {
  accountServerForThisFile,
  expectToast,
  PASSWORD,
  signInThroughPage,
  uniqueEmail,
} from './accounts-support';
import { SIDEBAR } from './admin-content-support';
import { expectAccessible } from './support';

const server = accountServerForThisFile();
/** Where the screenshots go, to be looked at (not compared). */
const SHOTS = path.resolve(import.meta.dirname, '../../.cache/people-screens');

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

let owner: { email: string; password: string } | undefined;
/** The studio's one owner (made once per server), signed in, on the People screen. */
async function openPeople(page: Page) {
  owner ??= server.createUser({ role: 'owner', firstName: 'Tiwonge', lastName: 'Mhango' });
  await signInThroughPage(page, server, owner.email);
  await page.goto(`${server.url}/admin/users`);
  await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
  return owner;
}

async function invite(page: Page, email: string, role: 'Editor' | 'Contributor' | 'Administrator') {
  await page.getByRole('button', { name: 'Invite people' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite people' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('radio', { name: new RegExp(`^${role}`) }).click();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Invitation sent', email);
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Invited');
}

/** Opens the mailed link in a browser of its own (no session), accepts as a new person, lands in the admin. */
async function acceptAsNewPerson(page: Page, email: string, firstName: string) {
  const mail = await server.smtp.waitFor(email, /invited/);
  expect(mail.link).toMatch(/\/admin\/invite\?token=/);
  await page.goto(mail.link!);
  const form = page.getByRole('form', { name: 'Accept the invitation' });
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await form.getByLabel('First name').fill(firstName);
  await form.getByLabel('Last name').fill('Banda');
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Accept and join' }).click();
  await expect(page).toHaveURL(`${server.url}/admin/dashboard`);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Admin' });

test('the owner invites an editor and a contributor; each accepts by the mailed link and sees their own sidebar', async ({
  page,
  browser,
}) => {
  await openPeople(page);
  const editor = uniqueEmail('editor');
  const contributor = uniqueEmail('contributor');
  await page.getByRole('button', { name: 'Invite people' }).click();
  await expect(page.getByRole('dialog', { name: 'Invite people' })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'invite-dialog');
  await page.keyboard.press('Escape');
  await invite(page, editor, 'Editor');
  await invite(page, contributor, 'Contributor');
  await expectAccessible(page);
  await shoot(page, 'people');

  const editorPage = await (await browser.newContext()).newPage();
  await acceptAsNewPerson(editorPage, editor, 'Chimwemwe');
  await expect(sidebar(editorPage).getByRole('link')).toHaveText(SIDEBAR.editor);

  const contributorPage = await (await browser.newContext()).newPage();
  await acceptAsNewPerson(contributorPage, contributor, 'Kondwani');
  await expect(sidebar(contributorPage).getByRole('link')).toHaveText(SIDEBAR.contributor);
  await contributorPage.goto(`${server.url}/admin/users`);
  await expect(contributorPage.getByText("You don't have access to this page")).toBeVisible();

  // The owner's list shows them active now.
  await page.reload();
  for (const [email, role] of [
    [editor, 'Editor'],
    [contributor, 'Contributor'],
  ] as const) {
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Active');
    await expect(row).toContainText(role);
  }
});

test('the invitation page: a new person, an existing account, a dead link', async ({ page, browser }) => {
  await openPeople(page);
  const email = uniqueEmail('newcomer');
  await invite(page, email, 'Editor');
  const mail = await server.smtp.waitFor(email, /invited/);

  const guest = await (await browser.newContext()).newPage();
  await guest.goto(mail.link!);
  await expect(guest.getByRole('heading', { name: /^Join / })).toBeVisible();
  await expect(guest.getByText(/You're invited as an editor/)).toBeVisible();
  const form = guest.getByRole('form', { name: 'Accept the invitation' });
  await form.getByRole('button', { name: 'Accept and join' }).click();
  await expect(form.getByRole('alert')).toContainText('Please enter your first name');
  await expectAccessible(guest);
  await shoot(guest, 'invitation');

  // An address with an account signs in with its own password to accept.
  const visitor = server.createUser({ role: 'user' });
  await invite(page, visitor.email, 'Contributor');
  const visitorMail = await server.smtp.waitFor(visitor.email, /invited/);
  const member = await (await browser.newContext()).newPage();
  await member.goto(visitorMail.link!);
  const signInForm = member.getByRole('form', { name: 'Sign in to accept' });
  await expect(signInForm.getByText('This address already has an account')).toBeVisible();
  await expect(signInForm.getByLabel('First name')).toHaveCount(0);
  await signInForm.getByLabel('Password').fill('Wrong#Password1');
  await signInForm.getByRole('button', { name: 'Sign in to accept' }).click();
  await expect(signInForm.getByRole('alert')).toHaveText(/Invalid login credentials/);
  await expectAccessible(member);
  await shoot(member, 'invitation-existing');
  await signInForm.getByLabel('Password').fill(visitor.password);
  await signInForm.getByRole('button', { name: 'Sign in to accept' }).click();
  await expect(member).toHaveURL(`${server.url}/admin/dashboard`);

  // Used once: the same link now says so.
  await member.goto(visitorMail.link!);
  await expect(member.getByRole('alert')).toContainText('This invitation is invalid or has expired.');
});

test('a change to an administrator asks for the password again after ten minutes, then goes through', async ({
  page,
}) => {
  const { email: ownerEmail } = await openPeople(page);
  const editor = server.createUser({ role: 'editor', firstName: 'Alinafe', lastName: 'Gondwe' });
  await page.reload();
  // Ten minutes on since the owner typed their password.
  const db = new Database(path.join(server.dataDir, 'atelier.db'));
  db.prepare(
    'UPDATE sessions SET password_at = ? WHERE user_id = (SELECT id FROM users WHERE email = ?)',
  ).run(new Date(Date.now() - 11 * 60_000).toISOString(), ownerEmail);
  db.close();

  await page.getByRole('button', { name: 'Actions for Alinafe Gondwe' }).click();
  await page.getByRole('menuitem', { name: 'Change role…' }).click();
  const dialog = page.getByRole('dialog', { name: "Change Alinafe Gondwe's role" });
  await dialog.getByRole('radio', { name: /^Administrator/ }).click();
  await dialog.getByRole('button', { name: 'Change role' }).click();
  const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'reauth-dialog');
  await confirm.getByLabel('Your password', { exact: true }).fill('Wrong#Password1');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm.getByRole('alert')).toHaveText('Current password is incorrect');
  await confirm.getByLabel('Your password', { exact: true }).fill(PASSWORD);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expectToast(page, 'Role changed', 'Alinafe Gondwe is now an administrator.');
  await expect(page.getByRole('row').filter({ hasText: editor.email })).toContainText('Administrator');

  // Deleting asks who receives their content: nobody ("Former staff") unless chosen.
  await page.getByRole('button', { name: 'Actions for Alinafe Gondwe' }).click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  const remove = page.getByRole('alertdialog', { name: 'Delete Alinafe Gondwe?' });
  await expect(remove.getByRole('combobox', { name: 'Give their content to' })).toHaveText(
    'Nobody (shown as Former staff)',
  );
  await shoot(page, 'delete-dialog');
  await remove.getByRole('button', { name: 'Cancel' }).click();

  // The owner's own row is out of reach, and says why.
  await page.getByRole('button', { name: 'Actions for Tiwonge Mhango' }).first().click();
  await expect(page.getByRole('menu')).toContainText("The owner's role cannot be changed");
  await expect(page.getByRole('menuitem', { name: 'Delete…' })).toHaveAttribute('aria-disabled', 'true');
});
