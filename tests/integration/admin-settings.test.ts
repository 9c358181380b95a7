import { ADMIN_MESSAGES, DEFAULT_SETTINGS } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../desktop/src/main/api-client';
import { createTokenStore } from '../../desktop/src/main/token-store';
import { type AdminClient, startAdminServer } from '../support/admin';
import { createUser } from '../support/auth';
import type { TestServer } from '../support/server';

let server: TestServer;
let admin: AdminClient;
beforeAll(async () => {
  ({ server, admin } = await startAdminServer());
});
afterAll(() => server.stop());

const { founded_year: _y, opening_hours: _h, price_range: _p, theme_color: _t, ...form } = DEFAULT_SETTINGS;
const auditCount = async () =>
  (
    (await server.db.get("SELECT count(*) AS n FROM audit_log WHERE entity_type = 'settings'")) as {
      n: number;
    }
  ).n;

describe('settings saved by two admins (If-Match)', () => {
  it('refuses with 409 a save made on settings someone else has saved since, writing nothing', async () => {
    const { body: loaded } = await admin.get('/api/admin/settings');
    const first = await admin.call(
      'PUT',
      '/api/admin/settings',
      { ...form, site_name: 'Saved first' },
      { 'if-match': `"${loaded.updated_at}"` },
    );
    expect(first.status).toBe(200);
    expect(first.body.updated_at).not.toBe(loaded.updated_at);

    const row = await server.db.get('SELECT * FROM site_settings');
    const audits = await auditCount();
    const stale = await admin.call(
      'PUT',
      '/api/admin/settings',
      { ...form, site_name: 'Saved second', footer_text: 'Lost?' },
      { 'if-match': `"${loaded.updated_at}"` },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'conflict', message: ADMIN_MESSAGES.editConflict });
    expect(await server.db.get('SELECT * FROM site_settings')).toEqual(row);
    expect(await auditCount()).toBe(audits);

    const fresh = await admin.call(
      'PUT',
      '/api/admin/settings',
      { ...form, site_name: 'Saved second' },
      { 'if-match': `"${first.body.updated_at}"` },
    );
    expect(fresh.status).toBe(200);
    expect((await admin.get('/api/admin/settings')).body.site_name).toBe('Saved second');
  });

  it('saves without If-Match (older clients) and with If-Match: *', async () => {
    expect((await admin.put('/api/admin/settings', { ...form, site_name: 'No header' })).status).toBe(200);
    const any = await admin.call(
      'PUT',
      '/api/admin/settings',
      { ...form, site_name: 'Any' },
      { 'if-match': '*' },
    );
    expect(any.status).toBe(200);
    expect(any.body.site_name).toBe('Any');
  });

  it("passes If-Match through the desktop app's API client", async () => {
    const owner = await createUser(server, { role: 'admin' });
    const tokens = createTokenStore(`${server.dataDir}/desktop-settings/session.bin`, {
      isEncryptionAvailable: () => false,
      encryptString: Buffer.from,
      decryptString: String,
    });
    const desktop = createApiClient({ serverUrl: server.url, tokens });
    await desktop.signIn(owner.email, owner.password);
    const loaded = await desktop.request<{ updated_at: string }>('/api/admin/settings');
    await admin.put('/api/admin/settings', { ...form, site_name: 'Saved in the browser' });
    const stale = await desktop
      .request('/api/admin/settings', {
        method: 'PUT',
        body: { ...form, site_name: 'Saved in the app' },
        ifMatch: `"${loaded.updated_at}"`,
      })
      .catch((error: unknown) => error);
    expect(stale).toMatchObject({ status: 409, message: ADMIN_MESSAGES.editConflict });
    expect((await admin.get('/api/admin/settings')).body.site_name).toBe('Saved in the browser');
  });

  it('documents If-Match and the 409 on PUT /api/admin/settings', async () => {
    const doc = (await (await server.get('/api/openapi.json')).json()) as {
      paths: Record<
        string,
        Record<string, { parameters?: { name: string; in: string }[]; responses: object }>
      >;
    };
    const put = doc.paths['/api/admin/settings']!.put!;
    expect(put.parameters).toContainEqual(expect.objectContaining({ name: 'if-match', in: 'header' }));
    expect(Object.keys(put.responses)).toContain('409');
  });
});
