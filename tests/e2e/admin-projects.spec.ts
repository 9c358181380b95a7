import { expect, test } from '@playwright/test';
import { accountServerForThisFile, expectToast } from './accounts-support';
import { adminApi, choose, openAdmin, row } from './admin-content-support';

const server = accountServerForThisFile();
const tag = Date.now().toString(36);

test('a project: created with its defaults and images, seen on the site, edited, deleted', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const title = `Lakeshore Clinic ${tag}`;
  await openAdmin(page, server, '/admin/projects');
  await page.getByRole('link', { name: 'Add Project' }).click();
  await expect(page).toHaveURL(`${server.url}/admin/projects/new`);
  const form = page.getByRole('form', { name: 'New Project' });
  // The spec's defaults.
  await expect(form.getByRole('combobox', { name: 'Category' })).toHaveText('Residential');
  await expect(form.getByRole('combobox', { name: 'Project Type' })).toHaveText('Project');
  await expect(form.getByRole('combobox', { name: 'Status' })).toHaveText('Draft');

  // Required fields, inline.
  await form.getByRole('button', { name: 'Create Project' }).click();
  await expect(form.getByText('Please fill in all required fields')).toHaveCount(2);

  // The image URL rule and its messages.
  await form.getByRole('button', { name: 'Add Image' }).click();
  await expect(form.getByRole('alert').filter({ hasText: 'Please enter an image URL' })).toBeVisible();
  await form.getByLabel('Image URL').fill('ftp://example.com/photo.txt');
  await form.getByRole('button', { name: 'Add Image' }).click();
  await expect(form.getByRole('alert').filter({ hasText: 'Please enter a valid image URL' })).toBeVisible();
  await form.getByLabel('Image URL').fill('/media/projects/clinic-front.jpg');
  await form.getByRole('button', { name: 'Add Image' }).click();
  await form.getByLabel('Image URL').fill('/media/projects/clinic-ward.jpg');
  await form.getByLabel('Image URL').press('Enter');
  // The first image is the thumbnail until another is clicked.
  await expect(form.getByRole('button', { name: 'Use Image 1 as the thumbnail' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await form.getByRole('button', { name: 'Use Image 2 as the thumbnail' }).click();
  await expect(form.getByRole('button', { name: 'Use Image 2 as the thumbnail' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await form.getByLabel('Alt text of Image 2').fill('The ward, morning light');
  await form.getByLabel('Alt text of Image 1').fill('The clinic from the road');
  // Reordered (dragged, or moved with its arrow buttons): image 2 becomes image 1.
  await form.getByRole('button', { name: 'Move Image 2 earlier' }).click();
  await expect(form.getByRole('button', { name: 'Use Image 1 as the thumbnail' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await form.getByLabel('Project Title').fill(title);
  await form.getByLabel('Description').fill('A small clinic on the lake shore, built of local brick.');
  await form.getByLabel('Location').fill('Salima');
  await choose(page, 'Category', 'Commercial');
  await choose(page, 'Status', 'Published');
  await form.getByRole('button', { name: 'Create Project' }).click();
  await expectToast(page, 'Project Created');
  await expect(page).toHaveURL(`${server.url}/admin/projects`);

  await page.getByRole('searchbox', { name: /Search projects/ }).fill(tag);
  const line = row(page, title);
  await expect(line).toContainText('Commercial');
  await expect(line).toContainText('Published');
  const view = await line.getByRole('link', { name: `View ${title}` }).getAttribute('href');
  expect(view).toMatch(/^\/projects\/[\w-]+$/);
  const id = view!.split('/').pop()!;

  // Stored as edited: the order, the thumbnail and the alt text.
  const api = await adminApi(server, server.createUser({ role: 'admin' }).email);
  const stored = (await api('GET', `/api/admin/projects/${id}`)).body;
  expect(stored.images).toEqual(['/media/projects/clinic-ward.jpg', '/media/projects/clinic-front.jpg']);
  expect(stored.thumbnail).toBe('/media/projects/clinic-ward.jpg');
  expect(stored.image_alts).toEqual({
    '/media/projects/clinic-ward.jpg': 'The ward, morning light',
    '/media/projects/clinic-front.jpg': 'The clinic from the road',
  });

  const site = await page.context().newPage();
  await site.goto(`${server.url}${view}`);
  await expect(site.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Edit; leaving with unsaved changes asks first.
  await line.getByRole('link', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('form', { name: 'Edit Project' });
  await expect(edit.getByLabel('Project Title')).toHaveValue(title);
  await edit.getByLabel('Project Title').fill(`${title} (phase 2)`);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Blog' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay on Page' }).click();
  await expect(page).toHaveURL(`${server.url}/admin/projects/edit/${id}`);
  await edit.getByRole('button', { name: 'Update Project' }).click();
  await expectToast(page, 'Project Updated');
  await site.reload();
  await expect(site.getByRole('heading', { level: 1, name: `${title} (phase 2)` })).toBeVisible();

  // Delete, after the spec's confirmation.
  await page.getByRole('searchbox', { name: /Search projects/ }).fill(tag);
  await row(page, title)
    .getByRole('button', { name: `Delete ${title} (phase 2)` })
    .click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(
    'This action cannot be undone. This will permanently delete this project and all associated data.',
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Project Deleted');
  await expect(page.getByText('No projects found')).toBeVisible();
  const gone = await site.goto(`${server.url}${view}`);
  expect(gone?.status()).toBe(404);
});

test('the featured star turns on and off from the list and is kept', async ({ page }) => {
  const admin = await openAdmin(page, server, '/admin/dashboard');
  const api = await adminApi(server, admin.email);
  const title = `Mzuzu Library ${tag}`;
  const created = await api('POST', '/api/admin/projects', {
    title,
    description: 'A reading room under one roof.',
    category: 'commercial',
    status: 'published',
    project_type: 'project',
    images: [],
  });
  expect(created.status).toBe(201);
  await page.goto(`${server.url}/admin/projects?q=${encodeURIComponent(title)}`);
  const star = row(page, title).getByRole('button', { name: `Featured: ${title}` });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => (await api('GET', `/api/admin/projects/${created.body.id}`)).body.featured)
    .toBe(true);
  await page.reload();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await expect
    .poll(async () => (await api('GET', `/api/admin/projects/${created.body.id}`)).body.featured)
    .toBe(false);
});

test('deleting the only row of the last page moves back one page', async ({ page }) => {
  const admin = await openAdmin(page, server, '/admin/dashboard');
  const api = await adminApi(server, admin.email);
  const batch = `Pager ${tag}`;
  for (let index = 0; index < 11; index++) {
    const created = await api('POST', '/api/admin/projects', {
      title: `${batch} ${String(index).padStart(2, '0')}`,
      description: 'A project of the pager test.',
      category: 'urban',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }
  await page.goto(`${server.url}/admin/projects?q=${encodeURIComponent(batch)}`);
  await page.getByRole('button', { name: 'Last page' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  const last = page.getByRole('row').filter({ hasText: batch });
  await expect(last).toHaveCount(1);
  const name = ((await last.getByRole('cell').first().textContent()) ?? '').trim();
  await last.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Project Deleted');
  await expect(page.getByRole('row').filter({ hasText: batch })).toHaveCount(10);
  await expect(page.getByRole('button', { name: 'Next page' })).toHaveCount(0);
});
