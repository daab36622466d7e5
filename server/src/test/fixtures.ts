import type { Stake, StakingPlan, WalletSummary, Withdrawal } from '@stakedesk/shared/api-types';
import { isLive, rewardDue, stakeGroup, type StakeGroup } from '@stakedesk/shared/stake-status';
import { newHolder, randomTxId, randomWallet, startTestServer, STEP_UP, type Holder, type TestServer } from './test-server.js';

export const MINT = randomWallet();
export const STAKING_WALLET = randomWallet();

/** Token and staking wallet set, as an operator does before opening staking. */
/**
 * Staking configured as an earlier install left it (the row written directly): for a server whose
 * chain is no chain (an RPC stand-in answering anything), where saving a token contract, which
 * reads the mint, cannot succeed.
 */
export async function openStakingByHand(api: TestServer): Promise<void> {
  await api.db.query('UPDATE settings SET token_name = :name, token_symbol = :symbol, token_contract = :mint, staking_wallet = :wallet', {
    replacements: { name: 'Test Token', symbol: 'TST', mint: MINT, wallet: STAKING_WALLET },
  });
}

export async function openStaking(api: TestServer, token: string): Promise<void> {
  const response = await api.request(
    'PUT',
    '/api/admin/settings',
    { tokenName: 'Test Token', tokenSymbol: 'TST', tokenContract: MINT, stakingWallet: STAKING_WALLET, ...STEP_UP },
    token,
  );
  if (response.status !== 200) throw new Error(`settings: ${response.status} ${JSON.stringify(response.body)}`);
}

export async function createPlan(api: TestServer, token: string, overrides: Partial<StakingPlan> = {}): Promise<StakingPlan> {
  const response = await api.request<StakingPlan>(
    'POST',
    '/api/admin/staking-plans',
    { name: 'Gold', yieldRate: '12.5', durationDays: 30, minStakeAmount: '100', earlyPenaltyRate: '10', ...overrides },
    token,
  );
  if (response.status !== 201) throw new Error(`plan: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/**
 * Puts a transfer "on chain" and records it as a stake through the API, for a holder (a new one
 * unless given) who is signed in: `api.request(..., { as: stake.walletAddress })` acts as that holder.
 */
export async function stakeFor(api: TestServer, plan: { id: number }, options: { amount?: string; holder?: Holder } = {}): Promise<Stake> {
  const holder = options.holder ?? newHolder();
  await api.signIn(holder);
  const claim = { txId: randomTxId(), walletAddress: holder.wallet, amount: options.amount ?? '1000' };
  api.chain.addDeposit({ ...claim, mint: MINT, stakingWallet: STAKING_WALLET });
  const response = await api.request<Stake>('POST', '/api/stakes', { planId: plan.id, status: 'active', ...claim }, { as: holder.wallet });
  if (response.status !== 201) throw new Error(`stake: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** A test server open for staking (token and staking wallet set) with one plan: Gold, 12.5%, 30 days, min 100, 10% penalty. */
export async function startStakingServer(
  options: Parameters<typeof startTestServer>[0] = {},
): Promise<{ api: TestServer; token: string; plan: StakingPlan }> {
  const api = await startTestServer(options);
  const token = await api.login();
  await openStaking(api, token);
  return { api, token, plan: await createPlan(api, token) };
}

/** Moves a stake's start (and end) into the past, as if `days` had gone by. */
export async function ageStake(api: TestServer, stakeId: number, days: number): Promise<void> {
  await api.db.query(
    `UPDATE stakes SET created_at = created_at - make_interval(days => :days), ends_at = ends_at - make_interval(days => :days)
     WHERE id = :id`,
    { replacements: { id: stakeId, days } },
  );
}

export async function stakeStatus(api: TestServer, stakeId: number): Promise<string> {
  const [rows] = await api.db.query('SELECT status FROM stakes WHERE id = :id', { replacements: { id: stakeId } });
  return (rows as { status: string }[])[0]!.status;
}

/** A new holder, signed in: `api.request(..., { as: wallet })` acts as it. */
export async function signedInWallet(api: TestServer): Promise<string> {
  const holder = newHolder();
  await api.signIn(holder);
  return holder.wallet;
}

export async function countRows(
  api: TestServer,
  table: 'stakes' | 'withdrawals' | 'used_transactions' | 'audit_logs' | 'deposit_intents' | 'payouts',
): Promise<number> {
  const [rows] = await api.db.query(`SELECT count(*)::int AS n FROM ${table}`);
  return (rows as { n: number }[])[0]!.n;
}

/** The dashboard's summary as a wallet's full lists imply it by the shared rules (what the dashboard computed before the summary existed). */
export async function summaryImpliedByFullLists(api: TestServer, wallet: string): Promise<WalletSummary> {
  const stakes = (await api.request<Stake[]>('GET', `/api/stakes/${wallet}`)).body;
  const withdrawals = (await api.request<Withdrawal[]>('GET', `/api/withdrawals/${wallet}`)).body;
  const live = stakes.filter((s) => isLive(s.status));
  const sum = (values: string[]) => values.reduce((total, value) => total + BigInt(value), 0n).toString();
  const count = (group: StakeGroup) => stakes.filter((s) => stakeGroup(s) === group).length;
  return {
    totalStaked: sum(live.map((s) => s.amount)),
    totalRewards: sum(live.map(rewardDue)),
    stakes: { running: count('running'), complete: count('complete'), finished: count('finished') },
    pendingWithdrawals: withdrawals.filter((w) => w.status === 'pending').length,
  };
}
