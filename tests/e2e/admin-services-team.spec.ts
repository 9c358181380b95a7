import { ADMIN_MESSAGES } from '@atelier/shared';
import { expect, test } from '@playwright/test';
import { accountServerForThisFile, expectToast } from './accounts-support';
import { adminApi, openAdmin, pngFile, row } from './admin-content-support';

const server = accountServerForThisFile();
const tag = Date.now().toString(36);

test('a service: created inactive (kept off the site), activated, seen on the site, deleted', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const name = `Heritage Surveys ${tag}`;
  await openAdmin(page, server, '/admin/services');
  await page.getByRole('link', { name: 'Add Service' }).click();
  const form = page.getByRole('form', { name: 'New Service' });
  await form.getByRole('button', { name: 'Create Service' }).click();
  await expect(form.getByText('Name and description are required fields')).toHaveCount(2);
  await form.getByLabel('Service Name').fill(name);
  await form.getByLabel('Description').fill('Measured drawings and condition reports of old buildings.');
  await form.getByLabel('Price Range').fill('MWK 1M – 3M');
  const active = form.getByRole('switch', { name: 'Active Service' });
  await expect(active).toBeChecked();
  await active.click();
  await form.getByRole('button', { name: 'Create Service' }).click();
  await expectToast(page, 'Service created');

  await page.getByRole('searchbox', { name: /Search services/ }).fill(tag);
  const line = row(page, name);
  await expect(line).toContainText('Inactive');
  await expect(line).toContainText('MWK 1M – 3M');
  const site = await page.context().newPage();
  await site.goto(`${server.url}/services`);
  await expect(site.getByRole('heading', { name })).toHaveCount(0);

  // Edited: the stored state is what the form shows (the old app always saved it active).
  await line.getByRole('link', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('form', { name: 'Edit Service' });
  await expect(edit.getByRole('switch', { name: 'Active Service' })).not.toBeChecked();
  await edit.getByRole('switch', { name: 'Active Service' }).click();
  await edit.getByRole('button', { name: 'Update Service' }).click();
  await expectToast(page, 'Service updated');
  await expect(row(page, name)).toContainText('Active');
  await site.reload();
  await expect(site.getByRole('heading', { name })).toBeVisible();

  await row(page, name)
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Service deleted');
  await expect(page.getByText("No services found. Click 'Add Service' to create one.")).toBeVisible();
  await site.reload();
  await expect(site.getByRole('heading', { name })).toHaveCount(0);
});

test('a team member: an image is required on create; added, seen on the site, edited, deleted at once', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const name = `Thoko Banda ${tag}`;
  await openAdmin(page, server, '/admin/team-members');
  await page.getByRole('link', { name: 'Add Team Member' }).click();
  const form = page.getByRole('form', { name: 'New Team Member' });
  await form.getByRole('button', { name: 'Add Member' }).click();
  await expect(form.getByText('Name and role are required fields')).toHaveCount(2);
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Role').fill('Project Architect');
  await form.getByRole('button', { name: 'Add Member' }).click();
  await expect(form.getByText('An image is required')).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Upload Image' }).click();
  await (await chooser).setFiles(await pngFile('thoko.png', 11));
  await expect(form.getByRole('img', { name: 'Profile Image preview' })).toHaveAttribute('src', /\/media\//);
  await form.getByLabel('LinkedIn URL').fill('not a url');
  await form.getByRole('button', { name: 'Add Member' }).click();
  await expect(form.getByText('Please enter a valid URL (starting with http:// or https://)')).toBeVisible();
  await form.getByLabel('LinkedIn URL').fill('https://www.linkedin.com/in/thoko');
  await form.getByRole('button', { name: 'Add Member' }).click();
  await expectToast(page, 'Team member added');

  const site = await page.context().newPage();
  await site.goto(`${server.url}/about`);
  await expect(site.getByRole('heading', { name })).toBeVisible();

  await page.getByRole('searchbox', { name: /Search team/ }).fill(tag);
  await row(page, name)
    .getByRole('link', { name: `Edit ${name}` })
    .click();
  const edit = page.getByRole('form', { name: 'Edit Team Member' });
  await edit.getByLabel('Role').fill('Associate');
  await edit.getByRole('button', { name: 'Update Member' }).click();
  await expectToast(page, 'Team member updated');
  await expect(row(page, name)).toContainText('Associate');

  // The spec: a team member is deleted without a confirmation.
  await row(page, name)
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  await expectToast(page, 'Team member deleted');
  await expect(page.getByText('No team members found')).toBeVisible();
  await site.reload();
  await expect(site.getByRole('heading', { name })).toHaveCount(0);
});

test("an edit saved over another admin's newer save is refused, and the form keeps what was typed", async ({
  page,
}) => {
  const name = `Daylight Studies ${tag}`;
  const admin = await openAdmin(page, server, '/admin/services');
  const api = await adminApi(server, admin.email);
  const service = { name, description: 'Sun paths and shading.', price_range: '', is_active: true };
  const created = await api('POST', '/api/admin/services', service);
  expect(created.status).toBe(201);

  await page.goto(`${server.url}/admin/services/edit/${created.body.id}`);
  const form = page.getByRole('form', { name: 'Edit Service' });
  await expect(form.getByLabel('Service Name')).toHaveValue(name);
  // Someone else saves while this form is open.
  const other = await api('PUT', `/api/admin/services/${created.body.id}`, {
    ...service,
    price_range: 'MWK 2M',
  });
  expect(other.status).toBe(200);

  await form.getByLabel('Description').fill('Sun paths, shading and glare.');
  await form.getByRole('button', { name: 'Update Service' }).click();
  await expectToast(page, 'Error', ADMIN_MESSAGES.editConflict);
  await expect(page).toHaveURL(/\/admin\/services\/edit\//);
  await expect(form.getByLabel('Description')).toHaveValue('Sun paths, shading and glare.');
  const kept = await api('GET', `/api/admin/services/${created.body.id}`);
  expect(kept.body).toMatchObject({ description: 'Sun paths and shading.', price_range: 'MWK 2M' });

  // Opened again, the form has the newer version and saves.
  await page.reload();
  await expect(form.getByLabel('Price Range')).toHaveValue('MWK 2M');
  await form.getByLabel('Description').fill('Sun paths, shading and glare.');
  await form.getByRole('button', { name: 'Update Service' }).click();
  await expectToast(page, 'Service updated');
  expect((await api('GET', `/api/admin/services/${created.body.id}`)).body.description).toBe(
    'Sun paths, shading and glare.',
  );
  await api('DELETE', `/api/admin/services/${created.body.id}`);
});
