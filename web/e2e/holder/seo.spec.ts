import { expect, test } from '../support/test.js';

// What search engines and Lighthouse read: a description per page, robots.txt, the page's language,
// and a load with nothing in the console.
const PAGES = [
  { path: '/', description: /^Stake Stakedesk Test Token in fixed-term plans/ },
  { path: '/documentation', description: /^How Stakedesk Test Token staking works/ },
  { path: '/dashboard', description: /^Your Stakedesk Test Token stakes/ },
  { path: '/no-such-page', description: /^This page does not exist/ },
];

for (const { path, description } of PAGES) {
  test(`${path}: its own description, lang and a clean console`, async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(path);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
}

test('the description follows the language', async ({ page }) => {
  await page.goto('/documentation');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('pt-BR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Como funciona o stake de Stakedesk Test Token:/);
});

test('robots.txt is served as a file, not the app', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await response.text()).toContain('User-agent: *');
});
