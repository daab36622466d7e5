import { PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReservesSnapshot, PreparedReservesAnchor } from '@stakedesk/shared/api-types';
import { anchorMemoText } from '@stakedesk/shared/reserves/snapshot';
import { coveragePercent } from '@stakedesk/shared/treasury';
import { MEMO_PROGRAM_ID } from '../chain/memo.js';
import { takeReservesSnapshot } from './take-snapshot.js';
import { startPayoutWorld, type PayoutWorld } from '../test/payout-world.js';

// An owner anchors a snapshot with the staking wallet (DESIGN 14 through section 11's path): the
// server builds the anchor, the wallet signs it, the server holds the signed copy to its own
// message, sends it, and records what the landed transaction says on chain.
let world: PayoutWorld;

beforeAll(async () => {
  world = await startPayoutWorld();
  await world.stakeThroughIntent(await world.fundedHolder(1_000), 1_000);
}, 60_000);
afterAll(() => world.close());

const takeSnapshot = () => takeReservesSnapshot({ database: world.api.db, chain: world.flaky() }, null);
const prepare = (id: number) =>
  world.api.request<PreparedReservesAnchor>('POST', `/api/admin/reserves/snapshots/${id}/anchor/prepare`, {}, world.token);
const submit = (id: number, transaction: string) =>
  world.api.request<AdminReservesSnapshot>('POST', `/api/admin/reserves/snapshots/${id}/anchor/submit`, { transaction }, world.token);
const listed = async (id: number) =>
  (await world.api.request<AdminReservesSnapshot[]>('GET', '/api/admin/reserves/snapshots', undefined, world.token)).body.find(
    (snapshot) => snapshot.id === id,
  );

/** What the chain itself says of a transaction: its memos and its slot. */
async function onChain(signature: string) {
  const found = (await world.chain.connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 }))!;
  const keys = found.transaction.message.staticAccountKeys;
  const memos = found.transaction.message.compiledInstructions
    .filter((instruction) => keys[instruction.programIdIndex]!.equals(MEMO_PROGRAM_ID))
    .map((instruction) => Buffer.from(instruction.data).toString('utf8'));
  return { memos, slot: found.slot, signer: keys[0]!.toBase58() };
}

describe('an owner anchoring a snapshot with the staking wallet', () => {
  it('publishes the root in a memo the staking wallet signed, and the snapshot takes the anchor’s balances and slot', async () => {
    const snapshot = await takeSnapshot();
    expect(snapshot.anchorSignature).toBeNull();
    expect((await listed(snapshot.id))?.anchor).toBeNull();

    const prepared = await prepare(snapshot.id);
    expect(prepared.status).toBe(200);
    expect(prepared.body.payer).toBe(world.stakingWallet.publicKey.toBase58());
    const signed = world.wire(world.sign(prepared.body)).toString('base64');
    const anchored = await submit(snapshot.id, signed);

    expect(anchored.status).toBe(200);
    const signature = anchored.body.anchorSignature!;
    expect(anchored.body.anchor).toEqual({ status: 'landed', signature });
    const landed = await onChain(signature);
    expect(landed.memos).toEqual([anchorMemoText(snapshot.root)]);
    expect(landed.signer).toBe(world.stakingWallet.publicKey.toBase58());
    expect(anchored.body.slot).toBe(landed.slot);
    expect(anchored.body.reserves.map((reserve) => reserve.tokenAccount)).toEqual(snapshot.reserves.map((reserve) => reserve.tokenAccount));
    for (const reserve of anchored.body.reserves) {
      expect(reserve.balance).toBe(String(world.chain.tokenAmountAt(new PublicKey(reserve.tokenAccount))));
    }
    const held = anchored.body.reserves.reduce((sum, reserve) => sum + BigInt(reserve.balance), 0n);
    expect(anchored.body.coveragePercent).toBe(coveragePercent(String(held), snapshot.totalLiabilities));
    expect(await listed(snapshot.id)).toEqual(anchored.body);
  });

  it('refuses a signed copy that is not the prepared anchor, and sends nothing', async () => {
    const snapshot = await takeSnapshot();
    const prepared = await prepare(snapshot.id);
    const wire = world.wire(world.sign(prepared.body));
    const last = wire.length - 1; // the message's last byte: the last transfer's decimals
    wire[last] = wire.readUInt8(last) ^ 1;
    const sentBefore = world.flaky().sent.length;

    const refused = await submit(snapshot.id, wire.toString('base64'));

    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'reservesAnchorAltered' });
    expect(world.flaky().sent.length).toBe(sentBefore);
    expect((await listed(snapshot.id))?.anchorSignature).toBeNull();
    // The prepared anchor is still the one to sign.
    expect((await submit(snapshot.id, world.wire(world.sign(prepared.body)).toString('base64'))).status).toBe(200);
  });

  it('never sends a second anchor of an anchored snapshot', async () => {
    const snapshot = await takeSnapshot();
    const signed = world.wire(world.sign((await prepare(snapshot.id)).body)).toString('base64');
    const first = await submit(snapshot.id, signed);
    expect(first.status).toBe(200);
    const sentBefore = world.flaky().sent.length;

    const again = await submit(snapshot.id, signed);
    const prepareAgain = await prepare(snapshot.id);

    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'reservesAlreadyAnchored', params: { signature: first.body.anchorSignature } });
    expect(prepareAgain.status).toBe(409);
    expect(prepareAgain.body).toMatchObject({ code: 'reservesAlreadyAnchored' });
    expect(world.flaky().sent.length).toBe(sentBefore);
  });

  it('answers a copy posted before any prepare with the code to prepare first', async () => {
    const snapshot = await takeSnapshot();
    const refused = await submit(snapshot.id, Buffer.from('not prepared').toString('base64'));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'reservesAnchorNotPrepared' });
  });
});
