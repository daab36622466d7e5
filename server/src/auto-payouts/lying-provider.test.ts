import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSettings, AutoPayoutStatus } from '@stakedesk/shared/api-types';
import { EXPIRY_CONFIRM_BLOCKS } from '../payouts/follow.js';
import { openPayoutSigner } from '../signer/open-payout-signer.js';
import { startLyingRpc, type LyingRpc } from '../test/lying-rpc.js';
import { startPayoutWorld, tokens, type PayoutWorld } from '../test/payout-world.js';
import { STEP_UP } from '../test/test-server.js';

// DESIGN 15's attack on automatic payouts, with no second provider: the server's only RPC provider
// hides every payout it is handed (it lands on the real chain all the same) and answers block
// heights far past every blockhash's life. Each payout then looks expired. Before, the expiry freed
// the withdrawal and the daily limit, and the next round paid it again: 4,000 for 800 owed in 5 rounds.
const hot = Keypair.generate();
const keyDir = mkdtempSync(path.join(tmpdir(), 'stakedesk-hot-'));
const keyFile = path.join(keyDir, 'hot.json');
writeFileSync(keyFile, JSON.stringify(Array.from(hot.secretKey)), { mode: 0o600 });
const MAX_PER_24H = 2_000;

let world: PayoutWorld;
let liar: LyingRpc;

beforeAll(async () => {
  world = await startPayoutWorld({
    payoutSigner: openPayoutSigner(`keyfile:${keyFile}`)!,
    rpcUrl: async (chain) => (liar = await startLyingRpc(chain.url)).url,
  });
  await world.chain.airdrop(hot.publicKey, 10_000_000_000);
  await world.chain.mintTo(world.mint, hot.publicKey, tokens(50_000));
  const { tokenName, tokenSymbol, tokenContract, stakingWallet } = (
    await world.api.request<AdminSettings>('GET', '/api/admin/settings', undefined, world.token)
  ).body;
  const autoPayout = {
    enabled: true,
    maxPerWithdrawal: '1000',
    maxPer24h: String(MAX_PER_24H),
    minHotBalance: '0',
    newWalletDelayHours: 0,
  };
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

const hotBalance = () => world.chain.tokenBalance(world.mint, hot.publicKey);

describe('a lying RPC provider over 5 automatic rounds, with no second provider', () => {
  it('pays the holder exactly once, keeps within maxPer24h, and leaves the withdrawal to an operator', async () => {
    const { withdrawal, holder } = await world.pendingWithdrawal(1000); // 800 owed
    const holderBefore = world.chain.tokenBalance(world.mint, holder.publicKey);
    const hotBefore = hotBalance();
    liar.hideSent = true;
    liar.heightAhead = 1_000;

    for (let round = 0; round < 5; round++) {
      await world.api.autoPayouts();
      // The follower's two looks, EXPIRY_CONFIRM_BLOCKS apart: dead blockhash, no copy anywhere it is told of.
      await world.api.followChain();
      world.chain.advanceSlots(EXPIRY_CONFIRM_BLOCKS + 1);
      await world.api.followChain();
      expect(hotBefore - hotBalance(), `the hot wallet's outflow after round ${round + 1}`).toBeLessThanOrEqual(tokens(MAX_PER_24H));
    }

    expect(world.chain.tokenBalance(world.mint, holder.publicKey) - holderBefore).toBe(tokens(800));
    expect(hotBefore - hotBalance()).toBe(tokens(800));
    const listed = await world.adminWithdrawal(withdrawal.id);
    expect(listed).toMatchObject({
      status: 'pending',
      payout: { status: 'expired', holds: false },
      autoPayoutHold: { code: 'autoPayoutAfterExpiry', params: { id: listed.payout!.id } },
    });
    // The expired payout's 800 stay counted for 24 hours.
    const status = (await world.api.request<AutoPayoutStatus>('GET', '/api/admin/auto-payouts', undefined, world.token)).body;
    expect(status.paidLast24h).toBe('800');

    // The operator checks the chain with a provider that tells the truth, finds the payout that
    // landed, and records it by its TXID: the withdrawal completes, nothing more is sent.
    liar.hideSent = false;
    liar.hidden.clear();
    liar.heightAhead = 0;
    const account = getAssociatedTokenAddressSync(world.mint, holder.publicKey);
    const [landed] = await world.chain.connection.getSignaturesForAddress(account, { limit: 1 });
    expect(landed!.signature).toBe(listed.payout!.signature);
    // Only for its own withdrawal: another withdrawal may never complete on a payout's signature.
    const other = await world.pendingWithdrawal(1000);
    const elsewhere = await world.api.request(
      'PUT',
      `/api/admin/withdrawals/${other.withdrawal.id}`,
      { status: 'completed', txId: landed!.signature },
      world.token,
    );
    expect(elsewhere).toMatchObject({ status: 409, body: { code: 'txIdInUse' } });
    const pasted = await world.api.request(
      'PUT',
      `/api/admin/withdrawals/${withdrawal.id}`,
      { status: 'completed', txId: landed!.signature },
      world.token,
    );
    expect(pasted.status).toBe(200);
    expect(await world.adminWithdrawal(withdrawal.id)).toMatchObject({ status: 'completed', txId: landed!.signature });
    expect(world.chain.tokenBalance(world.mint, holder.publicKey) - holderBefore).toBe(tokens(800));
  });
});
