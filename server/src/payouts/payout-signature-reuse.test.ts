import bs58 from 'bs58';
import type { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Withdrawal } from '@stakedesk/shared/api-types';
import { booksProblems } from '../test/books.js';
import { startPayoutWorld, tokens, type PayoutWorld } from '../test/payout-world.js';
import { STEP_UP } from '../test/test-server.js';

// One payout transaction pays what it sent one wallet once (DESIGN 15): the signature of a payout
// the server built is never a pasted TXID for another withdrawal, and a landing that would pay a
// wallet twice goes to review instead of stopping the follower.
let world: PayoutWorld;

beforeAll(async () => {
  world = await startPayoutWorld();
}, 60_000);
afterAll(() => world.close());

/** One holder owed the same amount twice (two stakes of 1,000, both withdrawn early: 800 each), so one transfer "pays" either. */
async function twinWithdrawals(): Promise<{ first: Withdrawal; second: Withdrawal; holder: Keypair }> {
  const staker = await world.fundedHolder(2_000);
  const requested: Withdrawal[] = [];
  for (let i = 0; i < 2; i++) {
    const stake = await world.stakeThroughIntent(staker, 1_000);
    const withdrawal = await world.api.request<Withdrawal>(
      'POST',
      '/api/withdrawals',
      { stakeId: stake.id, walletAddress: staker.wallet },
      { as: staker.wallet },
    );
    expect(withdrawal.status).toBe(201);
    requested.push(withdrawal.body);
  }
  return { first: requested[0]!, second: requested[1]!, holder: staker.keypair };
}

/** A payout of `withdrawalId` signed, posted and sent by the server (it lands at once on the test chain); its signature. */
async function sentPayout(withdrawalId: number): Promise<{ id: number; signature: string }> {
  const prepared = (await world.prepare([withdrawalId])).body;
  const signed = world.sign(prepared);
  expect((await world.postSigned(prepared.id, signed)).status).toBe(200);
  return { id: prepared.id, signature: bs58.encode(signed.signature!) };
}

const paste = (withdrawalId: number, txId: string) =>
  world.api.request('PUT', `/api/admin/withdrawals/${withdrawalId}`, { status: 'completed', txId }, world.token);

describe("a pasted TXID that is a payout's signature", () => {
  it('is refused with txIdInUse while that payout is in flight, and the payout then completes its own withdrawal', async () => {
    const { first, second, holder } = await twinWithdrawals();
    const before = world.chain.tokenBalance(world.mint, holder.publicKey);
    const p1 = await sentPayout(first.id);
    // The transfer did land and did send this wallet 800: only the server's record says whose it is.
    expect(world.chain.tokenBalance(world.mint, holder.publicKey) - before).toBe(tokens(800));
    expect(await paste(second.id, p1.signature)).toMatchObject({
      status: 409,
      body: { code: 'txIdInUse', params: { payoutId: p1.id } },
    });
    expect(await world.followUntilEnded(p1.id)).toMatchObject({ status: 'completed', signature: p1.signature });
    expect(await world.adminWithdrawal(first.id)).toMatchObject({ status: 'completed', txId: p1.signature });
    expect(await world.adminWithdrawal(second.id)).toMatchObject({ status: 'pending' });
    // And after it ended, still refused: the signature is a payout's.
    expect(await paste(second.id, p1.signature)).toMatchObject({ status: 409, body: { code: 'txIdInUse' } });
    expect(await booksProblems(world.api.db)).toEqual([]);
  });
});

describe('a landing whose transfer already paid another withdrawal of the same wallet', () => {
  it('sends that payout to review without stopping the follower; the others are followed, and an owner can release the withdrawal to pay it', async () => {
    const { first, second, holder } = await twinWithdrawals();
    const other = await world.pendingWithdrawal();
    const before = world.chain.tokenBalance(world.mint, holder.publicKey);
    const p1 = await sentPayout(first.id);
    const p3 = await sentPayout(other.withdrawal.id);
    // What an older server (or a paste racing the payout's post) left: W2 completed on P1's signature.
    await world.api.db.query(
      `INSERT INTO used_transactions (tx_id, purpose) VALUES (:signature, 'payout');
       UPDATE withdrawals SET status = 'completed', tx_id = :signature, processed_at = now() WHERE id = :id;
       UPDATE stakes SET status = 'withdrawn', completed_at = now() WHERE id = :stakeId`,
      { replacements: { signature: p1.signature, id: second.id, stakeId: second.stakeId } },
    );

    await expect(world.api.followChain()).resolves.toBeUndefined();
    const reason = { code: 'payoutWalletAlreadyPaid', params: { withdrawalId: second.id } };
    expect(await world.payout(p1.id)).toMatchObject({
      status: 'needs_review',
      reason,
      recipients: [{ withdrawalId: first.id, outcome: 'review', reason, evidenceSignature: p1.signature }],
    });
    // The round went on to the next payout.
    expect(await world.payout(p3.id)).toMatchObject({ status: 'completed', signature: p3.signature });
    expect(await world.adminWithdrawal(first.id)).toMatchObject({ status: 'pending', payout: { holds: true } });
    // Later rounds leave it alone.
    await expect(world.api.followChain()).resolves.toBeUndefined();

    // The owner cannot record W1 as paid by a transfer that paid W2; releasing it makes it payable again.
    const resolve = (body: object) => world.api.request('POST', `/api/admin/withdrawals/${first.id}/resolve`, body, world.token);
    expect(await resolve({ action: 'paid', note: 'looks paid', ...STEP_UP })).toMatchObject({
      status: 409,
      body: { code: 'payoutWalletAlreadyPaid', params: { withdrawalId: second.id } },
    });
    expect(await resolve({ action: 'release', note: 'one transfer, two withdrawals: pay the second', ...STEP_UP })).toMatchObject({
      status: 200,
      body: { status: 'pending' },
    });
    const again = await sentPayout(first.id);
    expect(await world.followUntilEnded(again.id)).toMatchObject({ status: 'completed' });
    expect(world.chain.tokenBalance(world.mint, holder.publicKey) - before).toBe(tokens(1_600));
    expect(await world.adminWithdrawal(first.id)).toMatchObject({ status: 'completed', txId: again.signature });
    expect(await booksProblems(world.api.db)).toEqual([]);
  });
});

describe('a payout the follower cannot settle for a reason nobody foresaw', () => {
  it('keeps the other payouts followed in the same round; the round then fails, naming it, and the payout is settled once the cause is gone', async () => {
    const stuck = await sentPayout((await world.pendingWithdrawal()).withdrawal.id);
    const fine = await sentPayout((await world.pendingWithdrawal()).withdrawal.id);
    // The database refuses to end that one payout (standing in for any fault of one row).
    await world.api.db.query(`
      CREATE FUNCTION refuse_payout() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'payout % refused by the test', OLD.id; END $$;
      CREATE TRIGGER refuse_payout BEFORE UPDATE OF status ON payouts FOR EACH ROW WHEN (OLD.id = ${stuck.id})
        EXECUTE FUNCTION refuse_payout();`);
    try {
      await expect(world.api.followChain()).rejects.toThrow(`payout ${stuck.id} refused by the test`);
      expect(await world.payout(fine.id)).toMatchObject({ status: 'completed' });
      expect(await world.payout(stuck.id)).toMatchObject({ status: 'sent' });
    } finally {
      await world.api.db.query('DROP TRIGGER refuse_payout ON payouts; DROP FUNCTION refuse_payout()');
    }
    expect(await world.followUntilEnded(stuck.id)).toMatchObject({ status: 'completed' });
  });
});
