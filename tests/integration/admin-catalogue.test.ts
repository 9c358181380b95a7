import { ADMIN_MESSAGES, MESSAGES } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, countRows, startAdminServer } from '../support/admin';
import type { TestServer } from '../support/server';
import { isStored } from '../support/stored';

let server: TestServer;
let admin: AdminClient;
beforeAll(async () => {
  ({ server, admin } = await startAdminServer());
});
afterAll(() => server.stop());

async function storedImage(bucket: 'projects' | 'team_members', name: string) {
  const stored = await server.running.deps.storage.put(bucket, name, Buffer.from(`image ${name}`));
  return { url: stored.url };
}

describe('admin services', () => {
  const service = (overrides: Record<string, unknown> = {}) => ({
    name: 'Interior design',
    description: 'Rooms that work.',
    icon: null,
    image: null,
    price_range: '$$',
    is_active: false,
    ...overrides,
  });

  it('keeps is_active exactly as sent, on create and on every edit', async () => {
    const created = await admin.post('/api/admin/services', service());
    expect(created.status).toBe(201);
    expect(created.body.is_active).toBe(false);
    const { id } = created.body;
    expect((await server.get(`/api/services/${id}`)).status).toBe(404);

    const edited = await admin.put(
      `/api/admin/services/${id}`,
      service({ description: 'Rooms that work well.' }),
    );
    expect(edited.body.is_active).toBe(false);
    const activated = await admin.put(`/api/admin/services/${id}`, service({ is_active: true }));
    expect(activated.body.is_active).toBe(true);
    expect((await server.get(`/api/services/${id}`)).status).toBe(200);
    expect(await (await server.get('/sitemap.xml')).text()).toContain(`/services/${created.body.slug}<`);

    const inactive = await admin.get('/api/admin/services?is_active=false');
    expect(inactive.body.items.map((s: any) => s.id)).not.toContain(id);
    expect((await admin.del(`/api/admin/services/${id}`)).status).toBe(204);
  });

  it('refuses a service without is_active rather than assuming true', async () => {
    const { is_active: _, ...rest } = service();
    const res = await admin.post('/api/admin/services', rest);
    expect(res.status).toBe(400);
    expect(res.body.error.issues[0]).toEqual({ path: 'is_active', message: ADMIN_MESSAGES.activeRequired });
  });

  it('requires name and description with the spec message', async () => {
    const before = await countRows(server, 'services');
    const res = await admin.post('/api/admin/services', service({ name: '' }));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(ADMIN_MESSAGES.serviceRequired);
    expect(await countRows(server, 'services')).toBe(before);
    const missing = await admin.del('/api/admin/services/unknown');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(MESSAGES.serviceNotFound);
  });

  it('releases a replaced service image', async () => {
    const old = await storedImage('projects', 'service-old.png');
    const created = await admin.post('/api/admin/services', service({ image: old.url }));
    await admin.put(
      `/api/admin/services/${created.body.id}`,
      service({ image: '/media/projects/elsewhere.png' }),
    );
    expect(await isStored(server, old.url)).toBe(false);
  });
});

describe('admin team members', () => {
  const member = (overrides: Record<string, unknown> = {}) => ({
    name: 'Chikondi Phiri',
    role: 'Lead Architect',
    image: '/media/team_members/chikondi.jpg',
    quote: null,
    facebook_url: null,
    instagram_url: 'https://instagram.com/chikondi',
    linkedin_url: '',
    ...overrides,
  });

  it('requires an image on create, but not on update', async () => {
    const refused = await admin.post('/api/admin/team-members', member({ image: null }));
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(ADMIN_MESSAGES.teamImageRequired);

    const created = await admin.post('/api/admin/team-members', member());
    expect(created.status).toBe(201);
    expect(created.body.linkedin_url).toBeNull();
    const updated = await admin.put(`/api/admin/team-members/${created.body.id}`, member({ image: null }));
    expect(updated.status).toBe(200);
    expect(updated.body.image).toBeNull();
  });

  it('requires name and role, and valid social links', async () => {
    const res = await admin.post('/api/admin/team-members', member({ role: ' ' }));
    expect(res.body.error.message).toBe(ADMIN_MESSAGES.teamRequired);
    const link = await admin.post('/api/admin/team-members', member({ facebook_url: 'javascript:alert(1)' }));
    expect(link.status).toBe(400);
    expect(link.body.error.issues).toContainEqual({
      path: 'facebook_url',
      message: ADMIN_MESSAGES.invalidUrl,
    });
  });

  it('searches by name or role, and releases the image of a member deleted forever', async () => {
    const photo = await storedImage('team_members', 'mphatso.png');
    const created = await admin.post(
      '/api/admin/team-members',
      member({ name: 'Mphatso Banda', role: 'Landscape Designer', image: photo.url }),
    );
    expect((await admin.get('/api/admin/team-members?q=landscape')).body.items[0].id).toBe(created.body.id);
    expect((await admin.get('/api/admin/team-members?q=mphatso')).body.total).toBe(1);
    expect((await admin.del(`/api/admin/team-members/${created.body.id}`)).status).toBe(204);
    expect(await isStored(server, photo.url)).toBe(true);
    expect((await admin.del(`/api/admin/trash/${created.body.id}`)).status).toBe(204);
    expect(await isStored(server, photo.url)).toBe(false);
    const gone = await admin.get(`/api/admin/team-members/${created.body.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe(MESSAGES.teamMemberNotFound);
  });
});

describe('admin hero videos', () => {
  const video = (overrides: Record<string, unknown> = {}) => ({
    title: 'Site walk',
    url: 'https://youtu.be/dQw4w9WgXcQ?t=42',
    description: null,
    project_type: 'proposal',
    is_active: false,
    ...overrides,
  });

  it('stores the URL as watch?v={id} and keeps is_active as sent', async () => {
    const created = await admin.post('/api/admin/videos', video());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      is_active: false,
    });
    expect(((await (await server.get('/api/videos')).json()) as any).items).toHaveLength(0);

    const edited = await admin.put(
      `/api/admin/videos/${created.body.id}`,
      video({ url: 'https://www.youtube.com/embed/abcdefghijk', is_active: true }),
    );
    expect(edited.body).toMatchObject({
      url: 'https://www.youtube.com/watch?v=abcdefghijk',
      is_active: true,
    });
    expect(((await (await server.get('/api/videos')).json()) as any).items).toHaveLength(1);
    expect((await admin.get('/api/admin/videos?is_active=true')).body.total).toBe(1);
    expect((await admin.del(`/api/admin/videos/${created.body.id}`)).status).toBe(204);
  });

  it('gives the spec messages: both fields on create, all fields on edit, an 11-character id', async () => {
    const missing = await admin.post('/api/admin/videos', video({ title: '' }));
    expect(missing.body.error.message).toBe(ADMIN_MESSAGES.videoRequired);
    const short = await admin.post('/api/admin/videos', video({ url: 'https://youtu.be/abc' }));
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe(ADMIN_MESSAGES.videoInvalidUrl);
    const other = await admin.post('/api/admin/videos', video({ url: 'https://vimeo.com/12345678901' }));
    expect(other.body.error.message).toBe(ADMIN_MESSAGES.videoInvalidUrl);

    const created = await admin.post('/api/admin/videos', video());
    const edit = await admin.put(`/api/admin/videos/${created.body.id}`, video({ url: '' }));
    expect(edit.body.error.message).toBe(ADMIN_MESSAGES.videoEditRequired);
    expect((await admin.put('/api/admin/videos/unknown', video())).body.error.message).toBe(
      MESSAGES.videoNotFound,
    );
  });
});
