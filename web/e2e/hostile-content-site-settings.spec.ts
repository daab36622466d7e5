import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { adminToken, createPlan, deletePlan } from './support/admin-api.js';
import { AdminPanel } from './support/admin-panel.js';
import { readState } from './support/state.js';
import { expect, test } from './support/test.js';

// What an operator (or whoever took over an admin account) types shows as text in both apps, the
// pages carry their security headers, and the provider key never reaches a browser. Site-wide
// settings change here, so this runs in the site-settings project, alone.
test.describe.configure({ mode: 'serial' });

const SCRIPT = `<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>`;
const PROVIDER_KEY = 'e2e-provider-secret-4f1c9a7b2d';

async function putSettings(changes: Record<string, unknown>) {
  const { baseURL, mint, stakingWallet } = readState();
  const response = await fetch(`${baseURL}/api/admin/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
    // The provider key and URL are a step-up change: the admin's password confirms them.
    body: JSON.stringify({
      tokenName: 'Stakedesk Test Token',
      tokenSymbol: 'SDT',
      tokenContract: mint,
      stakingWallet,
      ...changes,
      currentPassword: readState().admin.password,
    }),
  });
  expect(response.status).toBe(200);
}

test.afterAll(() =>
  putSettings({
    maintenanceMode: false,
    maintenanceMessage: '',
    supportWhatsapp: '',
    supportTelegram: '',
    heliusApiKey: '',
    removeHeliusApiKey: true,
    heliusRpcUrl: '',
  }),
);

test('script in the token name, a plan, the maintenance message and the support fields shows as text everywhere', async ({
  page,
  browser,
}) => {
  await putSettings({ tokenName: `Token ${SCRIPT}`, supportWhatsapp: SCRIPT, supportTelegram: 'javascript:window.__xss=1' });
  const plan = await createPlan({ name: `Plan ${SCRIPT}`, minStakeAmount: '1', yieldRate: '1', durationDays: 1, earlyPenaltyRate: '0' });
  try {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Token ${SCRIPT}`);
    await expect(page.getByRole('article', { name: `Plan ${SCRIPT}` })).toBeVisible();
    for (const link of await page.getByRole('contentinfo').getByRole('link').all()) {
      expect(await link.getAttribute('href')).toMatch(/^(https:|mailto:|\/)/);
    }
    expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Telegram support' }).getAttribute('href')).toBe(
      'https://t.me/javascript%3Awindow.__xss%3D1',
    );
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

    const panel = new AdminPanel(page);
    await panel.open('Staking Plans');
    await expect(panel.panel().getByRole('article', { name: `Plan ${SCRIPT}` })).toBeVisible();
    await panel.openTab('Token Config');
    await expect(page.getByLabel('Token Name')).toHaveValue(`Token ${SCRIPT}`);
    await expect(page.getByLabel('Support WhatsApp')).toHaveValue(SCRIPT);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

    await putSettings({
      tokenName: `Token ${SCRIPT}`,
      maintenanceMode: true,
      maintenanceMessage: SCRIPT,
      maintenanceEstimatedTime: SCRIPT,
    });
    const holder = await browser.newPage({ baseURL: page.url() });
    await holder.goto('/');
    await expect(holder.getByRole('main')).toContainText(SCRIPT);
    expect(await holder.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    await holder.close();
  } finally {
    await putSettings({
      maintenanceMode: false,
      maintenanceMessage: '',
      maintenanceEstimatedTime: '',
      supportWhatsapp: '',
      supportTelegram: '',
    });
    await deletePlan(plan.id);
  }
});

test('pages and API answers carry the security headers', async ({ request }) => {
  for (const path of ['/', '/dashboard', '/admin', '/api/settings', '/api/no-such-route']) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy'], path).toContain("script-src 'self'");
    expect(headers['content-security-policy'], path).toContain("object-src 'none'");
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['x-frame-options'], path).toBe('SAMEORIGIN');
    expect(headers['x-powered-by'], path).toBeUndefined();
  }
});

test('the provider key reaches no public answer, no page and no file of the built app', async ({ request }) => {
  // A public IP literal: the server refuses a provider URL it cannot resolve to public addresses.
  await putSettings({ heliusApiKey: PROVIDER_KEY, heliusRpcUrl: `https://93.184.216.34/?api-key=${PROVIDER_KEY}` });
  const holder = readState().stakingWallet;
  for (const path of [
    '/api/settings',
    '/api/staking-plans',
    '/api/stats',
    '/api/helius-config',
    `/api/stakes/${holder}`,
    `/api/withdrawals/${holder}`,
    '/',
    '/admin',
    '/documentation',
  ]) {
    const response = await request.get(path);
    expect(await response.text(), path).not.toContain(PROVIDER_KEY);
  }
  const dist = fileURLToPath(new URL('../dist/', import.meta.url));
  const files = readdirSync(dist, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  expect(files.length).toBeGreaterThan(5);
  for (const file of files)
    expect(readFileSync(`${file.parentPath}/${file.name}`, 'utf8'), file.name).not.toMatch(/e2e-provider-secret|api-key=/);
  // The admin API shows it masked only.
  const adminView = await request.get('/api/admin/settings', { headers: { authorization: `Bearer ${await adminToken()}` } });
  expect(await adminView.text()).not.toContain(PROVIDER_KEY);
});
