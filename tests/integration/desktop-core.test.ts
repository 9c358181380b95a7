/**
 * The desktop core (desktop/src/main/desktop-core.ts: what main exposes over IPC) against the real
 * server: sign-in through the handlers, granted paths only, the CSV download to disk, and the
 * notifications for a new inquiry and for a draft submitted for review, each opening it when clicked.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDesktopCore, type DesktopCore } from '../../desktop/src/main/desktop-core';
import { adminClient } from '../support/admin';
import { createUser } from '../support/auth';
import { testCipher } from '../support/desktop';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ content: 'empty', env: { PASSWORD_HASH: 'fast', BENCH: 'true' } });
});
afterAll(() => server.stop());

/**
 * The server's fetch, except that /api/events also carries a new inquiry: the server does not publish
 * `inquiry` events yet (only `settings`), and this checks what the app does with one.
 */
function fetchWithInquiryEvent(inquiry: Record<string, string>): typeof fetch {
  return async (input, init) => {
    const url = String(input);
    if (!url.endsWith('/api/events')) return fetch(input, init);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`event: inquiry\ndata: ${JSON.stringify(inquiry)}\n\n`));
        init?.signal?.addEventListener('abort', () => controller.close());
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };
}

async function core(options: { fetch?: typeof fetch; savePath?: string } = {}) {
  const userDataDir = fs.mkdtempSync(path.join(server.dataDir, 'desktop-'));
  const notifications: { title: string; body: string; click: () => void }[] = [];
  const events: [string, unknown][] = [];
  const instance: DesktopCore = await createDesktopCore({
    userDataDir,
    version: '0.1.0',
    platform: 'linux',
    cipher: testCipher,
    serverUrlOverride: server.url,
    fetch: options.fetch,
    pickPaths: async () => [],
    savePath: async () => options.savePath ?? null,
    openExternal: async () => {},
    notify: (title, body, click) => notifications.push({ title, body, click }),
    emit: (event, value) => events.push([event, value]),
  });
  return { instance, notifications, events, userDataDir };
}

describe('desktop core', () => {
  it('notifies an admin of a new inquiry, and opens it when the notification is clicked', async () => {
    const admin = await createUser(server, { role: 'admin' });
    const { instance, notifications, events } = await core({
      fetch: fetchWithInquiryEvent({ id: 'inq-42', name: 'Chikondi Banda', project_type: 'Residential' }),
    });
    try {
      const signedIn = await instance.handlers['session:sign-in']({
        email: admin.email,
        password: admin.password,
      });
      expect(signedIn).toMatchObject({ ok: true, value: { user: { email: admin.email } } });
      await expect.poll(() => notifications.length).toBeGreaterThan(0);
      expect(notifications[0]).toMatchObject({ title: 'New inquiry', body: 'Chikondi Banda · Residential' });
      notifications[0]!.click();
      expect(events).toContainEqual(['navigate', '/admin/inquiries?id=inq-42']);
      expect(events).toContainEqual([
        'server:event',
        { type: 'inquiry', data: expect.objectContaining({ id: 'inq-42' }) },
      ]);
    } finally {
      await instance.stop();
    }
  });

  it("notifies an editor of a draft submitted for review and opens its form; a contributor's app stays quiet", async () => {
    const editor = await createUser(server, { role: 'editor' });
    const watcher = await createUser(server, { role: 'contributor' });
    const author = await adminClient(server, 'contributor');
    const apps = [await core(), await core()];
    try {
      for (const [app, person] of [
        [apps[0]!, editor],
        [apps[1]!, watcher],
      ] as const)
        await app.instance.handlers['session:sign-in']({ email: person.email, password: person.password });
      // Both streams connected (each gets `ready` first), then the draft is submitted.
      for (const app of apps)
        await expect
          .poll(() =>
            app.events.some(([name, value]) => name === 'server:event' && (value as any).type === 'ready'),
          )
          .toBe(true);
      const draft = await author.post('/api/admin/blog-posts', { title: 'Desktop essay', content: 'Words.' });
      expect((await author.post(`/api/admin/blog-posts/${draft.body.id}/submit`, {})).status).toBe(200);
      const [editorApp, contributorApp] = apps as [
        Awaited<ReturnType<typeof core>>,
        Awaited<ReturnType<typeof core>>,
      ];
      await expect.poll(() => editorApp.notifications.length).toBeGreaterThan(0);
      expect(editorApp.notifications[0]).toMatchObject({ title: 'Submitted for review' });
      expect(editorApp.notifications[0]!.body).toContain('Desktop essay');
      editorApp.notifications[0]!.click();
      expect(editorApp.events).toContainEqual(['navigate', `/admin/blog/edit/${draft.body.id}`]);
      expect(contributorApp.notifications).toEqual([]);
      expect(contributorApp.events.some(([, value]) => (value as any)?.type === 'review')).toBe(false);
    } finally {
      for (const app of apps) await app.instance.stop();
    }
  });

  it('uploads only paths the user dropped or picked', async () => {
    const admin = await createUser(server, { role: 'admin' });
    const { instance, userDataDir } = await core();
    try {
      await instance.handlers['session:sign-in']({ email: admin.email, password: admin.password });
      const secret = path.join(userDataDir, 'session.bin');
      expect(await instance.handlers['uploads:add']({ paths: [secret], target: {} })).toMatchObject({
        ok: false,
        error: { status: 403, code: 'not_granted' },
      });
      const dropped = path.join(userDataDir, 'drop');
      fs.mkdirSync(dropped);
      fs.writeFileSync(path.join(dropped, 'brief.pdf'), '%PDF-1.4\n% brief\n');
      instance.grant(dropped);
      // Inside a granted folder: allowed. Climbing out of it: refused.
      expect(
        await instance.handlers['uploads:add']({ paths: [path.join(dropped, 'brief.pdf')], target: {} }),
      ).toMatchObject({
        ok: true,
      });
      expect(
        await instance.handlers['uploads:add']({
          paths: [path.join(dropped, '..', 'session.bin')],
          target: {},
        }),
      ).toMatchObject({ ok: false, error: { code: 'not_granted' } });
      await instance.queue.idle();
      expect(instance.queue.snapshot().items[0]).toMatchObject({ name: 'brief.pdf', status: 'done' });
    } finally {
      await instance.stop();
    }
  });

  it('downloads the inquiries export to the file the user chose', async () => {
    const admin = await createUser(server, { role: 'admin' });
    const target = path.join(server.dataDir, `export-${Date.now()}.csv`);
    const { instance } = await core({ savePath: target });
    try {
      await instance.handlers['session:sign-in']({ email: admin.email, password: admin.password });
      const result = await instance.handlers['file:download']({
        path: '/api/admin/inquiries/export.csv',
        filename: 'inquiries.csv',
      });
      expect(result).toEqual({ ok: true, value: true });
      const csv = fs.readFileSync(target, 'utf8');
      expect(csv.startsWith('\uFEFFName,Email,Phone,Subject,Project Type,Budget,Message,Status,Date')).toBe(
        true,
      );
    } finally {
      await instance.stop();
    }
  });
});
