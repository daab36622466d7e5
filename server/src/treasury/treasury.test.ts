import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stake, StakingPlan, TreasuryCoverage, Withdrawal } from '@stakedesk/shared/api-types';
import { ageStake, createPlan, MINT, openStaking, STAKING_WALLET, stakeFor } from '../test/fixtures.js';
import { randomTxId, randomWallet, startTestServer, STEP_UP, type TestServer } from '../test/test-server.js';
import { MESSAGES } from '@stakedesk/shared/messages';

let api: TestServer;
let token: string;
let gold: StakingPlan;
let long: StakingPlan;

const coverage = () => api.request<TreasuryCoverage>('GET', '/api/admin/treasury', undefined, token);

async function requestWithdrawal(stake: Stake): Promise<Withdrawal> {
  const response = await api.request<Withdrawal>(
    'POST',
    '/api/withdrawals',
    { stakeId: stake.id, walletAddress: stake.walletAddress },
    { as: stake.walletAddress },
  );
  expect(response.status).toBe(201);
  return response.body;
}

/**
 * Known books (Gold: 12.5%, 30 days, 10% penalty; Long: 20%, 60 days):
 *   active    1000 Gold, fresh                 owes 1125, due within 30 days
 *   active    2000 Gold, 25 days old           owes 2250, due within 7 days
 *   completed 4000 Gold                        owes 4500, due now
 *   pending   early withdrawal of 1000 Gold    owes  900 (its stake is not counted again)
 *   pending   full withdrawal of 3000 Gold     owes 3375
 *   withdrawn 500 Gold, paid out               owes nothing
 *   active    1000 Long, fresh                 owes 1200, due in 60 days
 *   withdrawn 2000 Gold restaked into 2250 Gold: the new stake owes 2250 + 281, due within 30 days
 */
beforeAll(async () => {
  api = await startTestServer({ treasuryCacheMs: 0 });
  token = await api.login();
  await openStaking(api, token);
  gold = await createPlan(api, token);
  long = await createPlan(api, token, { name: 'Long', yieldRate: '20', durationDays: 60 });

  await stakeFor(api, gold, { amount: '1000' });
  const endingSoon = await stakeFor(api, gold, { amount: '2000' });
  await ageStake(api, endingSoon.id, 25);
  const completed = await stakeFor(api, gold, { amount: '4000' });
  const early = await stakeFor(api, gold, { amount: '1000' });
  const full = await stakeFor(api, gold, { amount: '3000' });
  const paid = await stakeFor(api, gold, { amount: '500' });
  await stakeFor(api, long, { amount: '1000' });
  const restaked = await stakeFor(api, gold, { amount: '2000' });
  for (const stake of [completed, full, paid, restaked]) await ageStake(api, stake.id, 30);
  expect((await api.request('POST', '/api/admin/update-expired-stakes', undefined, token)).body).toEqual({ updatedCount: 4 });

  expect((await requestWithdrawal(early)).finalAmount).toBe('900');
  expect((await requestWithdrawal(full)).finalAmount).toBe('3375');
  const payout = await requestWithdrawal(paid);
  const txId = randomTxId();
  api.chain.addPayout({ txId, walletAddress: paid.walletAddress, amount: payout.finalAmount, mint: MINT });
  expect((await api.request('PUT', `/api/admin/withdrawals/${payout.id}`, { status: 'completed', txId }, token)).status).toBe(200);
  const restake = await api.request<Stake>(
    'POST',
    '/api/stakes/restake',
    { originalStakeId: restaked.id, planId: gold.id, walletAddress: restaked.walletAddress },
    { as: restaked.walletAddress },
  );
  expect(restake.body).toMatchObject({ amount: '2250', rewardAmount: '281' });
}, 60_000);
afterAll(() => api.close());

const LIABILITIES = { total: '15881', stakePrincipal: '10250', stakeRewards: '1356', pendingWithdrawals: '4275' };

describe('GET /api/admin/treasury', () => {
  it('answers the liabilities, what falls due, and the coverage, exactly', async () => {
    api.chain.setBalance(MINT, STAKING_WALLET, '12000');
    const response = await coverage();
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      balance: '12000',
      balanceUnavailable: null,
      balanceUnavailableReason: null,
      liabilities: LIABILITIES,
      dueWithin7Days: '11025',
      dueWithin30Days: '14681',
      coveragePercent: '75.56',
      covered: false,
      heldBalance: '12000',
      wallets: [{ stakingWallet: STAKING_WALLET, current: true, balance: '12000', owed: LIABILITIES.total }],
    });
  });

  it('reads fractional balances exactly and says when the wallet covers everything', async () => {
    api.chain.setBalance(MINT, STAKING_WALLET, '15881.000001');
    expect((await coverage()).body).toMatchObject({ balance: '15881.000001', coveragePercent: '100', covered: true });
  });

  it('answers the liabilities with the balance unknown when the chain cannot be asked', async () => {
    api.chain.reachable = false;
    try {
      const response = await coverage();
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ balance: null, coveragePercent: null, covered: null, liabilities: LIABILITIES });
      expect(response.body.balanceUnavailable).toMatch(/could not be asked|unreachable/i);
      // By code too: the chain's reason, never the "not configured" code.
      expect(response.body.balanceUnavailableReason).toEqual({
        code: 'chainProblem',
        params: { detail: 'The Solana RPC endpoint is unreachable' },
      });
    } finally {
      api.chain.reachable = true;
    }
  });

  it('is for admins only', async () => {
    expect((await api.request('GET', '/api/admin/treasury')).status).toBe(401);
  });
});

describe('settings cannot conjure liabilities', () => {
  const settings = { tokenName: 'Test Token', tokenSymbol: 'TST', tokenContract: MINT, stakingWallet: STAKING_WALLET, ...STEP_UP };

  it('refuses a new token contract while stakes are live (409), changing nothing', async () => {
    const worthless = randomWallet();
    const response = await api.request('PUT', '/api/admin/settings', { ...settings, tokenContract: worthless }, token);
    expect(response).toMatchObject({
      status: 409,
      body: { message: MESSAGES.tokenContractLocked, errors: { tokenContract: MESSAGES.tokenContractLocked } },
    });
    expect((await api.request<{ tokenContract: string }>('GET', '/api/settings')).body.tokenContract).toBe(MINT);
    // Saving the same contract again is no change, and is accepted.
    expect((await api.request('PUT', '/api/admin/settings', settings, token)).status).toBe(200);
  });

  it('after a staking-wallet change the headline still counts what the earlier wallet owes, and what it holds', async () => {
    const newWallet = randomWallet();
    api.chain.setBalance(MINT, STAKING_WALLET, '15000');
    expect((await api.request('PUT', '/api/admin/settings', { ...settings, stakingWallet: newWallet }, token)).status).toBe(200);
    try {
      api.chain.setBalance(MINT, newWallet, '200');
      const body = (await coverage()).body;
      // balance stays the current wallet's own; the headline is both wallets against everything owed.
      expect(body).toMatchObject({
        balance: '200',
        heldBalance: '15200',
        liabilities: LIABILITIES,
        dueWithin7Days: '11025',
        coveragePercent: '95.71',
        covered: false,
        wallets: [
          { stakingWallet: newWallet, current: true, balance: '200', owed: '0' },
          { stakingWallet: STAKING_WALLET, current: false, balance: '15000', owed: LIABILITIES.total },
        ],
      });
      expect(body.liabilitiesElsewhere).toEqual([{ tokenContract: MINT, stakingWallet: STAKING_WALLET, total: LIABILITIES.total }]);

      // A switched wallet full of tokens covers, but only with the earlier wallet's debt counted.
      api.chain.setBalance(MINT, newWallet, '1000000');
      expect((await coverage()).body).toMatchObject({ heldBalance: '1015000', liabilities: { total: LIABILITIES.total }, covered: true });
    } finally {
      await api.request('PUT', '/api/admin/settings', settings, token);
    }
    expect((await coverage()).body).toMatchObject({
      liabilities: LIABILITIES,
      liabilitiesElsewhere: [],
      wallets: [{ stakingWallet: STAKING_WALLET }],
    });
  });
});
