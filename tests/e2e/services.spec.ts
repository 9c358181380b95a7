import { expect, type Page } from '@playwright/test';
import { expectAccessible, openTestDatabase, test, watchConsole } from './support';

interface Service {
  id: string;
  /** Its address on the site (the sample content has one for every row). */
  slug: string;
  name: string;
  description: string;
  price_range: string | null;
}

const activeServices = async (page: Page): Promise<Service[]> =>
  ((await (await page.request.get('/api/services')).json()) as { items: Service[] }).items;

const STEPS = ['Initial Consultation', 'Concept Development', 'Design Refinement', 'Implementation'];

test('/services lists the active services by name, each with its summary, price range and page', async ({
  page,
}) => {
  const problems = watchConsole(page);
  const services = await activeServices(page);
  expect(services.length).toBeGreaterThan(0);
  await page.goto('/services');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Services' })).toBeVisible();

  const cards = page.getByRole('article');
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText(services.map((s) => s.name));
  for (const [index, service] of services.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole('link', { name: service.name, exact: true })).toHaveAttribute(
      'href',
      `/services/${service.slug}`,
    );
    await expect(card.getByText(service.description.slice(0, 40))).toBeVisible();
    await expect(
      card.getByText(service.price_range ?? 'Fee proposal on request', { exact: true }),
    ).toBeVisible();
  }

  // The whole card is the link's target.
  await cards.first().click({ position: { x: 24, y: 24 } });
  await expect(page).toHaveURL(`/services/${services[0]!.slug}`);
  expect(problems).toEqual([]);
});

test('/services ends with the contact block and passes axe', async ({ page }) => {
  await page.goto('/services');
  await expect(page.getByRole('region', { name: 'Get In Touch' })).toBeVisible();
  await expectAccessible(page);
});

test('a service page shows its name, price range, description, the four steps and the request button', async ({
  page,
}) => {
  const problems = watchConsole(page);
  const service = (await activeServices(page)).find((s) => s.price_range)!;
  const res = await page.goto(`/services/${service.id}`);
  expect(res?.status()).toBe(200);

  await expect(page.getByRole('heading', { level: 1, name: service.name })).toBeVisible();
  await expect(page.getByText(`Price Range: ${service.price_range}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: service.name })).toBeVisible();

  const about = page.getByRole('region', { name: 'About This Service' });
  const paragraphs = service.description.split(/\r?\n\s*\r?\n/).map((p) => p.trim());
  await expect(about.getByRole('paragraph').filter({ hasNotText: /^The service$/ })).toHaveText(paragraphs);

  const expectations = page.getByRole('region', { name: 'What to Expect' });
  await expect(expectations.getByRole('heading', { level: 3 })).toHaveText(STEPS);
  for (const step of await expectations.getByRole('listitem').all())
    expect((await step.getByRole('paragraph').textContent())?.length).toBeGreaterThan(40);

  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Services' }),
  ).toHaveAttribute('href', '/services');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Request This Service' }).click();
  await expect(page).toHaveURL('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('a service without a price range says nothing of one', async ({ page }) => {
  const service = (await activeServices(page)).find((s) => !s.price_range);
  test.skip(!service, 'every sample service has a price range');
  await page.goto(`/services/${service!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: service!.name })).toBeVisible();
  await expect(page.getByText(/^Price Range:/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Request This Service' })).toHaveAttribute('href', '/contact');
});

test('an unknown service answers 404 with Service Not Found', async ({ page }) => {
  const res = await page.goto(`/services/${crypto.randomUUID()}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Service Not Found' })).toBeVisible();
  await expect(page.getByText("The requested service doesn't exist or has been removed.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Services' })).toHaveAttribute('href', '/services');
});

test('an inactive service is not listed and its page answers 404', async ({ page }) => {
  const db = openTestDatabase();
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const name = `Heritage Survey ${id.slice(0, 8)}`;
  try {
    db.prepare(
      `INSERT INTO services (id, name, description, icon, image, price_range, is_active, created_at, updated_at)
       VALUES (?, ?, 'Measured surveys of historic buildings.', NULL, NULL, '$900', 0, ?, ?)`,
    ).run(id, name, now, now);
    const res = await page.goto(`/services/${id}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Service Not Found' })).toBeVisible();
    await expect(page.getByText(name)).toHaveCount(0);

    await page.goto('/services');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Services' })).toBeVisible();
    await expect(page.getByText(name)).toHaveCount(0);
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'What We Offer' }).getByText(name)).toHaveCount(0);
  } finally {
    db.prepare('DELETE FROM services WHERE id = ?').run(id);
    db.close();
  }
});
