import type { Route } from '@playwright/test';
import type { TreasuryCoverage } from '@stakedesk/shared/api-types';
import { english, msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { AdminPanel } from '../support/admin-panel.js';
import { expect, test } from '../support/test.js';

// The e2e server is configured and its chain answers, and other tests need it so: the two causes
// are given here as the server words them (server/src/chain/stop-causes.test.ts proves it does).
const refusal = (route: Route, status: number, coded: CodedMessage) =>
  route.fulfill({ status, json: { message: english(coded), code: coded.code, ...(coded.params && { params: coded.params }) } });

const NOT_CONFIGURED = msg('stakingNotConfigured');
const CHAIN_DOWN = msg('notReconciledRetry', { reason: msg('chainNotAsked', { cause: 'fetch failed' }) });

test('reconciliation says nothing is configured yet, not that every deposit is recorded', async ({ page }) => {
  await page.route('**/api/admin/reconciliation?*', (route) => refusal(route, 503, NOT_CONFIGURED));
  const panel = new AdminPanel(page);
  await panel.open('Reconciliation');
  await expect(panel.panel()).toContainText('Nothing to check yet: the token and staking wallet are not configured (Token Config tab).');
  await expect(panel.panel()).toContainText('Not checked');
  await expect(panel.panel()).not.toContainText('Every deposit is recorded');
  await expect(panel.panel()).not.toContainText('Could not read the chain');
});

test('reconciliation says the chain could not be read, with the reason, and never that every deposit is recorded', async ({ page }) => {
  await page.route('**/api/admin/reconciliation?*', (route) => refusal(route, 503, CHAIN_DOWN));
  const panel = new AdminPanel(page);
  await panel.open('Reconciliation');
  await expect(panel.panel()).toContainText('Could not read the chain');
  await expect(panel.panel()).toContainText(
    'The Solana network could not be asked (fetch failed). The deposits could not be checked; please try again shortly.',
  );
  await expect(panel.panel()).not.toContainText('Every deposit is recorded');

  // In Portuguese too, by code.
  await panel.choose('Language', 'Português');
  await expect(panel.panel()).toContainText('Não foi possível ler a blockchain');
  await expect(panel.panel()).toContainText('Os depósitos não puderam ser verificados');
});

test('reconciliation behind a proxy that answers a bare error page shows no status code or markup', async ({ page }) => {
  await page.route('**/api/admin/reconciliation?*', (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1></body></html>' }),
  );
  const panel = new AdminPanel(page);
  await panel.open('Reconciliation');
  const alert = panel.panel().getByRole('alert');
  await expect(alert).toContainText('The server could not complete the request right now. Please try again shortly.');
  await expect(alert).not.toContainText('502');
  await expect(alert).not.toContainText('<');
});

test('treasury says the balance is unknown because nothing is configured, not because of the chain', async ({ page }) => {
  const coverage: TreasuryCoverage = {
    balance: null,
    balanceUnavailable: english(NOT_CONFIGURED),
    balanceUnavailableReason: NOT_CONFIGURED,
    wallets: [],
    heldBalance: null,
    liabilities: { total: '0', stakePrincipal: '0', stakeRewards: '0', pendingWithdrawals: '0' },
    dueWithin7Days: '0',
    dueWithin30Days: '0',
    coveragePercent: null,
    covered: null,
    liabilitiesElsewhere: [],
    underReview: '0',
    hotWallet: null,
    checkedAt: new Date().toISOString(),
  };
  await page.route('**/api/admin/treasury', (route) => route.fulfill({ json: coverage }));
  const panel = new AdminPanel(page);
  await panel.open();
  const card = panel.section('Treasury Coverage');
  await expect(card).toContainText('Balance unknown: the token and staking wallet are not configured yet');
  await expect(card).not.toContainText('the chain could not be read');
});
