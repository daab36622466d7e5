import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AdminSettings } from '@stakedesk/shared/api-types';
import type { AutoPayoutPolicy } from '@stakedesk/shared/auto-payout';
import { openPayoutSigner } from '../signer/open-payout-signer.js';
import { DECIMALS, startPayoutWorld, tokens, type PayoutWorld } from '../test/payout-world.js';
import { STEP_UP } from '../test/test-server.js';
import { EXPIRY_CONFIRM_BLOCKS } from './follow.js';

// A transfer to a holder counts against a payout only when the payout's payer signed it (DESIGN 15):
// anyone can send a holder tokens, and a stranger must not be able to stop automatic payouts with one.
const hot = Keypair.generate();
const keyDir = mkdtempSync(path.join(tmpdir(), 'stakedesk-hot-'));
const keyFile = path.join(keyDir, 'hot.json');
writeFileSync(keyFile, JSON.stringify(Array.from(hot.secretKey)), { mode: 0o600 });

let world: PayoutWorld;

beforeAll(async () => {
  world = await startPayoutWorld({ payoutSigner: openPayoutSigner(`keyfile:${keyFile}`)! });
  await world.chain.airdrop(hot.publicKey, 10_000_000_000);
  await world.chain.mintTo(world.mint, hot.publicKey, tokens(10_000));
}, 60_000);
afterAll(async () => {
  await world.close();
  rmSync(keyDir, { recursive: true, force: true });
});

const POLICY: AutoPayoutPolicy = {
  enabled: true,
  maxPerWithdrawal: '1000',
  maxPer24h: '100000',
  minHotBalance: '100',
  newWalletDelayHours: 0,
};

async function setPolicy(policy: AutoPayoutPolicy) {
  const { tokenName, tokenSymbol, tokenContract, stakingWallet } = (
    await world.api.request<AdminSettings>('GET', '/api/admin/settings', undefined, world.token)
  ).body;
  const body = { tokenName, tokenSymbol, tokenContract, stakingWallet, autoPayout: policy, ...STEP_UP };
  expect((await world.api.request('PUT', '/api/admin/settings', body, world.token)).status).toBe(200);
}

it("a stranger's 1-unit transfer to the holder, listing the payer, while its payout is open: ignored; the payout expires, no review, and automatic payouts go on", async () => {
  await setPolicy({ ...POLICY, enabled: false });
  const { withdrawal, holder } = await world.pendingWithdrawal();
  const before = world.chain.tokenBalance(world.mint, holder.publicKey);
  const prepared = (await world.prepare([withdrawal.id])).body; // an operator's payout that nobody signs

  // The stranger's transfer names the staking wallet as an extra read-only account (as a Solana Pay
  // reference is named), so it is listed among the payer's transactions the follower reads.
  const stranger = Keypair.generate();
  await world.chain.airdrop(stranger.publicKey, 1_000_000_000);
  await world.chain.mintTo(world.mint, stranger.publicKey, 1n);
  const transfer = createTransferCheckedInstruction(
    getAssociatedTokenAddressSync(world.mint, stranger.publicKey),
    world.mint,
    getAssociatedTokenAddressSync(world.mint, holder.publicKey),
    stranger.publicKey,
    1n,
    DECIMALS,
  );
  transfer.keys.push({ pubkey: world.stakingWallet.publicKey, isSigner: false, isWritable: false });
  const dust = await world.chain.sendTransaction(new Transaction({ feePayer: stranger.publicKey }).add(transfer), [stranger]);
  expect((await world.chain.connection.getSignaturesForAddress(world.stakingWallet.publicKey, { limit: 1 }))[0]?.signature).toBe(dust);

  world.chain.freezeClock(true);
  try {
    world.chain.advanceSlots(prepared.lastValidBlockHeight + 1 - world.chain.blockHeight());
    await world.api.followChain();
    world.chain.advanceSlots(EXPIRY_CONFIRM_BLOCKS);
    await world.api.followChain();
  } finally {
    world.chain.freezeClock(false);
  }
  expect(await world.payout(prepared.id)).toMatchObject({ status: 'expired', recipients: [{ outcome: 'freed' }] });
  expect(await world.adminWithdrawal(withdrawal.id)).toMatchObject({ status: 'pending', payout: { status: 'expired', holds: false } });

  // Nothing stops automatic payouts. The withdrawal whose payout expired waits for an operator (DESIGN 15:
  // an expiry is one provider's word); a fresh one is paid by the server from the hot wallet.
  const next = await world.pendingWithdrawal();
  await setPolicy(POLICY);
  expect(await world.api.autoPayouts()).toMatchObject({ stoppedBy: [], paid: [next.withdrawal.id], held: [withdrawal.id] });
  const automatic = (await world.adminWithdrawal(next.withdrawal.id)).payout!;
  expect(await world.followUntilEnded(automatic.id)).toMatchObject({ status: 'completed', payer: hot.publicKey.toBase58() });
  expect(world.chain.tokenBalance(world.mint, holder.publicKey) - before).toBe(1n);
});

it('a transfer the payer signed, though another wallet paid its fee, still puts the open payout under review', async () => {
  await setPolicy({ ...POLICY, enabled: false });
  const { withdrawal, holder } = await world.pendingWithdrawal();
  const prepared = (await world.prepare([withdrawal.id])).body;
  const feePayer = Keypair.generate();
  await world.chain.airdrop(feePayer.publicKey, 1_000_000_000);
  const transfer = createTransferCheckedInstruction(
    getAssociatedTokenAddressSync(world.mint, world.stakingWallet.publicKey),
    world.mint,
    getAssociatedTokenAddressSync(world.mint, holder.publicKey),
    world.stakingWallet.publicKey,
    1n,
    DECIMALS,
  );
  const sideways = await world.chain.sendTransaction(new Transaction({ feePayer: feePayer.publicKey }).add(transfer), [
    feePayer,
    world.stakingWallet,
  ]);
  world.chain.freezeClock(true);
  try {
    world.chain.advanceSlots(prepared.lastValidBlockHeight + 1 - world.chain.blockHeight());
    await world.api.followChain();
  } finally {
    world.chain.freezeClock(false);
  }
  expect(await world.payout(prepared.id)).toMatchObject({
    status: 'needs_review',
    reason: { code: 'payoutForeignTransfer', params: { signature: sideways } },
  });
});
