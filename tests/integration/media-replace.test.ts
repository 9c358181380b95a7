import { MEDIA_MESSAGES } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, countRows, startStaffServer } from '../support/admin';
import { onPostgres } from '../support/backend';
import type { TestServer } from '../support/server';
import { isStored, storedBytes } from '../support/stored';
import { solidPng, tusUpload } from '../support/tus';

let server: TestServer;
let editor: AdminClient;
let contributor: AdminClient;

beforeAll(async () => {
  ({ server, editor, contributor } = await startStaffServer());
});
afterAll(() => server.stop());

let seed = 0;
async function upload(filename: string, bytes?: Buffer) {
  const { status, body } = await tusUpload(server.url, editor.token, bytes ?? (await solidPng(++seed)), {
    filename,
  });
  expect(status).toBe(200);
  return body as { item: { id: string; url: string; alt_text: string }; deduplicated: boolean };
}
const row = async (table: string, id: string) =>
  (await server.db.get(`SELECT * FROM ${table} WHERE id = ?`, id)) as any;

/** A file shown by two projects (one with its own alt text), a post, a service, a team member and the logo. */
async function usedEverywhere(name: string) {
  const { item: old } = await upload(`${name}.png`);
  await editor.patch(`/api/admin/media/${old.id}`, {
    alt_text: 'The veranda at dusk',
    focus: { x: 0.2, y: 0.8 },
  });
  const project = (title: string, extra: object = {}) => ({
    title,
    description: 'A house of local brick by the lake, with a deep veranda.',
    category: 'residential',
    status: 'published',
    images: [old.url],
    thumbnail: old.url,
    ...extra,
  });
  const a = await editor.post(
    '/api/admin/projects',
    project(`${name} A`, {
      image_alts: { [old.url]: 'Per use' },
      image_focus: { [old.url]: { x: 0.9, y: 0.1 } },
    }),
  );
  const b = await editor.post('/api/admin/projects', project(`${name} B`, { thumbnail: null }));
  const post = await editor.post('/api/admin/blog-posts', {
    title: `${name} notes`,
    content: 'Notes.',
    status: 'draft',
    featured_image: old.url,
  });
  expect([a.status, b.status, post.status]).toEqual([201, 201, 201]);
  const ids = {
    a: a.body.id,
    b: b.body.id,
    post: post.body.id,
    service: `svc-${name}`,
    member: `tm-${name}`,
  };
  await server.db.run(
    "INSERT INTO services (id, name, description, image) VALUES (?, 'Interiors', 'Rooms', ?)",
    ids.service,
    old.url,
  );
  await server.db.run(
    "INSERT INTO team_members (id, name, role, image) VALUES (?, 'Thoko', 'Architect', ?)",
    ids.member,
    old.url,
  );
  await editor.get('/api/admin/settings');
  await server.db.run("UPDATE site_settings SET logo_light_url = ? WHERE id = 'default'", old.url);
  return { old, ids };
}

describe('replacing a file everywhere it is used', () => {
  it('switches every use in one go, carries the alt text and focal points, moves the old file to the Trash, and redirects its address', async () => {
    const { old, ids } = await usedEverywhere('veranda');
    const { item: next } = await upload('veranda-v2.png');
    const auditBefore = await countRows(server, 'audit_log');

    const res = await editor.post(`/api/admin/media/${old.id}/replace`, { url: next.url });
    expect(res.status).toBe(200);
    expect(res.body.item).toMatchObject({
      id: next.id,
      alt_text: 'The veranda at dusk',
      focus: { x: 0.2, y: 0.8 },
    });
    expect(res.body.switched).toHaveLength(7);

    expect(await row('projects', ids.a)).toMatchObject({
      images: JSON.stringify([next.url]),
      thumbnail: next.url,
      image_alts: JSON.stringify({ [next.url]: 'Per use' }),
    });
    expect(JSON.parse((await row('projects', ids.a)).image_focus)).toEqual({
      [next.url]: { x: 0.9, y: 0.1 },
    });
    expect(await row('projects', ids.b)).toMatchObject({
      images: JSON.stringify([next.url]),
      thumbnail: null,
    });
    expect((await row('blog_posts', ids.post)).featured_image).toBe(next.url);
    expect((await row('services', ids.service)).image).toBe(next.url);
    expect((await row('team_members', ids.member)).image).toBe(next.url);
    expect((await row('site_settings', 'default')).logo_light_url).toBe(next.url);

    // One audited update per row (six rows), and one Activity entry for the replace.
    expect((await countRows(server, 'audit_log')) - auditBefore).toBe(7);
    const activity = (await server.db.all(
      "SELECT entity_id, details FROM audit_log WHERE action = 'replace'",
    )) as { entity_id: string; details: string }[];
    expect(activity.map((entry) => entry.entity_id)).toEqual([old.id]);
    expect(JSON.parse(activity[0]!.details).label).toBe('veranda.png → veranda-v2.png');

    // The old file goes to the Trash, its bytes kept there.
    expect((await editor.get(`/api/admin/media/${old.id}`)).status).toBe(404);
    const trash = await editor.get('/api/admin/trash');
    expect(JSON.stringify(trash.body)).toContain(old.id);
    expect(await isStored(server, old.url)).toBe(true);

    // Its address, and any size of it, leads to the new file for good.
    const moved = await fetch(`${server.url}${old.url}`, { redirect: 'manual' });
    expect(moved.status).toBe(308);
    expect(moved.headers.get('location')).toBe(next.url);
    const size = await fetch(`${server.url}${old.url}?w=400&f=webp`, { redirect: 'manual' });
    expect(size.status).toBe(308);
    expect(size.headers.get('location')).toBe(`${next.url}?w=400&f=webp`);
    const followed = await fetch(`${server.url}${old.url}`);
    expect(followed.status).toBe(200);
    expect(Buffer.from(await followed.arrayBuffer()).equals((await storedBytes(server, next.url))!)).toBe(
      true,
    );
  });

  it('counts the images and links of a post’s text as uses: listed, kept from deletion, switched by a replace', async () => {
    const { item: old } = await upload('drawing.png');
    const { item: unused } = await upload('elsewhere.png');
    const content = [
      'The section through the veranda:',
      `![The section](${old.url})`,
      `A larger one: ![The section, large](${old.url}?w=1200 "Section")`,
      `[Download the drawing](${old.url})`,
      `Another site's copy: https://example.org${old.url}`,
    ].join('\n\n');
    const post = await editor.post('/api/admin/blog-posts', {
      title: 'How the veranda is drawn',
      content,
      status: 'draft',
    });
    expect(post.status).toBe(201);
    // Only mentioned in the text of a post in the Trash: still a use (it comes back with the post).
    const trashed = await editor.post('/api/admin/blog-posts', {
      title: 'An older draft',
      content: `![An older section](${unused.url})`,
      status: 'draft',
    });
    expect((await editor.del(`/api/admin/blog-posts/${trashed.body.id}`)).status).toBe(204);

    const item = await editor.get(`/api/admin/media/${old.id}`);
    expect(item.body.used_by).toEqual([
      {
        entity_type: 'blog-posts',
        entity_id: post.body.id,
        title: 'How the veranda is drawn',
        field: 'content',
      },
    ]);
    expect((await editor.get(`/api/admin/media/${unused.id}`)).body.used_by).toMatchObject([
      { entity_type: 'blog-posts', field: 'content', in_trash: true },
    ]);
    const refused = await editor.del(`/api/admin/media/${old.id}`);
    expect(refused.status).toBe(409);
    expect(await isStored(server, old.url)).toBe(true);

    const { item: next } = await upload('drawing-v2.png');
    const revisions = await countRows(server, 'revisions', 'entity_id = ?', post.body.id);
    const res = await editor.post(`/api/admin/media/${old.id}/replace`, { url: next.url });
    expect(res.status).toBe(200);
    expect(res.body.switched).toHaveLength(1);
    // Every mention of the file is the new one, a size's query kept; another site's address is left alone.
    expect((await row('blog_posts', post.body.id)).content).toBe(
      [
        'The section through the veranda:',
        `![The section](${next.url})`,
        `A larger one: ![The section, large](${next.url}?w=1200 "Section")`,
        `[Download the drawing](${next.url})`,
        `Another site's copy: https://example.org${old.url}`,
      ].join('\n\n'),
    );
    expect(await countRows(server, 'revisions', 'entity_id = ?', post.body.id)).toBe(revisions + 1);
    expect((await editor.get(`/api/admin/media/${next.id}`)).body.used_by).toHaveLength(1);
  });

  it('uses the library file the upload deduplicated to, and refuses a file replaced by itself', async () => {
    const { item: old } = await upload('kiln.png');
    const bytes = await solidPng(++seed);
    const { item: existing } = await upload('kiln-existing.png', bytes);
    const again = await upload('kiln-again.png', bytes);
    expect(again.deduplicated).toBe(true);
    expect(again.item.id).toBe(existing.id);
    const files = await countRows(server, 'media_files');
    const res = await editor.post(`/api/admin/media/${old.id}/replace`, { url: again.item.url });
    expect(res.status).toBe(200);
    expect(res.body.item.id).toBe(existing.id);
    // No new file: the one the upload deduplicated to shows, and the replaced one went to the Trash.
    expect(await countRows(server, 'media_files')).toBe(files - 1);

    const self = await editor.post(`/api/admin/media/${existing.id}/replace`, { url: existing.url });
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe(MEDIA_MESSAGES.replaceSame);
    const unknown = await editor.post(`/api/admin/media/${existing.id}/replace`, {
      url: '/media/projects/none.png',
    });
    expect(unknown.status).toBe(404);
    // Replacing back (the old file restored from the Trash first): the newer redirect goes, the file answers
    // again.
    expect((await editor.post(`/api/admin/trash/${old.id}/restore`, {})).status).toBe(200);
    const back = await editor.post(`/api/admin/media/${existing.id}/replace`, { url: old.url });
    expect(back.status).toBe(200);
    expect((await fetch(`${server.url}${old.url}`, { redirect: 'manual' })).status).toBe(200);
    expect(
      (await fetch(`${server.url}${existing.url}`, { redirect: 'manual' })).headers.get('location'),
    ).toBe(old.url);
  });

  it('writes nothing when one row cannot be switched, and lets only the library’s managers replace', async () => {
    const { old, ids } = await usedEverywhere('screen');
    const { item: next } = await upload('screen-v2.png');
    expect((await contributor.post(`/api/admin/media/${old.id}/replace`, { url: next.url })).status).toBe(
      403,
    );

    // A trigger that refuses every change of a team member (each database spells one its own way).
    await server.db.exec(
      onPostgres
        ? `CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$;
           CREATE TRIGGER refuse_team BEFORE UPDATE ON team_members FOR EACH ROW EXECUTE FUNCTION refuse()`
        : "CREATE TRIGGER refuse_team BEFORE UPDATE ON team_members BEGIN SELECT RAISE(ABORT, 'refused'); END",
    );
    try {
      const audit = await countRows(server, 'audit_log');
      const res = await editor.post(`/api/admin/media/${old.id}/replace`, { url: next.url });
      expect(res.status).toBe(500);
      expect((await row('projects', ids.a)).images).toBe(JSON.stringify([old.url]));
      expect((await row('services', ids.service)).image).toBe(old.url);
      expect((await row('site_settings', 'default')).logo_light_url).toBe(old.url);
      expect(
        await countRows(server, 'media_redirects', 'from_path = ?', old.url.slice('/media/'.length)),
      ).toBe(0);
      expect(await countRows(server, 'audit_log')).toBe(audit);
      expect((await row('media_files', next.id)).alt_text).toBe('');
    } finally {
      await server.db.exec(
        onPostgres
          ? 'DROP TRIGGER refuse_team ON team_members; DROP FUNCTION refuse()'
          : 'DROP TRIGGER refuse_team',
      );
    }
  });
});
