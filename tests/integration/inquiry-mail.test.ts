import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient, countRows } from '../support/admin';
import { bearer } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';
import { startSmtp, type TestSmtp } from '../support/smtp';

const CONTACT = 'studio.inbox@example.mw';
let smtp: TestSmtp;
let server: TestServer;
let watcher: AdminClient;
let quiet: AdminClient;
let contributor: AdminClient;

const turnOn = (client: AdminClient) =>
  fetch(`${server.url}/auth/v1/user`, {
    method: 'PUT',
    headers: { ...bearer(client.token), 'content-type': 'application/json' },
    body: JSON.stringify({ notify_inquiries: true }),
  });

const fields = (name: string, subject: string) => ({
  client_name: name,
  email: 'client@example.mw',
  phone: '+265 991 234 567',
  subject,
  project_type: 'residential',
  budget: '100k-250k',
  message: 'A family house by the lake.\nThree bedrooms, a deep veranda.',
});

const mailsTo = (email: string, subject: RegExp) =>
  smtp.messages.filter((m) => m.to.includes(email) && subject.test(m.subject));

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({
    content: 'empty',
    env: { PASSWORD_HASH: 'fast', BENCH: 'true', SMTP_URL: smtp.url },
  });
  const set = await server.db.run('UPDATE site_settings SET contact_email = ?', CONTACT);
  expect(set.changes).toBe(1);
  watcher = await adminClient(server, 'editor');
  quiet = await adminClient(server, 'editor');
  contributor = await adminClient(server, 'contributor');
  const on = await turnOn(watcher);
  expect(on.status).toBe(200);
  expect(((await on.json()) as any).profile.notify_inquiries).toBe(true);
  // A contributor may not read inquiries: asking for the mail changes nothing.
  expect((await turnOn(contributor)).status).toBe(200);
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
});

describe('the mail of a new inquiry', () => {
  it('goes to the contact address and the editor who asked, with the whole inquiry and its link', async () => {
    const res = await server.post('/api/inquiries', fields('Chikondi Banda', 'Lakeside house'));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };

    for (const to of [CONTACT, watcher.user.email]) {
      const mail = await smtp.waitFor(to, /Lakeside house/);
      expect(mail.subject).toBe('New inquiry: Lakeside house');
      for (const line of [
        'Name: Chikondi Banda',
        'E-mail: client@example.mw',
        'Phone: +265 991 234 567',
        'Subject: Lakeside house',
        'Project type: Residential',
        'Budget: $100,000 - $250,000',
        'A family house by the lake.\nThree bedrooms, a deep veranda.',
      ])
        expect(mail.text.replace(/\r\n/g, '\n')).toContain(line);
      expect(mail.link).toBe(`${server.running.deps.env.publicUrl}/admin/inquiries/${id}`);
    }
    await server.running.deps.mail.flush();
    expect(mailsTo(quiet.user.email, /Lakeside house/)).toEqual([]);
    expect(mailsTo(contributor.user.email, /Lakeside house/)).toEqual([]);
    expect(mailsTo(CONTACT, /Lakeside house/)).toHaveLength(1);
  });

  it('goes for the form without JavaScript too', async () => {
    const res = await server.get('/contact', {
      method: 'POST',
      body: new URLSearchParams(fields('Thoko Phiri', 'A studio in Zomba')),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    const mail = await smtp.waitFor(CONTACT, /A studio in Zomba/);
    expect(mail.text).toContain('Name: Thoko Phiri');
    await smtp.waitFor(watcher.user.email, /A studio in Zomba/);
  });

  it('never costs the inquiry: refused by the SMTP server, it stays in the outbox and goes once accepted', async () => {
    smtp.failNext(2);
    const res = await server.post('/api/inquiries', fields('Mphatso Gondwe', 'Clinic extension'));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(await countRows(server, 'inquiries', 'id = ?', id)).toBe(1);
    await server.running.deps.mail.flush();
    const waiting = "kind = 'inquiry' AND sent_at IS NULL AND attempts = 1 AND last_error IS NOT NULL";
    expect(await countRows(server, 'mail_outbox', waiting)).toBe(2);
    expect(mailsTo(CONTACT, /Clinic extension/)).toEqual([]);

    // The retry is due (the backoff, brought forward).
    await server.db.run(
      "UPDATE mail_outbox SET next_attempt_at = ? WHERE kind = 'inquiry' AND sent_at IS NULL",
      new Date(0).toISOString(),
    );
    await server.running.deps.mail.flush();
    await smtp.waitFor(CONTACT, /Clinic extension/);
    await smtp.waitFor(watcher.user.email, /Clinic extension/);
    expect(await countRows(server, 'mail_outbox', "kind = 'inquiry' AND sent_at IS NULL")).toBe(0);
    expect(mailsTo(CONTACT, /Clinic extension/)).toHaveLength(1);
  });
});
