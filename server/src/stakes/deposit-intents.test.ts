import { createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { type Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositIntent, Stake, StakingPlan } from '@stakedesk/shared/api-types';
import { english, msg } from '@stakedesk/shared/i18n/catalogue';
import { MESSAGES, minimumStakeMessage, planCapacityMessage } from '@stakedesk/shared/messages';
import { DECIMALS, startChainStakingServer, tokens, type ChainStakingServer, type Staker } from '../test/chain-staking-server.js';
import { createPlan } from '../test/fixtures.js';
import { startLaggingRpc, type LaggingRpc } from '../test/lagging-rpc.js';
import type { TestChain } from '@stakedesk/test-support/test-chain';
import type { TestServer } from '../test/test-server.js';

// Deposits found by their reference (Solana Pay's convention), on the real SPL Token program: the
// server follows the staking wallet's token account (deposit-follower.test.ts: Token-2022, cost).
let world: ChainStakingServer;
let lagging: LaggingRpc;
let chain: TestChain;
let api: TestServer;
let token: string;
let plan: StakingPlan;
let mint: PublicKey;
let stakingWallet: Keypair;
let fundedHolder: ChainStakingServer['fundedHolder'];

beforeAll(async () => {
  // A provider that may not see a transaction yet, in front of the chain.
  world = await startChainStakingServer({ rpcUrl: async (testChain) => (lagging = await startLaggingRpc(testChain.url)).url });
  ({ chain, api, token, plan, mint, stakingWallet, fundedHolder } = world);
}, 60_000);
afterAll(async () => {
  await world.close();
  await lagging.close();
});

const makeIntent = (staker: Staker, body: Record<string, unknown> = {}) =>
  api.request<DepositIntent>(
    'POST',
    '/api/stakes/intents',
    { planId: plan.id, amount: '1000', walletAddress: staker.wallet, ...body },
    { as: staker.wallet },
  );

/** The holder app's transfer: transferChecked to the staking wallet with the reference as an extra read-only account. */
function transfer(from: Keypair, amount: number, reference?: string, to = stakingWallet.publicKey): Promise<string> {
  const instruction = createTransferCheckedInstruction(
    getAssociatedTokenAddressSync(mint, from.publicKey),
    mint,
    getAssociatedTokenAddressSync(mint, to),
    from.publicKey,
    tokens(amount),
    DECIMALS,
  );
  if (reference) instruction.keys.push({ pubkey: new PublicKey(reference), isSigner: false, isWritable: false });
  const transaction = new Transaction().add(instruction);
  transaction.feePayer = from.publicKey;
  return chain.sendTransaction(transaction, [from]);
}

const record = (staker: Staker, txId: string, planId = plan.id, amount = '1000') =>
  api.request<Stake>(
    'POST',
    '/api/stakes',
    { planId, walletAddress: staker.wallet, txId, amount, status: 'active' },
    { as: staker.wallet },
  );

async function stakeOfIntent(intentId: number): Promise<Stake | undefined> {
  const [rows] = await api.db.query('SELECT stake_id FROM deposit_intents WHERE id = :intentId', { replacements: { intentId } });
  const stakeId = (rows as { stake_id: number | null }[])[0]?.stake_id;
  if (!stakeId) return undefined;
  const staker = (await api.db.query('SELECT wallet_address FROM stakes WHERE id = :stakeId', { replacements: { stakeId } }))[0] as {
    wallet_address: string;
  }[];
  const listed = await api.request<Stake[]>('GET', `/api/stakes/${staker[0]!.wallet_address}`);
  return listed.body.find((stake) => stake.id === stakeId);
}

describe('POST /api/stakes/intents', () => {
  it('answers a fresh reference, where the tokens go, and when the offer ends', async () => {
    const staker = await fundedHolder();
    const response = await makeIntent(staker);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      tokenContract: mint.toBase58(),
      stakingWallet: stakingWallet.publicKey.toBase58(),
      stakeId: null,
    });
    expect(new PublicKey(response.body.reference).toBase58()).toBe(response.body.reference);
    expect(Date.parse(response.body.expiresAt) - Date.now()).toBeGreaterThan(10 * 60_000);
    const again = await makeIntent(staker);
    expect(again.body.reference).not.toBe(response.body.reference);
  });

  it('needs the wallet signed in (401) as itself (403)', async () => {
    const staker = await fundedHolder();
    const other = await fundedHolder();
    const body = { planId: plan.id, amount: '1000', walletAddress: staker.wallet };
    expect(await api.request('POST', '/api/stakes/intents', body)).toMatchObject({
      status: 401,
      body: { message: MESSAGES.walletSessionRequired },
    });
    expect(await api.request('POST', '/api/stakes/intents', body, { as: other.wallet })).toMatchObject({
      status: 403,
      body: { message: MESSAGES.walletNotYours },
    });
  });

  it('refuses what a deposit would be refused for, before anything is signed', async () => {
    const staker = await fundedHolder();
    expect((await makeIntent(staker, { amount: '99' })).body).toHaveProperty('errors', { amount: minimumStakeMessage('100', 'CHN') });
    expect((await makeIntent(staker, { planId: 999_999 })).status).toBe(404);
    const paused = await createPlan(api, token, { name: 'Paused' });
    await api.request('PATCH', `/api/admin/staking-plans/${paused.id}/toggle`, undefined, token);
    expect(await makeIntent(staker, { planId: paused.id })).toMatchObject({ status: 409, body: { message: MESSAGES.planInactive } });
    const small = await createPlan(api, token, { name: 'Small', minStakeAmount: '1', maxTotalStaked: '500' } as Partial<StakingPlan>);
    expect(await makeIntent(staker, { planId: small.id })).toMatchObject({
      status: 409,
      body: { message: planCapacityMessage('500', 'CHN') },
    });
    expect((await makeIntent(staker, { amount: '1.5' })).status).toBe(400);
  });
});

describe('a deposit found by its reference', () => {
  it("is recorded by the server on its own, with the browser gone, and the holder's later post answers the same stake", async () => {
    const staker = await fundedHolder();
    const intent = (await makeIntent(staker)).body;
    const txId = await transfer(staker.keypair, 1000, intent.reference);

    await api.followChain();
    const stake = await stakeOfIntent(intent.id);
    expect(stake).toMatchObject({
      txId,
      amount: '1000',
      rewardAmount: '100',
      status: 'active',
      walletAddress: staker.wallet,
      plan: { id: plan.id },
    });
    expect(stake).toMatchObject({ tokenContract: mint.toBase58(), stakingWallet: stakingWallet.publicKey.toBase58() });

    const posted = await record(staker, txId);
    expect(posted.status).toBe(200);
    expect(posted.body.id).toBe(stake!.id);
    const own = await api.request<DepositIntent>('GET', `/api/stakes/intents/${intent.id}`, undefined, { as: staker.wallet });
    expect(own.body.stakeId).toBe(stake!.id);
    await api.followChain();
    const [rows] = await api.db.query('SELECT count(*)::int AS n FROM stakes WHERE tx_id = :txId', { replacements: { txId } });
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('keeps the terms the holder was shown when the plan is edited and deactivated meanwhile', async () => {
    const changing = await createPlan(api, token, { name: 'Changing', yieldRate: '25', durationDays: 90, earlyPenaltyRate: '5' });
    const staker = await fundedHolder();
    const intent = (await makeIntent(staker, { planId: changing.id })).body;
    const edit = { name: 'Changed', yieldRate: '1', durationDays: 365, minStakeAmount: '5000', earlyPenaltyRate: '50' };
    expect((await api.request('PUT', `/api/admin/staking-plans/${changing.id}`, edit, token)).status).toBe(200);
    expect((await api.request('PATCH', `/api/admin/staking-plans/${changing.id}/toggle`, undefined, token)).body.isActive).toBe(false);

    const txId = await transfer(staker.keypair, 1000, intent.reference);
    // The holder's own post is not refused for the closed plan: the intent's terms hold.
    const posted = await record(staker, txId, changing.id);
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({
      rewardAmount: '250',
      plan: { id: changing.id, name: 'Changing', yieldRate: '25', durationDays: 90, earlyPenaltyRate: '5' },
    });
  });

  it('is recorded though the plan was deleted meanwhile (the plan is hidden, not removed)', async () => {
    const doomed = await createPlan(api, token, { name: 'Doomed' });
    const staker = await fundedHolder();
    const intent = (await makeIntent(staker, { planId: doomed.id })).body;
    expect((await api.request('DELETE', `/api/admin/staking-plans/${doomed.id}`, undefined, token)).status).toBe(204);
    await transfer(staker.keypair, 1000, intent.reference);
    await api.followChain();
    expect(await stakeOfIntent(intent.id)).toMatchObject({ amount: '1000', plan: { id: doomed.id, name: 'Doomed' } });
  });

  it('is recorded when the transfer lands after the intent expired, within the grace', async () => {
    const staker = await fundedHolder();
    const intent = (await makeIntent(staker)).body;
    await api.db.query(`UPDATE deposit_intents SET expires_at = now() - interval '1 minute' WHERE id = :id`, {
      replacements: { id: intent.id },
    });
    await api.followChain(); // nothing yet
    expect(await stakeOfIntent(intent.id)).toBeUndefined();
    const txId = await transfer(staker.keypair, 1000, intent.reference);
    await api.followChain();
    expect(await stakeOfIntent(intent.id)).toMatchObject({ txId });
  });

  it('waits for a transaction the provider lists but does not return yet, then records it', async () => {
    const staker = await fundedHolder();
    const intent = (await makeIntent(staker)).body;
    const txId = await transfer(staker.keypair, 1000, intent.reference);
    lagging.hide(txId, 1);
    expect(await api.followDeposits()).toBe(0);
    expect(await stakeOfIntent(intent.id)).toBeUndefined();
    expect(await api.followDeposits()).toBe(1);
    expect(await stakeOfIntent(intent.id)).toMatchObject({ txId });
  });

  it("is not satisfied by someone else's transaction listing the reference; the holder's own transfer is", async () => {
    const staker = await fundedHolder();
    const attacker = await fundedHolder();
    const intent = (await makeIntent(staker)).body;
    // The reference is public once a transfer is seen: the attacker sends their own tokens with it.
    await transfer(attacker.keypair, 1000, intent.reference);
    await api.followChain();
    expect(await stakeOfIntent(intent.id)).toBeUndefined();
    const own = await transfer(staker.keypair, 1000, intent.reference);
    await api.followChain();
    expect(await stakeOfIntent(intent.id)).toMatchObject({ txId: own, walletAddress: staker.wallet });
  });

  it('refuses a front-runner: another session cannot post it (403), and as their own wallet the chain disproves it (422)', async () => {
    const staker = await fundedHolder();
    const bot = await fundedHolder();
    const longest = await createPlan(api, token, { name: 'Longest', durationDays: 3650, earlyPenaltyRate: '99' });
    const intent = (await makeIntent(staker)).body;
    const txId = await transfer(staker.keypair, 1000, intent.reference);
    const asAlice = { planId: longest.id, walletAddress: staker.wallet, txId, amount: '1000', status: 'active' };
    expect((await api.request('POST', '/api/stakes', asAlice, { as: bot.wallet })).status).toBe(403);
    expect((await api.request('POST', '/api/stakes', { ...asAlice, walletAddress: bot.wallet }, { as: bot.wallet })).status).toBe(422);
    const mine = await record(staker, txId);
    expect(mine.status).toBe(201);
    expect(mine.body.plan.id).toBe(plan.id);
  });

  it('answers "not found yet" with 503 retryable (never a final refusal) until the provider sees it, then records it', async () => {
    const staker = await fundedHolder();
    const intent = (await makeIntent(staker)).body;
    const txId = await transfer(staker.keypair, 1000, intent.reference);
    lagging.hide(txId, 2);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const early = await record(staker, txId);
      expect(early.status).toBe(503);
      expect(early.body).toMatchObject({ retryable: true });
    }
    expect((await record(staker, txId)).status).toBe(201);
  });

  it('a deposit without an intent (a client that never asks for one) is still recorded on the plan as it is', async () => {
    const staker = await fundedHolder();
    const txId = await transfer(staker.keypair, 1000);
    expect((await record(staker, txId)).status).toBe(201);
  });

  it("GET /api/stakes/intents/{id} is the holder's own", async () => {
    const staker = await fundedHolder();
    const other = await fundedHolder();
    const intent = (await makeIntent(staker)).body;
    expect((await api.request('GET', `/api/stakes/intents/${intent.id}`, undefined, { as: other.wallet })).status).toBe(403);
    expect((await api.request('GET', `/api/stakes/intents/${intent.id}`)).status).toBe(401);
    expect((await api.request('GET', '/api/stakes/intents/999999', undefined, { as: staker.wallet })).status).toBe(404);
  });
});

const tooManyOpenIntentsMessage = english(msg('tooManyOpenIntents', { max: 5 }));

describe('open intents per wallet', () => {
  const openIntents = async (wallet: string) =>
    (
      (
        await api.db.query(
          `SELECT count(*)::int AS n FROM deposit_intents
           WHERE wallet_address = :wallet AND stake_id IS NULL AND cancelled_at IS NULL AND expires_at > now()`,
          { replacements: { wallet } },
        )
      )[0] as { n: number }[]
    )[0]!.n;

  it('are at most 5: the 6th answers 409 tooManyOpenIntents; another wallet is not held by them', async () => {
    const staker = await fundedHolder();
    for (let i = 0; i < 5; i++) expect((await makeIntent(staker)).status).toBe(201);
    const sixth = await makeIntent(staker);
    expect(sixth.status).toBe(409);
    expect(sixth.body).toEqual({ message: tooManyOpenIntentsMessage, code: 'tooManyOpenIntents', params: { max: 5 } });
    expect(await openIntents(staker.wallet)).toBe(5);
    expect((await makeIntent(await fundedHolder())).status).toBe(201);
  });

  it('make room when one is recorded, expires or is cancelled', async () => {
    const staker = await fundedHolder();
    const intents = [];
    for (let i = 0; i < 5; i++) intents.push((await makeIntent(staker)).body);
    expect((await makeIntent(staker)).status).toBe(409);

    await record(staker, await transfer(staker.keypair, 1000, intents[0]!.reference));
    const afterRecorded = await makeIntent(staker);
    expect(afterRecorded.status).toBe(201);
    expect((await makeIntent(staker)).status).toBe(409);

    await api.db.query(`UPDATE deposit_intents SET expires_at = now() - interval '1 second' WHERE id = :id`, {
      replacements: { id: intents[1]!.id },
    });
    expect((await makeIntent(staker)).status).toBe(201);
    expect((await makeIntent(staker)).status).toBe(409);

    expect((await cancel(staker, intents[2]!.id)).status).toBe(204);
    expect((await makeIntent(staker)).status).toBe(201);
    expect((await makeIntent(staker)).status).toBe(409);
  });

  it('hold when 10 are asked for at once, on any connection: at most 5 are made', async () => {
    const staker = await fundedHolder();
    const answers = await Promise.all(Array.from({ length: 10 }, () => makeIntent(staker)));
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(5).fill(201), ...Array(5).fill(409)]);
    expect(await openIntents(staker.wallet)).toBe(5);
  });
});

const cancel = (staker: Staker | undefined, id: number) =>
  api.request('DELETE', `/api/stakes/intents/${id}`, undefined, staker ? { as: staker.wallet } : {});

describe('DELETE /api/stakes/intents/{id}: the wallet declined', () => {
  it("answers 204 to the intent's own wallet (again too); 401 without a session, 403 for another wallet, 404 unknown", async () => {
    const staker = await fundedHolder();
    const other = await fundedHolder();
    const intent = (await makeIntent(staker)).body;
    expect(await cancel(undefined, intent.id)).toMatchObject({ status: 401, body: { code: 'walletSessionRequired' } });
    expect(await cancel(other, intent.id)).toMatchObject({ status: 403, body: { code: 'walletNotYours' } });
    expect(await cancel(staker, 999_999)).toMatchObject({ status: 404, body: { code: 'depositIntentNotFound' } });
    const [untouched] = await api.db.query('SELECT cancelled_at FROM deposit_intents WHERE id = :id', {
      replacements: { id: intent.id },
    });
    expect(untouched).toEqual([{ cancelled_at: null }]);

    const response = await cancel(staker, intent.id);
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();
    expect((await cancel(staker, intent.id)).status).toBe(204);
  });

  it('refuses to cancel an intent whose deposit is recorded (409), and the stake stands', async () => {
    const staker = await fundedHolder();
    const intent = (await makeIntent(staker)).body;
    const txId = await transfer(staker.keypair, 1000, intent.reference);
    expect((await record(staker, txId)).status).toBe(201);
    expect(await cancel(staker, intent.id)).toMatchObject({ status: 409, body: { code: 'depositIntentRecorded' } });
    expect(await stakeOfIntent(intent.id)).toMatchObject({ txId, status: 'active' });
  });

  it("forgets no money: a transfer carrying a cancelled intent's reference that lands anyway is found and recorded on its terms", async () => {
    const staker = await fundedHolder();
    const intent = (await makeIntent(staker)).body;
    expect((await cancel(staker, intent.id)).status).toBe(204);
    // A wallet that said no and sent anyway (or a second device that signed it).
    const txId = await transfer(staker.keypair, 1000, intent.reference);
    await api.followChain();
    expect(await stakeOfIntent(intent.id)).toMatchObject({ txId, amount: '1000', plan: { id: plan.id }, walletAddress: staker.wallet });
    // The holder's own post answers the same stake.
    expect((await record(staker, txId)).status).toBe(200);
  });

  it("records a cancelled intent's transfer when the holder posts it, too", async () => {
    const staker = await fundedHolder();
    const intent = (await makeIntent(staker)).body;
    await cancel(staker, intent.id);
    const txId = await transfer(staker.keypair, 1000, intent.reference);
    const posted = await record(staker, txId);
    expect(posted.status).toBe(201);
    expect(await stakeOfIntent(intent.id)).toMatchObject({ id: posted.body.id });
  });
});
