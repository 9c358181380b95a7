import { ADMIN_MESSAGES, MESSAGES } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient, countRows, startAdminServer } from '../support/admin';
import { readEventStream } from '../support/events';
import type { TestServer } from '../support/server';

let server: TestServer;
let admin: AdminClient;
beforeAll(async () => {
  ({ server, admin } = await startAdminServer());
});
afterAll(() => server.stop());

async function inquiry(values: Partial<Record<string, string | null>>) {
  const row = {
    id: crypto.randomUUID(),
    client_name: 'Thoko Mwale',
    email: 'thoko@example.mw',
    phone: '+265 999 111 222',
    subject: 'A house',
    project_type: 'residential',
    budget: 'under-50k',
    message: 'Hello',
    status: 'new',
    created_at: '2026-03-05T10:00:00.000Z',
    ...values,
  };
  await server.db.run(
    `INSERT INTO inquiries (id, client_name, email, phone, subject, project_type, budget, message, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ...[
      row.id,
      row.client_name,
      row.email,
      row.phone,
      row.subject,
      row.project_type,
      row.budget,
      row.message,
    ],
    ...[row.status, row.created_at, row.created_at],
  );
  return row.id;
}

describe('admin inquiries', () => {
  it('changes the status (any to any) and sets updated_at', async () => {
    const id = await inquiry({ client_name: 'Status Person' });
    const progress = await admin.patch(`/api/admin/inquiries/${id}/status`, { status: 'in_progress' });
    expect(progress.status).toBe(200);
    expect(progress.body.status).toBe('in_progress');
    expect(progress.body.updated_at > '2026-03-05T10:00:00.000Z').toBe(true);
    expect((await admin.patch(`/api/admin/inquiries/${id}/status`, { status: 'new' })).body.status).toBe(
      'new',
    );

    const bad = await admin.patch(`/api/admin/inquiries/${id}/status`, { status: 'archived' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(ADMIN_MESSAGES.statusRequired);
    const missing = await admin.patch('/api/admin/inquiries/unknown/status', { status: 'closed' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(MESSAGES.inquiryNotFound);
    const audit = (await server.db.all(
      'SELECT action FROM audit_log WHERE entity_id = ? ORDER BY rowid',
      id,
    )) as { action: string }[];
    expect(audit.map((a) => a.action)).toEqual(['status', 'status']);
  });

  it('searches by name, e-mail or project type and filters by status', async () => {
    await inquiry({
      client_name: 'Searchable Kamwendo',
      email: 'kam@studio.mw',
      project_type: 'landscape',
      status: 'closed',
    });
    expect((await admin.get('/api/admin/inquiries?q=kamwendo')).body.total).toBe(1);
    expect((await admin.get('/api/admin/inquiries?q=studio.mw')).body.total).toBe(1);
    expect((await admin.get('/api/admin/inquiries?q=landscape&status=closed')).body.total).toBe(1);
    expect((await admin.get('/api/admin/inquiries?q=landscape&status=new')).body.total).toBe(0);
    await inquiry({ client_name: 'Label Search', project_type: 'urban' });
    const byLabel = await admin.get('/api/admin/inquiries?q=urban%20planning');
    expect(byLabel.body.items.map((i: any) => i.client_name)).toEqual(['Label Search']);
  });

  it('deletes an inquiry, and a deleted last row of a page moves the list back a page', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 11; i++)
      ids.push(
        await inquiry({
          client_name: `Pager ${i}`,
          created_at: `2026-01-${String(i + 1).padStart(2, '0')}T08:00:00.000Z`,
        }),
      );
    const page2 = await admin.get('/api/admin/inquiries?q=pager&page=2');
    expect(page2.body.items).toHaveLength(1);
    expect((await admin.del(`/api/admin/inquiries/${page2.body.items[0].id}`)).status).toBe(204);
    const after = await admin.get('/api/admin/inquiries?q=pager&page=2');
    expect(after.body).toMatchObject({ page: 1, total: 10 });
    expect(await countRows(server, 'inquiries', 'id = ?', ids[0])).toBe(0);
    expect((await admin.del(`/api/admin/inquiries/${ids[0]}`)).status).toBe(404);
  });

  it('exports the filtered list as CSV: BOM, RFC 4180 quoting, formula cells neutralised, exact bytes', async () => {
    await inquiry({
      client_name: 'Csv "The Client", Jr',
      email: 'csv@example.mw',
      phone: '+265 888 000 111',
      project_type: 'interior',
      budget: null,
      message: 'Line one\nLine two',
      status: 'in_progress',
      created_at: '2026-02-01T09:00:00.000Z',
    });
    await inquiry({
      client_name: '=HYPERLINK("http://evil.test")',
      email: 'csv2@example.mw',
      phone: '-1',
      project_type: 'other',
      budget: '100k-250k',
      message: '@SUM(A1)',
      created_at: '2026-02-02T09:00:00.000Z',
    });
    await inquiry({ client_name: 'Not exported', email: 'other@example.mw' });

    const res = await fetch(`${server.url}/api/admin/inquiries/export.csv?q=csv`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="inquiries-export-${today}.csv"`,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toBe(
      '\uFEFFName,Email,Phone,Subject,Project Type,Budget,Message,Status,Date\r\n' +
        `"'=HYPERLINK(""http://evil.test"")",csv2@example.mw,'-1,A house,Other,"$100,000 - $250,000",'@SUM(A1),New,"Feb 2, 2026"\r\n` +
        `"Csv ""The Client"", Jr",csv@example.mw,'+265 888 000 111,A house,Interior Design,Not specified,"Line one\nLine two",In Progress,"Feb 1, 2026"\r\n`,
    );

    const closed = await fetch(`${server.url}/api/admin/inquiries/export.csv?q=csv&status=closed`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(Buffer.from(await closed.arrayBuffer()).toString('utf8')).toBe(
      '\uFEFFName,Email,Phone,Subject,Project Type,Budget,Message,Status,Date\r\n',
    );
  });
});

describe('new inquiry events', () => {
  const readStream = (token: string | null, until: (text: string) => boolean, onReady: () => Promise<void>) =>
    readEventStream(server.url, token, until, onReady);

  const postInquiry = (name: string) =>
    fetch(`${server.url}/api/inquiries`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_name: name,
        email: 'events@example.mw',
        phone: '0999 000 111',
        subject: 'A library',
        project_type: 'commercial',
        budget: '100k-250k',
        message: 'We would like to talk about a library.',
      }),
    }).then((res) => expect(res.status).toBe(201));

  it("tells an admin's stream about a new inquiry, and never the public stream", async () => {
    const adminText = await readStream(
      admin.token,
      (t) => t.includes('event: inquiry'),
      () => postInquiry('Stream Admin Person'),
    );
    expect(adminText).toMatch(
      /event: inquiry\ndata: \{"id":"[^"]+","name":"Stream Admin Person","project_type":"commercial"\}/,
    );

    const publicText = await readStream(
      null,
      () => false,
      () => postInquiry('Stream Public Person'),
    );
    expect(publicText).toContain('event: ready');
    expect(publicText).not.toContain('Stream Public Person');
    expect(publicText).not.toContain('event: inquiry');
  });

  it('refuses a stream with a token that is not valid', async () => {
    const res = await fetch(`${server.url}/api/events`, { headers: { Authorization: 'Bearer not-a-token' } });
    expect(res.status).toBe(401);
  });
});

describe("an inquiry's status history and internal notes", () => {
  it('records every status change with from, to, who and when, and nothing for a change to the same status', async () => {
    const id = await inquiry({ client_name: 'History Person' });
    await server.db.run(
      'UPDATE profiles SET first_name = ?, last_name = ? WHERE id = ?',
      'Ada',
      'Phiri',
      admin.user.id,
    );
    const editor = await adminClient(server, 'editor');
    expect((await admin.patch(`/api/admin/inquiries/${id}/status`, { status: 'in_progress' })).status).toBe(
      200,
    );
    expect((await editor.patch(`/api/admin/inquiries/${id}/status`, { status: 'in_progress' })).status).toBe(
      200,
    );
    expect((await editor.patch(`/api/admin/inquiries/${id}/status`, { status: 'closed' })).status).toBe(200);

    const log = await admin.get(`/api/admin/inquiries/${id}/log`);
    expect(log.status).toBe(200);
    expect(log.body.notes).toEqual([]);
    expect(log.body.status_changes.map((c: any) => [c.from, c.to, c.by?.name])).toEqual([
      ['new', 'in_progress', 'Ada Phiri'],
      ['in_progress', 'closed', editor.user.email],
    ]);
    expect(log.body.status_changes[1].at >= log.body.status_changes[0].at).toBe(true);
    expect((await admin.get('/api/admin/inquiries/unknown/log')).status).toBe(404);
  });

  it('adds notes with their author and time; an author deletes their own, an admin any, an editor not others', async () => {
    const id = await inquiry({ client_name: 'Notes Person' });
    const editor = await adminClient(server, 'editor');
    const other = await adminClient(server, 'editor');
    const contributor = await adminClient(server, 'contributor');

    const blank = await editor.post(`/api/admin/inquiries/${id}/notes`, { body: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.issues[0].message).toBe(ADMIN_MESSAGES.inquiryNoteRequired);
    expect((await contributor.post(`/api/admin/inquiries/${id}/notes`, { body: 'Mine?' })).status).toBe(403);
    expect((await editor.post('/api/admin/inquiries/unknown/notes', { body: 'Lost' })).status).toBe(404);

    const first = await editor.post(`/api/admin/inquiries/${id}/notes`, {
      body: 'Called them, visit on Friday.',
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      body: 'Called them, visit on Friday.',
      author: { id: editor.user.id, name: editor.user.email },
    });
    const second = await admin.post(`/api/admin/inquiries/${id}/notes`, { body: 'Budget confirmed.' });
    const log = await other.get(`/api/admin/inquiries/${id}/log`);
    expect(log.body.notes.map((n: any) => n.body)).toEqual([
      'Called them, visit on Friday.',
      'Budget confirmed.',
    ]);

    const refused = await other.del(`/api/admin/inquiries/${id}/notes/${first.body.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(ADMIN_MESSAGES.inquiryNoteNotYours);
    expect((await editor.del(`/api/admin/inquiries/${id}/notes/${second.body.id}`)).status).toBe(403);
    expect((await editor.del(`/api/admin/inquiries/${id}/notes/${first.body.id}`)).status).toBe(204);
    expect((await editor.del(`/api/admin/inquiries/${id}/notes/${first.body.id}`)).status).toBe(404);
    expect((await admin.del(`/api/admin/inquiries/${id}/notes/${second.body.id}`)).status).toBe(204);
    expect(await countRows(server, 'inquiry_notes', 'inquiry_id = ?', id)).toBe(0);
    const audit = (await server.db.all(
      "SELECT action FROM audit_log WHERE entity_id = ? AND action IN ('note', 'unnote') ORDER BY rowid",
      id,
    )) as { action: string }[];
    expect(audit.map((a) => a.action)).toEqual(['note', 'note', 'unnote', 'unnote']);

    await admin.post(`/api/admin/inquiries/${id}/notes`, { body: 'Goes with the inquiry.' });
    expect((await admin.del(`/api/admin/inquiries/${id}`)).status).toBe(204);
    expect(await countRows(server, 'inquiry_notes', 'inquiry_id = ?', id)).toBe(0);
  });
});
