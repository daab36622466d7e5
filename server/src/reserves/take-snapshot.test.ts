import { randomBytes } from 'node:crypto';
import { Keypair } from '@solana/web3.js';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stake, Withdrawal } from '@stakedesk/shared/api-types';
import { toHex } from '@stakedesk/shared/reserves/bytes';
import type { ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import { buildReservesTree } from '@stakedesk/shared/reserves/tree';
import { verifyReservesProof } from '@stakedesk/shared/reserves/verify';
import { SolanaChain } from '../chain/solana-chain.js';
import { ageStake } from '../test/fixtures.js';
import { startChainStakingServer, tokens, type ChainStakingServer, type Staker } from '../test/chain-staking-server.js';
import { randomWallet, STEP_UP } from '../test/test-server.js';
import { reservesSalt } from './salt.js';
import { dailyReservesSnapshot, SNAPSHOT_LOCK, takeReservesSnapshot } from './take-snapshot.js';
import { storedProof, storeTree } from './tree-storage.js';

// Snapshots of proof of reserves on the test chain (the real token programs): every holder's
// liability as their stakes and withdrawals imply it, a proof each that the shared verifier accepts,
// the reserves read at one slot, and proofs read from storage exactly as the tree built them.
let world: ChainStakingServer;
let chain: SolanaChain;
let emptyBook: ReservesSnapshot;
const holders: Staker[] = [];
const hot = Keypair.generate();

/** What a wallet is owed, in raw units, as its own lists show it: active and completed stakes in full, pending withdrawals' final amount. */
async function owedByLists(wallet: string): Promise<bigint> {
  const stakes = (await world.api.request<Stake[]>('GET', `/api/stakes/${wallet}`)).body;
  const withdrawals = (await world.api.request<Withdrawal[]>('GET', `/api/withdrawals/${wallet}`)).body;
  const whole =
    stakes
      .filter((s) => s.status === 'active' || s.status === 'completed')
      .reduce((sum, s) => sum + BigInt(s.amount) + BigInt(s.rewardAmount), 0n) +
    withdrawals.filter((w) => w.status === 'pending').reduce((sum, w) => sum + BigInt(w.finalAmount), 0n);
  return tokens(whole);
}

const settingsWith = (stakingWallet: string) => ({
  tokenName: 'Chain Token',
  tokenSymbol: 'CHN',
  tokenContract: world.mint.toBase58(),
  stakingWallet,
  ...STEP_UP,
});

const snapshotNow = (hotWallet?: string) => takeReservesSnapshot({ database: world.api.db, chain, hotWallet }, null);

beforeAll(async () => {
  world = await startChainStakingServer();
  chain = new SolanaChain(async () => world.chain.url, 3_000);
  emptyBook = await snapshotNow();
  const [a, b] = [await world.fundedHolder(), await world.fundedHolder()];
  holders.push(a, b);
  // a: one stake running, one completed (its term over, marked by the expiry round).
  await world.stakeThroughIntent(a, 500);
  const done = await world.stakeThroughIntent(a, 300);
  await ageStake(world.api, done.id, 31);
  // b: one stake unstaked early (a pending withdrawal of principal less the penalty), one restaked when complete.
  const early = await world.stakeThroughIntent(b, 1000);
  const unstake = await world.api.request('POST', '/api/withdrawals', { stakeId: early.id, walletAddress: b.wallet }, { as: b.wallet });
  expect(unstake.status).toBe(201);
  const again = await world.stakeThroughIntent(b, 200);
  await ageStake(world.api, again.id, 31);
  expect((await world.api.request('POST', '/api/admin/update-expired-stakes', undefined, world.token)).status).toBe(200);
  const restake = await world.api.request(
    'POST',
    '/api/stakes/restake',
    { originalStakeId: again.id, planId: world.plan.id, walletAddress: b.wallet },
    { as: b.wallet },
  );
  expect(restake.status).toBe(201);
  await world.chain.airdrop(hot.publicKey, 1_000_000_000);
  await world.chain.mintTo(world.mint, hot.publicKey, tokens(777));
}, 120_000);
afterAll(() => world.close());

describe('a snapshot of reserves', () => {
  it('of an empty book is valid: no leaf, the zero leaf as root, nothing owed', () => {
    expect(emptyBook).toMatchObject({ leafCount: 0, root: '0'.repeat(64), totalLiabilities: '0', coveragePercent: null });
    expect(emptyBook.reserves).toEqual([
      expect.objectContaining({ wallet: world.stakingWallet.publicKey.toBase58(), balance: String(tokens(1_000_000)) }),
    ]);
  });

  it('gives every holder a leaf of exactly what their stakes and withdrawals owe them, and a proof the shared verifier accepts', async () => {
    const snapshot = await snapshotNow();
    expect(snapshot.leafCount).toBe(holders.length);
    let total = 0n;
    for (const { wallet } of holders) {
      const proof = (await storedProof(world.api.db, snapshot.id, wallet))!;
      const owed = await owedByLists(wallet);
      expect(owed).toBeGreaterThan(0n);
      expect(proof.liability).toBe(owed.toString());
      expect(verifyReservesProof(proof, snapshot.root, snapshot.totalLiabilities)).toEqual({ ok: true, liability: owed });
      total += owed;
    }
    expect(snapshot.totalLiabilities).toBe(total.toString());
    // The treasury's total (whole tokens) counts the same rule.
    const treasury = await world.api.request('GET', '/api/admin/treasury', undefined, world.token);
    expect(tokens(BigInt(treasury.body.liabilities.total))).toBe(total);
    expect(await storedProof(world.api.db, snapshot.id, randomWallet())).toBeUndefined();
  });

  it('counts the staking wallet, an earlier staking wallet that still owes, and the hot wallet, at one slot', async () => {
    const earlier = world.stakingWallet.publicKey.toBase58();
    const next = Keypair.generate();
    await world.chain.airdrop(next.publicKey, 1_000_000_000);
    await world.chain.mintTo(world.mint, next.publicKey, tokens(5));
    const moved = await world.api.request('PUT', '/api/admin/settings', settingsWith(next.publicKey.toBase58()), world.token);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    try {
      const snapshot = await snapshotNow(hot.publicKey.toBase58());
      expect(snapshot.reserves.map(({ wallet, balance }) => [wallet, balance])).toEqual([
        [next.publicKey.toBase58(), String(tokens(5))],
        [earlier, expect.any(String)],
        [hot.publicKey.toBase58(), String(tokens(777))],
      ]);
      const held = snapshot.reserves.reduce((sum, r) => sum + BigInt(r.balance), 0n);
      expect(held).toBe(
        world.chain.tokenBalance(world.mint, next.publicKey) +
          world.chain.tokenBalance(world.mint, world.stakingWallet.publicKey) +
          world.chain.tokenBalance(world.mint, hot.publicKey),
      );
      expect(snapshot.slot).toBeGreaterThan(0);
      const percent = (held * 10_000n) / BigInt(snapshot.totalLiabilities);
      expect(snapshot.coveragePercent).toBe(`${percent / 100n}.${String(percent % 100n).padStart(2, '0')}`);
    } finally {
      const back = await world.api.request('PUT', '/api/admin/settings', settingsWith(earlier), world.token);
      expect(back.status).toBe(200);
    }
  });

  it('takes one snapshot at a time: while one is being taken, another is refused with its code and the daily round skips', async () => {
    let release!: () => void;
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    // Another instance's snapshot, as far as the lock goes.
    const other = world.api.db.transaction(async (transaction) => {
      await world.api.db.query('SELECT pg_advisory_xact_lock(:lock)', { replacements: { lock: SNAPSHOT_LOCK }, transaction });
      held();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await holding;
    const before = (await world.api.request<ReservesSnapshot>('GET', '/api/reserves')).body.id;
    await expect(snapshotNow()).rejects.toMatchObject({ status: 409, coded: { code: 'reservesSnapshotInProgress' } });
    await world.api.db.query(`UPDATE reserves_snapshots SET taken_at = taken_at - interval '1 day'`);
    expect(await dailyReservesSnapshot({ database: world.api.db, chain })).toBeNull();
    expect((await world.api.request<ReservesSnapshot>('GET', '/api/reserves')).body.id).toBe(before);
    release();
    await other;
    const next = await snapshotNow();
    expect(next.id).toBeGreaterThan(before);
    for (const { wallet } of holders) {
      const proof = (await storedProof(world.api.db, next.id, wallet))!;
      expect(verifyReservesProof(proof, next.root, next.totalLiabilities).ok).toBe(true);
    }
  });
});

describe('the daily snapshot', () => {
  it('is taken once a day has gone by since the last, once however many rounds run at the same moment', async () => {
    const deps = { database: world.api.db, chain };
    expect(await dailyReservesSnapshot(deps)).toBeNull();
    await world.api.db.query(`UPDATE reserves_snapshots SET taken_at = taken_at - interval '1 day'`);
    const rounds = await Promise.all([dailyReservesSnapshot(deps), dailyReservesSnapshot(deps), dailyReservesSnapshot(deps)]);
    expect(rounds.filter((taken) => taken !== null)).toHaveLength(1);
    expect(await dailyReservesSnapshot(deps)).toBeNull();
  });
});

describe('a proof read from storage', () => {
  it('is exactly the proof the tree in memory gives, for hundreds of holders across several chunks', async () => {
    const secret = randomBytes(32);
    const [{ id }] = (await world.api.db.query<{ id: string }>(
      `INSERT INTO reserves_snapshots (mint, decimals, slot, root, total_liabilities, leaf_count, reserves, salt_secret)
       VALUES ('m', 6, 1, :root, 0, 0, '[]', :secret) RETURNING id`,
      { replacements: { root: '0'.repeat(64), secret }, type: QueryTypes.SELECT },
    )) as [{ id: string }];
    const snapshotId = Number(id);
    const wallets = Array.from({ length: 2_500 }, () => randomWallet());
    const tree = buildReservesTree(
      wallets.map((wallet, i) => ({
        wallet,
        liability: BigInt(i % 7 === 0 ? 0 : i * 1_000_003),
        salt: reservesSalt(secret, snapshotId, wallet),
      })),
      snapshotId,
    );
    await world.api.db.transaction((transaction) => storeTree(world.api.db, tree, transaction));
    await world.api.db.query(`UPDATE reserves_snapshots SET leaf_count = :n, root = :root WHERE id = :id`, {
      replacements: { n: tree.leafCount, root: toHex(tree.root.hash), id: snapshotId },
    });
    const sample = [...wallets.slice(0, 300), wallets[wallets.length - 1]!];
    for (const wallet of sample) expect(await storedProof(world.api.db, snapshotId, wallet)).toEqual(tree.proofOf(wallet));
  });
});
