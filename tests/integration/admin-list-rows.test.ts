import {
  ActivityEntry,
  AdminBlogPostList,
  AdminBlogPostRow,
  AdminProjectList,
  AdminProjectRow,
  Dashboard,
} from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, startAdminServer } from '../support/admin';
import type { TestServer } from '../support/server';

// The projects and blog lists (and the dashboard's recent activity) send the columns their screens show,
// not descriptions, galleries and articles: a page of posts was 33 KB, most of it Markdown nobody reads there.

let server: TestServer;
let admin: AdminClient;
beforeAll(async () => {
  ({ server, admin } = await startAdminServer());
});
afterAll(() => server.stop());

const keys = (row: object) => Object.keys(row).sort();

describe('admin list rows', () => {
  it('lists projects with what the list shows: no description, gallery or client', async () => {
    const created = await admin.post('/api/admin/projects', {
      title: 'Rows house',
      description: 'A long description. '.repeat(200),
      category: 'interior',
      location: 'Zomba',
      client: 'The Phiris',
      status: 'published',
      project_type: 'project',
      images: ['/media/projects/rows.jpg'],
      image_alts: { '/media/projects/rows.jpg': 'The hall' },
      thumbnail: '/media/projects/rows.jpg',
    });
    expect(created.status).toBe(201);
    const { body } = await admin.get('/api/admin/projects?q=Rows');
    AdminProjectList.parse(body);
    expect(body.items).toEqual([
      {
        id: created.body.id,
        title: 'Rows house',
        category: 'interior',
        status: 'published',
        thumbnail: '/media/projects/rows.jpg',
        featured: false,
        user_id: admin.user.id,
        review_status: null,
        sample: false,
        created_at: created.body.created_at,
      },
    ]);
    expect(keys(body.items[0])).toEqual(keys(AdminProjectRow.shape));
    // The edit form still gets the whole project.
    expect((await admin.get(`/api/admin/projects/${created.body.id}`)).body.description).toContain(
      'A long description.',
    );
  });

  it('lists blog posts without their content, with the views and dates the list shows', async () => {
    const created = await admin.post('/api/admin/blog-posts', {
      title: 'Rows post',
      content: 'Markdown. '.repeat(500),
      excerpt: 'An excerpt',
      featured_image: null,
      status: 'published',
      seo_keywords: ['Rows'],
    });
    expect(created.status).toBe(201);
    const { body } = await admin.get('/api/admin/blog-posts?q=Rows');
    AdminBlogPostList.parse(body);
    expect(body.items).toEqual([
      {
        id: created.body.id,
        title: 'Rows post',
        status: 'published',
        publish_date: created.body.publish_date,
        views: 0,
        author_id: admin.user.id,
        review_status: null,
        sample: false,
        created_at: created.body.created_at,
      },
    ]);
    expect(keys(body.items[0])).toEqual(keys(AdminBlogPostRow.shape));
  });

  it("gives the dashboard's recent activity only what it shows", async () => {
    await server.post('/api/inquiries', {
      client_name: 'Rows Client',
      email: 'rows@example.mw',
      phone: '+265 999 000 001',
      subject: 'A house',
      project_type: 'residential',
      budget: 'under-50k',
      message: 'A message that the dashboard does not show.',
    });
    const { body } = await admin.get('/api/admin/dashboard');
    Dashboard.parse(body);
    expect(body.recent[0]).toMatchObject({
      action: 'create',
      entity_type: 'inquiry',
      label: 'Rows Client',
      actor: null,
    });
    for (const entry of body.recent) expect(keys(entry)).toEqual(keys(ActivityEntry.shape));
    expect(JSON.stringify(body.recent)).not.toContain('does not show');
  });
});
