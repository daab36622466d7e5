import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECIMALS, startPayoutWorld, tokens, type PayoutWorld } from '../test/payout-world.js';
import { STEP_UP } from '../test/test-server.js';

// A pasted TXID (SPEC's Process dialog) is verified on chain as before; the server checks it against the withdrawal's own terms.
let world: PayoutWorld;

beforeAll(async () => {
  world = await startPayoutWorld();
}, 60_000);
afterAll(() => world.close());

describe('payout checks', () => {
  it('refuses a pasted TXID older than the withdrawal request (422)', async () => {
    const early = await world.pendingWithdrawal();
    const old = await world.chain.transfer({
      mint: world.mint,
      from: world.stakingWallet,
      to: early.holder.publicKey,
      rawAmount: tokens(800),
      decimals: DECIMALS,
    });
    await world.api.db.query(`UPDATE withdrawals SET requested_at = now() + interval '1 minute' WHERE id = :id`, {
      replacements: { id: early.withdrawal.id },
    });
    const pasted = await world.api.request(
      'PUT',
      `/api/admin/withdrawals/${early.withdrawal.id}`,
      { status: 'completed', txId: old },
      world.token,
    );
    expect(pasted).toMatchObject({ status: 422, body: { message: 'The transaction is older than the withdrawal request' } });
  });

  it("pays from the stake's own staking wallet: after the settings name another, a payout from it is refused", async () => {
    const { withdrawal, holder } = await world.pendingWithdrawal();
    const newWallet = Keypair.generate();
    await world.chain.airdrop(newWallet.publicKey, 1_000_000_000);
    await world.chain.mintTo(world.mint, newWallet.publicKey, tokens(10_000));
    const settings = {
      tokenName: 'Chain Token',
      tokenSymbol: 'CHN',
      tokenContract: world.mint.toBase58(),
      stakingWallet: newWallet.publicKey.toBase58(),
      ...STEP_UP,
    };
    expect((await world.api.request('PUT', '/api/admin/settings', settings, world.token)).status).toBe(200);
    try {
      expect((await world.adminWithdrawal(withdrawal.id)).stakingWallet).toBe(world.stakingWallet.publicKey.toBase58());
      const fromNew = await world.chain.transfer({
        mint: world.mint,
        from: newWallet,
        to: holder.publicKey,
        rawAmount: tokens(800),
        decimals: DECIMALS,
      });
      const refused = await world.api.request(
        'PUT',
        `/api/admin/withdrawals/${withdrawal.id}`,
        { status: 'completed', txId: fromNew },
        world.token,
      );
      expect(refused).toMatchObject({
        status: 422,
        body: { message: `The tokens did not come from the staking wallet ${world.stakingWallet.publicKey.toBase58()}` },
      });
      const fromOwn = await world.chain.transfer({
        mint: world.mint,
        from: world.stakingWallet,
        to: holder.publicKey,
        rawAmount: tokens(800),
        decimals: DECIMALS,
      });
      expect(
        (await world.api.request('PUT', `/api/admin/withdrawals/${withdrawal.id}`, { status: 'completed', txId: fromOwn }, world.token))
          .status,
      ).toBe(200);
    } finally {
      await world.api.request(
        'PUT',
        '/api/admin/settings',
        { ...settings, stakingWallet: world.stakingWallet.publicKey.toBase58() },
        world.token,
      );
    }
  });
});
