import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminSettings } from '@stakedesk/shared/api-types';
import { SolanaChain } from '../chain/solana-chain.js';
import { EXPIRY_CONFIRM_BLOCKS } from '../payouts/follow.js';
import { openPayoutSigner } from '../signer/open-payout-signer.js';
import { FlakyChain } from '../test/flaky-chain.js';
import { startLyingRpc, type LyingRpc } from '../test/lying-rpc.js';
import { startPayoutWorld, tokens, type PayoutWorld } from '../test/payout-world.js';
import { STEP_UP } from '../test/test-server.js';

// DESIGN 15 with SOLANA_VERIFY_RPC_URL: the server's first provider lies (it hides every payout it
// is handed, and may answer heights far ahead); the second one tells the truth. The lie is caught:
// no payout the first calls dead is expired, automatic payouts stop with rpcDisagree and send
// nothing, and once the first tells the truth again everything ends and flows as before.
const hot = Keypair.generate();
const keyDir = mkdtempSync(path.join(tmpdir(), 'stakedesk-hot-'));
const keyFile = path.join(keyDir, 'hot.json');
writeFileSync(keyFile, JSON.stringify(Array.from(hot.secretKey)), { mode: 0o600 });

let world: PayoutWorld;
let liar: LyingRpc;
/** The second provider: the test chain's own answers, reachable unless a test says otherwise. */
let second: FlakyChain;

beforeAll(async () => {
  world = await startPayoutWorld({
    payoutSigner: openPayoutSigner(`keyfile:${keyFile}`)!,
    rpcUrl: async (chain) => (liar = await startLyingRpc(chain.url)).url,
    secondProvider: (chain) => (second = new FlakyChain(new SolanaChain(async () => chain.url, 3_000), () => chain.blockHeight())),
  });
  await world.chain.airdrop(hot.publicKey, 10_000_000_000);
  await world.chain.mintTo(world.mint, hot.publicKey, tokens(50_000));
  const { tokenName, tokenSymbol, tokenContract, stakingWallet } = (
    await world.api.request<AdminSettings>('GET', '/api/admin/settings', undefined, world.token)
  ).body;
  const autoPayout = { enabled: true, maxPerWithdrawal: '1000', maxPer24h: '100000', minHotBalance: '0', newWalletDelayHours: 0 };
  const saved = await world.api.request(
    'PUT',
    '/api/admin/settings',
    { tokenName, tokenSymbol, tokenContract, stakingWallet, autoPayout, ...STEP_UP },
    world.token,
  );
  expect(saved.status).toBe(200);
}, 60_000);
afterAll(async () => {
  await world.close();
  await liar.close();
  rmSync(keyDir, { recursive: true, force: true });
});

/** The first provider tells the truth again (the operator switched provider, or it caught up). */
function truthAgain() {
  liar.hideSent = false;
  liar.heightAhead = 0;
  liar.hidden.clear();
  second.reachable = true;
}
beforeEach(truthAgain);

const sends = () => world.flaky().sent.length;
const received = (holder: Keypair) => world.chain.tokenBalance(world.mint, holder.publicKey);

/** The follower's two looks at a dead blockhash, EXPIRY_CONFIRM_BLOCKS apart (what calls a payout expired on one provider's word). */
async function followPastExpiry() {
  await world.api.followChain();
  world.chain.advanceSlots(EXPIRY_CONFIRM_BLOCKS + 1);
  await world.api.followChain();
}

/** The withdrawal's payout, sent by an automatic round while the first provider already hides what it is handed. */
async function paidWhileHidden() {
  const { withdrawal, holder } = await world.pendingWithdrawal(1000);
  liar.hideSent = true;
  expect(await world.api.autoPayouts()).toMatchObject({ stoppedBy: [], paid: [withdrawal.id] });
  const payoutId = (await world.adminWithdrawal(withdrawal.id)).payout!.id;
  return { withdrawal, holder, payoutId, before: received(holder) - tokens(800) };
}

describe('the first provider hides a landed payout and answers heights far ahead', () => {
  it('is caught by the heights: the payout stays open, automatic payouts stop with rpcDisagree over 5 rounds', async () => {
    const { withdrawal, holder, payoutId, before } = await paidWhileHidden();
    liar.heightAhead = 1_000;
    const next = await world.pendingWithdrawal(1000);
    const sent = sends();
    for (let round = 0; round < 5; round++) {
      await followPastExpiry();
      expect(await world.payout(payoutId)).toMatchObject({ status: 'sent' });
      const stopped = await world.api.autoPayouts();
      expect(stopped).toMatchObject({
        paid: [],
        stoppedBy: [{ code: 'rpcDisagree', params: { detail: { code: 'rpcHeightsApart' } } }],
      });
    }
    expect(sends()).toBe(sent);
    expect(received(holder) - before).toBe(tokens(800));

    // The truth again: the payout completes, and once the first provider's height is back past
    // the highest it answered before, the next withdrawal is paid as usual.
    truthAgain();
    expect(await world.followUntilEnded(payoutId)).toMatchObject({ status: 'completed' });
    expect(await world.adminWithdrawal(withdrawal.id)).toMatchObject({ status: 'completed' });
    world.chain.advanceSlots(1_000);
    expect(await world.api.autoPayouts()).toMatchObject({ stoppedBy: [], paid: [next.withdrawal.id] });
  });
});

describe('the first provider hides a landed payout, its heights true', () => {
  it('is caught by the second showing it: rpcDisagree names the payout, which completes once the first shows it', async () => {
    const { withdrawal, holder, payoutId, before } = await paidWhileHidden();
    world.chain.advanceSlots(160); // the payout's blockhash is dead on both providers
    const sent = sends();
    for (let round = 0; round < 5; round++) {
      await followPastExpiry();
      expect(await world.payout(payoutId)).toMatchObject({ status: 'sent' });
      expect(await world.api.autoPayouts()).toMatchObject({
        paid: [],
        stoppedBy: [{ code: 'rpcDisagree', params: { detail: { code: 'rpcSecondShowsCopy', params: { id: payoutId } } } }],
      });
    }
    expect(sends()).toBe(sent);
    expect(received(holder) - before).toBe(tokens(800));
    const status = await world.api.request('GET', '/api/admin/auto-payouts', undefined, world.token);
    expect(status.body).toMatchObject({ running: false, stoppedBy: [{ code: 'rpcDisagree' }] });

    truthAgain();
    expect(await world.followUntilEnded(payoutId)).toMatchObject({ status: 'completed' });
    expect(await world.adminWithdrawal(withdrawal.id)).toMatchObject({ status: 'completed' });
    expect(await world.api.autoPayouts()).toMatchObject({ stoppedBy: [] });
  });
});

describe('the second provider cannot be asked', () => {
  it('sends nothing and expires nothing until it answers again', async () => {
    const { payoutId } = await paidWhileHidden();
    second.reachable = false;
    const next = await world.pendingWithdrawal(1000);
    world.chain.advanceSlots(160);
    await followPastExpiry();
    expect(await world.payout(payoutId)).toMatchObject({ status: 'sent' });
    expect(await world.api.autoPayouts()).toMatchObject({
      paid: [],
      stoppedBy: [{ code: 'rpcDisagree', params: { detail: { code: 'rpcSecondUnavailable' } } }],
    });
    truthAgain();
    expect(await world.followUntilEnded(payoutId)).toMatchObject({ status: 'completed' });
    expect(await world.api.autoPayouts()).toMatchObject({ stoppedBy: [], paid: [next.withdrawal.id] });
  });
});

describe('both providers honest', () => {
  it('pays and completes as before, and a payout that never landed expires', async () => {
    const { withdrawal, holder } = await world.pendingWithdrawal(1000);
    const before = received(holder);
    expect(await world.api.autoPayouts()).toMatchObject({ stoppedBy: [], paid: [withdrawal.id] });
    const payoutId = (await world.adminWithdrawal(withdrawal.id)).payout!.id;
    expect(await world.followUntilEnded(payoutId)).toMatchObject({ status: 'completed' });
    expect(received(holder) - before).toBe(tokens(800));

    // An operator's payout nobody signed: both providers agree it can never land, so it expires.
    const other = await world.pendingWithdrawal(1000);
    const prepared = (await world.prepare([other.withdrawal.id])).body;
    world.chain.advanceSlots(160);
    await followPastExpiry();
    expect(await world.payout(prepared.id)).toMatchObject({ status: 'expired' });
    // Expired is still the providers' word: the server leaves that withdrawal to an operator.
    expect(await world.api.autoPayouts()).toMatchObject({ stoppedBy: [], paid: [], held: [other.withdrawal.id] });
    expect((await world.adminWithdrawal(other.withdrawal.id)).autoPayoutHold).toEqual({
      code: 'autoPayoutAfterExpiry',
      params: { id: prepared.id },
    });
  });
});
