import type { StakingPlan } from '@stakedesk/shared/api-types';
import { formatAmount, formatDateTime } from '@stakedesk/shared/format';
import { penaltyFor, rewardFor } from '@stakedesk/shared/money';
import { shortenAddress } from '@stakedesk/shared/shorten';
import { stakeEndsAt } from '@stakedesk/shared/stake-status';
import { tokenBalance } from '../support/chain.js';
import { HolderPages } from '../support/holder-pages.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

/** What the server answers when it cannot reach the chain (server/src/rpc-proxy/rpc-proxy.routes.ts). */
const CHAIN_DOWN = { message: 'The blockchain network cannot be reached right now; please retry shortly', code: 'chainUnavailable' };
/** What POST /api/stakes/intents answers when the server cannot read the chain to build the deposit (intentNotCreatedRetry). */
const INTENT_NOT_CREATED = {
  message: 'The Solana network could not be asked (fetch failed). Nothing was sent; please try again shortly.',
  code: 'intentNotCreatedRetry',
  params: { reason: { code: 'chainNotAsked', params: { cause: 'fetch failed' } } },
  retryable: true,
};

async function openStake(holderPages: HolderPages, plan: string) {
  await holderPages.section('New Stake').getByRole('article', { name: plan }).getByRole('button', { name: 'Stake Now' }).click();
  return holderPages.dialog();
}

test.describe('the stake dialog shows the deal before the wallet opens', () => {
  test('the balance, reward, total, unlock time, early net and staking wallet, by the shared money rules', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const plans = (await (await request.get('/api/staking-plans')).json()) as StakingPlan[];
    const growth = plans.find((plan) => plan.name === 'Growth')!;
    const holderPages = new HolderPages(page);
    await holderPages.connectFromLanding();
    const dialog = await openStake(holderPages, 'Growth');

    await expect(dialog.getByTestId('balance')).toHaveText('10,000 SDT');
    const amount = '1234';
    await dialog.getByLabel('Amount (SDT)').fill(amount);
    const reward = rewardFor(amount, growth.yieldRate);
    await expect(dialog.getByTestId('reward')).toHaveText(`${formatAmount(reward, 0)} SDT`);
    await expect(dialog.getByTestId('total')).toHaveText(`${formatAmount((BigInt(amount) + BigInt(reward)).toString(), 0)} SDT`);
    const net = (BigInt(amount) - BigInt(penaltyFor(amount, growth.earlyPenaltyRate))).toString();
    await expect(dialog.getByTestId('early-net')).toHaveText(
      `${formatAmount(net, 0)} SDT (${growth.earlyPenaltyRate}% penalty, no reward)`,
    );
    // The end-date rule from now: the minute may turn while the test reads it.
    const unlocks = await dialog.getByTestId('unlocks').textContent();
    const now = Date.now();
    const candidates = [-60_000, 0, 60_000].map((skew) => formatDateTime(stakeEndsAt(new Date(now + skew), growth)));
    expect(candidates).toContain(unlocks);

    const { stakingWallet } = readState();
    await expect(dialog.getByTestId('destination')).toHaveText(shortenAddress(stakingWallet));
    await expect(dialog.getByRole('link', { name: 'View on explorer' })).toHaveAttribute(
      'href',
      `https://explorer.solana.com/address/${stakingWallet}?cluster=devnet`,
    );
    await dialog.getByRole('button', { name: 'Copy address' }).click();
    await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(stakingWallet);
  });

  test('refuses more than the balance before any wallet prompt, saying why', async ({ page, holder, phantom }) => {
    const holderPages = new HolderPages(page);
    await holderPages.connectFromLanding();
    const before = await tokenBalance(holder.publicKey);
    const prompts = phantom.requests.length;
    const dialog = await openStake(holderPages, 'Starter');
    await expect(dialog.getByTestId('balance')).toHaveText('10,000 SDT');
    await dialog.getByLabel('Amount (SDT)').fill('10001');
    await expect(dialog.getByRole('alert')).toHaveText('This is more than your balance of 10,000 SDT.');
    await expect(dialog.getByRole('button', { name: 'Confirm Stake' })).toBeDisabled();
    await dialog.getByLabel('Amount (SDT)').press('Enter');
    await page.waitForTimeout(500);
    expect(phantom.requests.slice(prompts).map((r) => r.op)).not.toContain('signAndSendTransaction');
    expect(await tokenBalance(holder.publicKey)).toBe(before);
    await dialog.getByLabel('Amount (SDT)').fill('10000');
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Confirm Stake' })).toBeEnabled();
  });

  test('with the chain unreachable: the balance says why it is unavailable, a stake fails in words', async ({ page, phantom }) => {
    const holderPages = new HolderPages(page);
    await holderPages.connectFromLanding();
    await page.route('**/api/rpc', (route) =>
      route.fulfill({ status: 503, headers: { 'retry-after': '5' }, contentType: 'application/json', body: JSON.stringify(CHAIN_DOWN) }),
    );
    // The server builds the deposit from what it reads on chain: unreachable for it too, it says so (its answer, as it sends it).
    await page.route('**/api/stakes/intents', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify(INTENT_NOT_CREATED) })
        : route.fallback(),
    );
    const prompts = phantom.requests.length;
    const dialog = await openStake(holderPages, 'Starter');
    await expect(dialog.getByTestId('balance')).toHaveText(`Balance unavailable: ${CHAIN_DOWN.message}`);
    await dialog.getByLabel('Amount (SDT)').fill('150');
    await dialog.getByRole('button', { name: 'Confirm Stake' }).click();
    const toast = holderPages.toast('Stake Failed');
    await expect(toast).toContainText(INTENT_NOT_CREATED.message);
    const text = (await toast.textContent()) ?? '';
    expect(text).not.toMatch(/\b\d{3}\b|[{}]|Service Unavailable|Error/);
    expect(phantom.requests.slice(prompts).map((r) => r.op)).not.toContain('signAndSendTransaction');
  });

  test('a toast opened while the dialog is up sits above it', async ({ page }) => {
    const holderPages = new HolderPages(page);
    await holderPages.connectFromLanding();
    const dialog = await openStake(holderPages, 'Starter');
    await dialog.getByLabel('Amount (SDT)').fill('50');
    await dialog.getByRole('button', { name: 'Confirm Stake' }).click();
    const toast = holderPages.toast('Invalid Amount');
    await expect(toast).toBeVisible();
    await expect(dialog).toBeVisible();
    // Settled (it slides in), then the topmost element at its centre must be the toast itself.
    await expect
      .poll(() =>
        toast.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return element.contains(top);
        }),
      )
      .toBe(true);
    // And it is not inert: its close button works while the dialog stays open.
    await toast.getByRole('button', { name: /close/i }).click();
    await expect(toast).toBeHidden();
    await expect(dialog).toBeVisible();
  });
});
