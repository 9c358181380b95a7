import { DEFAULT_SETTINGS, DEFAULT_TEXTS, type SiteTexts } from '@atelier/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient, startAdminServer } from '../support/admin';
import type { TestServer } from '../support/server';
import { tusUpload } from '../support/tus';

let server: TestServer;
let admin: AdminClient;
beforeAll(async () => {
  ({ server, admin } = await startAdminServer());
});
afterAll(() => server.stop());

const { founded_year: _y, opening_hours: _h, price_range: _p, theme_color: _t, ...form } = DEFAULT_SETTINGS;
const page = async (path: string) => (await server.get(path)).text();
const row = async () => await server.db.get('SELECT * FROM site_settings');
const saveTexts = (texts: Partial<SiteTexts>, more: object = {}) =>
  admin.put('/api/admin/settings', { ...form, ...more, texts: { ...DEFAULT_TEXTS, ...texts } });

async function uploadImage(filename: string, shade: number) {
  const bytes = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: shade, g: 40, b: 90 } },
  })
    .png()
    .toBuffer();
  const { status, body } = await tusUpload(server.url, admin.token, bytes, { filename, bucket: 'projects' });
  expect(status).toBe(200);
  return body.item as { id: string; url: string };
}

describe("the studio's texts", () => {
  it("are the site's own words on a new install, placeholders filled from the settings", async () => {
    const settings = (await admin.get('/api/admin/settings')).body;
    expect(settings.texts).toEqual(DEFAULT_TEXTS);
    expect(settings).toMatchObject({ logo_light_url: null, logo_dark_url: null, favicon_url: null });
    expect(settings.footer_text).toBe('© {year} {name}. All rights reserved.');

    const year = new Date().getFullYear();
    expect(await page('/')).toContain(`Established ${settings.founded_year} · Lilongwe`);
    const about = await page('/about');
    expect(about).toContain('A veranda, a tree, and everything that follows');
    // The name in the owner's texts is marked, for a rename to reach open pages.
    expect(about).toContain(
      `<span data-site-name="">${settings.site_name}</span> was founded in Lilongwe in ${settings.founded_year}`,
    );
    expect(about).toContain(`© ${year} ${settings.site_name}. All rights reserved.`);
    const contact = await page('/contact');
    expect(contact).toContain('<dt>Monday - Friday</dt><dd>9AM - 6PM</dd>');
    expect(contact).toContain('<option value="over-1m">Over $1,000,000</option>');
  });

  it('show on the public pages once saved, and the copyright follows a new name', async () => {
    const saved = await saveTexts(
      {
        city: 'Blantyre',
        hero_line: 'Since {founded} in {city}',
        story_title: 'Brick, shade and patience',
        story_text: 'First paragraph of {name}.\n\nSecond paragraph.',
        principles: [{ title: 'Listen', text: 'We listen first.' }],
        intro_blog_page: 'Notes from Blantyre.',
        projects_cta_title: 'Planning a school in {city}?',
        map_hint: '',
        office_hours: [{ days: 'Weekdays', hours: '8AM - 5PM' }],
        budget_currency: 'MWK',
        budget_ranges: [
          { value: 'small', label: 'Under {currency} 20,000,000' },
          { value: 'large', label: 'Over {currency} 20,000,000' },
        ],
      },
      { site_name: 'Mlatho Architects', founded_year: 2011 },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.texts.city).toBe('Blantyre');

    expect(await page('/')).toContain('Since 2011 in Blantyre');
    const about = await page('/about');
    expect(about).toContain('Brick, shade and patience');
    expect(about).toContain(
      '<p>First paragraph of <span data-site-name="">Mlatho Architects</span>.</p><p>Second paragraph.</p>',
    );
    expect(about).toContain('We listen first.');
    expect(about).not.toContain('Climate first');
    expect(about).toContain(`© ${new Date().getFullYear()} Mlatho Architects. All rights reserved.`);
    expect(about).not.toContain('ARCHITECT.');
    expect(await page('/blog')).toContain('Notes from Blantyre.');
    expect(await page('/projects')).toContain('Planning a school in Blantyre?');
    const contact = await page('/contact');
    expect(contact).toContain('<dt>Weekdays</dt><dd>8AM - 5PM</dd>');
    expect(contact).not.toContain('Saturday');
    // An empty text shows nothing, not an empty paragraph.
    expect(contact).not.toContain('office-map__hint');
    expect(contact).toContain('<option value="small">Under MWK 20,000,000</option>');
    expect(contact).not.toContain('value="over-1m"');
  });

  it('take inquiries only in the budget ranges the form offers, and name the range in the export', async () => {
    const inquiry = {
      client_name: 'Chisomo Banda',
      email: 'chisomo@example.mw',
      phone: '+265 888 123 456',
      subject: 'A clinic',
      project_type: 'commercial',
      message: 'A small clinic in Ndirande.',
    };
    const refused = await server.post('/api/inquiries', { ...inquiry, budget: 'over-1m' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as any).error.issues).toEqual([
      { path: 'budget', message: 'Please choose a budget range' },
    ]);
    expect(await server.db.get('SELECT count(*) AS n FROM inquiries')).toEqual({ n: 0 });

    expect((await server.post('/api/inquiries', { ...inquiry, budget: 'small' })).status).toBe(201);
    const csv = await admin.get('/api/admin/inquiries/export.csv');
    expect(csv.body).toContain('Under MWK 20,000,000');
  });

  it.each([
    ['an empty story title', { story_title: '  ' }, 'texts.story_title', 'Story title is required'],
    ['no office hours', { office_hours: [] }, 'texts.office_hours', 'Add at least one line of office hours'],
    [
      'two ranges with one key',
      {
        budget_ranges: [
          { value: 'same', label: 'A' },
          { value: 'same', label: 'B' },
        ],
      },
      'texts.budget_ranges',
      'Range keys must differ',
    ],
    [
      'a range key with spaces',
      { budget_ranges: [{ value: 'a lot', label: 'A lot' }] },
      'texts.budget_ranges.0.value',
      'Range key: lower-case letters, digits and hyphens',
    ],
    [
      'seven principles',
      { principles: Array.from({ length: 7 }, () => ({ title: 'T', text: 'X' })) },
      'texts.principles',
      'At most 6 principles',
    ],
  ])('refuse %s with its message, writing nothing', async (_label, texts, path, message) => {
    const before = await row();
    const res = await saveTexts(texts as Partial<SiteTexts>);
    expect(res.status).toBe(400);
    expect(res.body.error.issues).toContainEqual({ path, message });
    expect(await row()).toEqual(before);
  });

  it('may be changed only by who may edit the settings', async () => {
    const before = await row();
    for (const role of ['editor', 'contributor'] as const) {
      const staff = await adminClient(server, role);
      const res = await staff.put('/api/admin/settings', {
        ...form,
        texts: { ...DEFAULT_TEXTS, story_title: 'Not yours' },
      });
      expect(res.status).toBe(403);
    }
    expect(await row()).toEqual(before);
  });
});

describe('logos and favicon', () => {
  it('refuse an address outside the media library', async () => {
    const res = await admin.put('/api/admin/settings', {
      ...form,
      logo_light_url: 'https://elsewhere.example/logo.png',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.issues).toContainEqual({
      path: 'logo_light_url',
      message: 'Light logo must be a file of the media library',
    });
  });

  it('show in the header and the head, are listed where used and kept from deletion while set', async () => {
    const light = await uploadImage('logo-light.png', 230);
    const dark = await uploadImage('logo-dark.png', 20);
    const icon = await uploadImage('favicon.png', 120);
    const saved = await admin.put('/api/admin/settings', {
      ...form,
      site_name: 'Mlatho Architects',
      logo_light_url: light.url,
      logo_dark_url: dark.url,
      favicon_url: icon.url,
    });
    expect(saved.status).toBe(200);

    // The home page opens over a photograph (the light logo); /about on white (the dark one).
    expect(await page('/about')).toContain(`<img src="${dark.url}" alt="Mlatho Architects" style="`);
    const head = await page('/about');
    expect(head).toContain(`<link rel="icon" href="${icon.url}">`);
    expect(head).not.toContain('/favicon.svg" type="image/svg+xml"');

    const used = (await admin.get(`/api/admin/media/${dark.id}`)).body.used_by;
    expect(used).toEqual([
      { entity_type: 'settings', entity_id: 'default', title: 'Site settings', field: 'logo_dark_url' },
    ]);
    const refused = await admin.del(`/api/admin/media/${dark.id}`);
    expect(refused.status).toBe(409);
    expect((await admin.get(`/api/admin/media/${dark.id}`)).status).toBe(200);

    // Removed from the settings, the logo is no longer used: the library lets it go.
    const kept = { ...form, logo_light_url: light.url, favicon_url: icon.url };
    expect((await admin.put('/api/admin/settings', { ...kept, logo_dark_url: null })).status).toBe(200);
    expect((await admin.get(`/api/admin/media/${dark.id}`)).status).toBe(404);
    expect(await page('/about')).toContain(`<img src="${light.url}" alt="${form.site_name}" style="`);
  });
});
