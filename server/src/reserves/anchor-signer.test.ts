import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Keypair, PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReservesSnapshot } from '@stakedesk/shared/api-types';
import { anchorMemoText } from '@stakedesk/shared/reserves/snapshot';
import { createLogger } from '../logger.js';
import { MEMO_PROGRAM_ID } from '../chain/memo.js';
import { openPayoutSigner } from '../signer/open-payout-signer.js';
import type { PayoutSigner } from '../signer/payout-signer.js';
import { startPayoutWorld, tokens, type PayoutWorld } from '../test/payout-world.js';
import { anchorWithSigner } from './anchor.service.js';
import { takeReservesSnapshot } from './take-snapshot.js';

// With PAYOUT_SIGNER configured the server anchors each new snapshot by itself from the hot
// wallet (DESIGN 13 and 14), on a Token-2022 mint with a transfer fee: the zero transfers pay none.
const hot = Keypair.generate();
const keyDir = mkdtempSync(path.join(tmpdir(), 'stakedesk-hot-'));
const keyFile = path.join(keyDir, 'hot.json');
writeFileSync(keyFile, JSON.stringify(Array.from(hot.secretKey)), { mode: 0o600 });
const HOT_FLOAT = 5_000;

let world: PayoutWorld;
let signer: PayoutSigner;

beforeAll(async () => {
  signer = openPayoutSigner(`keyfile:${keyFile}`)!;
  world = await startPayoutWorld({ mintKind: 'token-2022 1% fee', payoutSigner: signer });
  await world.chain.airdrop(hot.publicKey, 10_000_000_000);
  await world.chain.mintTo(world.mint, hot.publicKey, tokens(HOT_FLOAT));
  await world.stakeThroughIntent(await world.fundedHolder(2_000), 1_000);
}, 60_000);
afterAll(async () => {
  await world.close();
  rmSync(keyDir, { recursive: true, force: true });
});

const takeSnapshot = () =>
  takeReservesSnapshot({ database: world.api.db, chain: world.flaky(), hotWallet: hot.publicKey.toBase58() }, null);
const listed = async (id: number) =>
  (await world.api.request<AdminReservesSnapshot[]>('GET', '/api/admin/reserves/snapshots', undefined, world.token)).body.find(
    (snapshot) => snapshot.id === id,
  )!;

/** Every transaction the hot wallet signed whose memo is `root`: the anchors of that snapshot on chain. */
async function anchorsOnChain(root: string): Promise<string[]> {
  const history = await world.chain.connection.getSignaturesForAddress(hot.publicKey, { limit: 100 });
  const found: string[] = [];
  for (const { signature } of history) {
    const tx = (await world.chain.connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 }))!;
    const keys = tx.transaction.message.staticAccountKeys;
    const memos = tx.transaction.message.compiledInstructions.filter((instruction) =>
      keys[instruction.programIdIndex]!.equals(MEMO_PROGRAM_ID),
    );
    if (memos.some((memo) => Buffer.from(memo.data).toString('utf8') === anchorMemoText(root))) found.push(signature);
  }
  return found;
}

/** How many times the server handed an anchor of `root` to the network. */
const sendsOf = (root: string) => world.flaky().sent.filter((wire) => Buffer.from(wire).includes(Buffer.from(anchorMemoText(root)))).length;

describe('a snapshot with a signer configured', () => {
  it('is anchored by the server from the hot wallet, with every reserve balance at the anchor’s slot', async () => {
    const snapshot = await takeSnapshot();
    expect(snapshot.reserves.map((reserve) => reserve.wallet)).toContain(hot.publicKey.toBase58());

    await world.api.anchorReserves();

    const anchored = await listed(snapshot.id);
    expect(anchored.anchorSignature).not.toBeNull();
    expect(anchored.anchor).toEqual({ status: 'landed', signature: anchored.anchorSignature });
    expect(await anchorsOnChain(snapshot.root)).toEqual([anchored.anchorSignature]);
    const landed = await world.chain.connection.getTransaction(anchored.anchorSignature!, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
    expect(landed!.transaction.message.staticAccountKeys[0]!.toBase58()).toBe(hot.publicKey.toBase58());
    expect(anchored.slot).toBe(landed!.slot);
    for (const reserve of anchored.reserves) {
      expect(reserve.balance).toBe(String(world.chain.tokenAmountAt(new PublicKey(reserve.tokenAccount))));
    }
    // A transfer of 0 paid no fee: the hot wallet holds its float to the unit.
    expect(anchored.reserves.find((reserve) => reserve.wallet === hot.publicKey.toBase58())!.balance).toBe(String(tokens(HOT_FLOAT)));
    // The next round leaves it alone.
    await world.api.anchorReserves();
    expect(await anchorsOnChain(snapshot.root)).toEqual([anchored.anchorSignature]);
  });

  it('sends one anchor when two rounds run at once', async () => {
    const snapshot = await takeSnapshot();

    await Promise.all([world.api.anchorReserves(), world.api.anchorReserves()]);
    await world.api.anchorReserves();

    // Both rounds build and sign the same message: only the claim keeps the second from sending it too.
    expect(sendsOf(snapshot.root)).toBe(1);
    const anchored = await listed(snapshot.id);
    expect(anchored.anchorSignature).not.toBeNull();
    expect(await anchorsOnChain(snapshot.root)).toEqual([anchored.anchorSignature]);
  });

  it('finds an anchor that landed while the server was down between sending it and recording it', async () => {
    const snapshot = await takeSnapshot();
    const logger = createLogger('silent');
    // Sent, and the instance stops before it looks at the chain again.
    expect(await anchorWithSigner(world.api.db, world.flaky(), logger, signer, snapshot.id)).toBe(true);
    const [sent] = await anchorsOnChain(snapshot.root);
    expect((await listed(snapshot.id)).anchorSignature).toBeNull();

    await world.api.anchorReserves();

    expect((await listed(snapshot.id)).anchorSignature).toBe(sent);
    expect(await anchorsOnChain(snapshot.root)).toEqual([sent]);
  });

  it('anchors again after an anchor’s blockhash died without it landing', async () => {
    const snapshot = await takeSnapshot();
    world.flaky().beforeSend = async () => {
      throw new Error('dropped');
    };
    // The provider drops it: recorded as sent, never on chain.
    await anchorWithSigner(world.api.db, world.flaky(), createLogger('silent'), signer, snapshot.id).catch(() => undefined);
    world.flaky().beforeSend = null;
    expect((await listed(snapshot.id)).anchor?.status).toBe('sent');
    world.chain.advanceSlots(400);

    await world.api.anchorReserves();
    await world.api.anchorReserves();

    const anchored = await listed(snapshot.id);
    expect(anchored.anchor?.status).toBe('landed');
    expect(await anchorsOnChain(snapshot.root)).toEqual([anchored.anchorSignature]);
  });

  it('leaves to an owner a snapshot in which the hot wallet holds no reserve account', async () => {
    const snapshot = await takeReservesSnapshot({ database: world.api.db, chain: world.flaky() }, null);
    expect(snapshot.reserves.map((reserve) => reserve.wallet)).not.toContain(hot.publicKey.toBase58());

    await world.api.anchorReserves();

    expect(await listed(snapshot.id)).toMatchObject({ anchorSignature: null, anchor: null });
    expect(sendsOf(snapshot.root)).toBe(0);
  });

  it('does not send again by itself after an anchor failed on chain (it cost a fee and would fail again)', async () => {
    const snapshot = await takeSnapshot();
    world.flaky().beforeSend = async () => {
      throw new Error('dropped');
    };
    await anchorWithSigner(world.api.db, world.flaky(), createLogger('silent'), signer, snapshot.id).catch(() => undefined);
    world.flaky().beforeSend = null;
    // As the follower records one that landed with an error.
    await world.api.db.query(`UPDATE reserves_anchors SET status = 'failed' WHERE snapshot_id = :id`, {
      replacements: { id: snapshot.id },
    });

    await world.api.anchorReserves();

    expect((await listed(snapshot.id)).anchor?.status).toBe('failed');
    expect(sendsOf(snapshot.root)).toBe(0);
  });
});
