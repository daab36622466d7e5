import { Keypair } from '@solana/web3.js';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESERVES_CHAIN_CHECK_CODES } from '@stakedesk/shared/reserves/check-failure';
import type { ReservesProof } from '@stakedesk/shared/reserves/proof';
import type { ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import { verifyReservesProof } from '@stakedesk/shared/reserves/verify';
import { roleRequiredMessage } from '@stakedesk/shared/messages';
import { alertInbox, type SentAlert } from '../test/alert-inbox.js';
import { startChainStakingServer, tokens, type ChainStakingServer, type Staker } from '../test/chain-staking-server.js';
import { newHolder, randomWallet } from '../test/test-server.js';
import { adminWithRole } from '../test/two-factor.js';
import { DEFAULT_RESERVES_PROOF_DAYS } from '../config.js';
import { pruneOldProofs } from './prune-proofs.js';

// The proof-of-reserves API (DESIGN 14) on the test chain, with a payout signer configured (its
// hot wallet counts in the reserves): owners take snapshots, anyone reads them, a holder reads
// their own proof only and reports a failed check, counted once and alerted once.
const hot = Keypair.generate();
let world: ChainStakingServer;
let a: Staker;
let b: Staker;
let alerts: () => Promise<SentAlert[]>;
const roles = {} as Record<'owner' | 'operator' | 'viewer', string>;

beforeAll(async () => {
  const signer = { publicKey: hot.publicKey, description: 'test hot wallet', sign: async () => new Uint8Array(64) };
  world = await startChainStakingServer({ payoutSigner: signer, allowPrivateRpc: true });
  for (const role of ['owner', 'operator', 'viewer'] as const) roles[role] = (await adminWithRole(world.api, world.token, role)).token;
  alerts = await alertInbox(world.api, world.token, ['reserves.check_failed']);
  a = await world.fundedHolder();
  b = await world.fundedHolder();
  await world.stakeThroughIntent(a, 400);
  await world.stakeThroughIntent(b, 250);
  await world.chain.airdrop(hot.publicKey, 1_000_000_000);
  await world.chain.mintTo(world.mint, hot.publicKey, tokens(321));
}, 120_000);
afterAll(() => world.close());

const takeSnapshot = (token = roles.owner) =>
  world.api.request<ReservesSnapshot>('POST', '/api/admin/reserves/snapshots', undefined, token);
const proofOf = (id: number, wallet: string, as?: string) =>
  world.api.request<ReservesProof>('GET', `/api/reserves/${id}/proof/${wallet}`, undefined, as ? { as } : {});
const reportFailure = (id: number, body: unknown, as?: string) =>
  world.api.request('POST', `/api/reserves/${id}/check-failures`, body, as ? { as } : {});

describe('snapshots', () => {
  it('answers 404 with its code before the first snapshot', async () => {
    const latest = await world.api.request('GET', '/api/reserves');
    expect(latest.status).toBe(404);
    expect(latest.body.code).toBe('reservesNoSnapshot');
  });

  it('are taken by owners only (201 with the published snapshot), viewers and operators are refused', async () => {
    for (const role of ['viewer', 'operator'] as const) {
      const refused = await takeSnapshot(roles[role]);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ message: roleRequiredMessage('owner') });
    }
    expect((await world.api.request('POST', '/api/admin/reserves/snapshots')).status).toBe(401);
    const taken = await takeSnapshot();
    expect(taken.status).toBe(201);
    expect(Object.keys(taken.body).sort()).toEqual(
      [
        'anchorSignature',
        'coveragePercent',
        'decimals',
        'id',
        'leafCount',
        'mint',
        'reserves',
        'root',
        'slot',
        'takenAt',
        'totalLiabilities',
      ].sort(),
    );
    expect(taken.body).toMatchObject({
      leafCount: 2,
      totalLiabilities: String(tokens(400 + 40 + 250 + 25)),
      anchorSignature: null,
      mint: world.mint.toBase58(),
      decimals: 6,
    });
    expect(taken.body.root).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(taken.body)).not.toMatch(/salt|secret/i);
    // The staking wallet's and the hot wallet's accounts, as the chain holds them.
    expect(taken.body.reserves.map(({ wallet, balance }) => [wallet, balance])).toEqual([
      [world.stakingWallet.publicKey.toBase58(), String(world.chain.tokenBalance(world.mint, world.stakingWallet.publicKey))],
      [hot.publicKey.toBase58(), String(tokens(321))],
    ]);
  });

  it('are public: the latest, and each by its id; an unknown or malformed id is refused with its code', async () => {
    const taken = (await takeSnapshot()).body;
    const latest = await world.api.request<ReservesSnapshot>('GET', '/api/reserves');
    expect(latest.status).toBe(200);
    expect(latest.body).toEqual(taken);
    expect((await world.api.request('GET', `/api/reserves/${taken.id}`)).body).toEqual(taken);
    const older = await world.api.request<ReservesSnapshot>('GET', `/api/reserves/${taken.id - 1}`);
    expect(older.body.id).toBe(taken.id - 1);
    const unknown = await world.api.request('GET', '/api/reserves/999999');
    expect([unknown.status, unknown.body.code]).toEqual([404, 'reservesSnapshotNotFound']);
    for (const bad of ['abc', '-1', '1.5', '0']) expect((await world.api.request('GET', `/api/reserves/${bad}`)).status, bad).toBe(400);
  });
});

describe("a holder's proof", () => {
  it("is that wallet's own: it verifies against the published root and total", async () => {
    const snapshot = (await world.api.request<ReservesSnapshot>('GET', '/api/reserves')).body;
    for (const [holder, whole] of [
      [a, 440],
      [b, 275],
    ] as const) {
      const proof = await proofOf(snapshot.id, holder.wallet, holder.wallet);
      expect(proof.status).toBe(200);
      expect(proof.body.liability).toBe(String(tokens(whole)));
      expect(verifyReservesProof(proof.body, snapshot.root, snapshot.totalLiabilities)).toEqual({ ok: true, liability: tokens(whole) });
    }
  });

  it("needs that wallet's session: 401 without one, 403 with another wallet's", async () => {
    const { id } = (await world.api.request<ReservesSnapshot>('GET', '/api/reserves')).body;
    const anonymous = await proofOf(id, a.wallet);
    expect(anonymous).toMatchObject({ status: 401, body: { code: 'walletSessionRequired' } });
    const other = await proofOf(id, a.wallet, b.wallet);
    expect(other).toMatchObject({ status: 403, body: { code: 'walletNotYours' } });
    expect(other.body).not.toHaveProperty('path');
  });

  it('is refused with a code, never a 500: a wallet with no leaf, an unknown snapshot, a bad wallet or id', async () => {
    const { id } = (await world.api.request<ReservesSnapshot>('GET', '/api/reserves')).body;
    const stranger = newHolder();
    await world.api.signIn(stranger);
    const noLeaf = await proofOf(id, stranger.wallet, stranger.wallet);
    expect(noLeaf).toMatchObject({ status: 404, body: { code: 'reservesNoLeaf' } });
    const unknown = await proofOf(999_999, a.wallet, a.wallet);
    expect(unknown).toMatchObject({ status: 404, body: { code: 'reservesSnapshotNotFound' } });
    expect((await proofOf(id, 'not-a-wallet', a.wallet)).status).toBe(400);
    expect((await proofOf(Number.NaN, a.wallet, a.wallet)).status).toBe(400);
  });

  it(`answers 410 with its code once the snapshot's proofs are pruned (older than RESERVES_PROOF_DAYS); the snapshot stays`, async () => {
    const old = (await takeSnapshot()).body;
    const newer = (await takeSnapshot()).body;
    await world.api.db.query(`UPDATE reserves_snapshots SET taken_at = now() - interval '91 days' WHERE id = :id`, {
      replacements: { id: old.id },
    });
    expect(await pruneOldProofs(world.api.db, DEFAULT_RESERVES_PROOF_DAYS)).toBe(1);
    expect(await pruneOldProofs(world.api.db, DEFAULT_RESERVES_PROOF_DAYS)).toBe(0);
    const pruned = await proofOf(old.id, a.wallet, a.wallet);
    expect(pruned.status).toBe(410);
    expect(pruned.body).toMatchObject({ code: 'reservesProofPruned', params: { days: DEFAULT_RESERVES_PROOF_DAYS } });
    expect((await world.api.request('GET', `/api/reserves/${old.id}`)).body.root).toBe(old.root);
    // count() is a bigint, which pg hands over as a string.
    const leftovers = await world.api.db.query<{ n: string }>(
      `SELECT (SELECT count(*) FROM reserves_leaves WHERE snapshot_id = :id) + (SELECT count(*) FROM reserves_tree_chunks WHERE snapshot_id = :id) AS n`,
      { replacements: { id: old.id }, type: QueryTypes.SELECT },
    );
    expect(leftovers).toEqual([{ n: '0' }]);
    expect((await proofOf(newer.id, a.wallet, a.wallet)).status).toBe(200);
  });

  it('is deleted by the next clean-up round when a round stopped after marking its snapshot pruned', async () => {
    const stopped = (await takeSnapshot()).body;
    await world.api.db.query(`UPDATE reserves_snapshots SET proofs_pruned_at = now() WHERE id = :id`, {
      replacements: { id: stopped.id },
    });
    expect((await proofOf(stopped.id, a.wallet, a.wallet)).status).toBe(410);
    const rows = () =>
      world.api.db.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM reserves_leaves WHERE snapshot_id = :id) + (SELECT count(*) FROM reserves_tree_chunks WHERE snapshot_id = :id) AS n`,
        { replacements: { id: stopped.id }, type: QueryTypes.SELECT },
      );
    expect(Number((await rows())[0]!.n)).toBeGreaterThan(0);
    expect(await pruneOldProofs(world.api.db, DEFAULT_RESERVES_PROOF_DAYS)).toBe(0);
    expect(Number((await rows())[0]!.n)).toBe(0);
  });
});

describe('a failed check', () => {
  const scrape = async () => {
    const text = await (await fetch(`${world.api.baseUrl}/metrics`)).text();
    const family = parsePrometheusTextFormat(text).find((f) => f.name === 'stakedesk_reserves_check_failures_total');
    return Object.fromEntries((family?.metrics ?? []).map((m) => [(m as { labels: { code: string } }).labels.code, Number(m.value)]));
  };

  it('is counted once per snapshot and wallet, and the first of a snapshot alerts the operators once', async () => {
    const { id } = (await takeSnapshot()).body;
    const first = await reportFailure(id, { code: 'reservesProofRootMismatch' }, a.wallet);
    expect(first.status).toBe(202);
    expect((await reportFailure(id, { code: 'reservesProofRootMismatch' }, a.wallet)).status).toBe(202);
    expect((await reportFailure(id, { code: 'reservesProofTotalMismatch' }, b.wallet)).status).toBe(202);
    expect(await scrape()).toEqual({ reservesProofRootMismatch: 1, reservesProofTotalMismatch: 1 });
    const failures = await world.api.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM reserves_check_failures WHERE snapshot_id = :id`,
      { replacements: { id }, type: QueryTypes.SELECT },
    );
    expect(failures).toEqual([{ n: 2 }]);
    expect(await alerts()).toEqual([
      {
        event: 'reserves.check_failed',
        data: {
          snapshotId: id,
          wallet: a.wallet,
          code: 'reservesProofRootMismatch',
          reason: 'The proof does not lead to the published root',
        },
      },
    ]);
  });

  it("accepts every refusal of the holder's chain check (DESIGN 15), and alerts in words with no placeholder", async () => {
    const { id } = (await takeSnapshot()).body;
    expect((await reportFailure(id, { code: 'reservesBelowRecords' }, a.wallet)).status).toBe(202);
    for (const code of [...RESERVES_CHAIN_CHECK_CODES, 'reservesLeftOut'])
      expect((await reportFailure(id, { code }, b.wallet)).status, code).toBe(202);
    expect((await alerts()).filter((alert) => alert.data.snapshotId === id)).toEqual([
      {
        event: 'reserves.check_failed',
        data: {
          snapshotId: id,
          wallet: a.wallet,
          code: 'reservesBelowRecords',
          reason:
            'The snapshot counts … raw units for you, less than the … raw units your stakes and pending withdrawals came to when it was taken',
        },
      },
    ]);
  });

  it("is a holder's, about a known snapshot, with one of the verifier's codes", async () => {
    const { id } = (await world.api.request<ReservesSnapshot>('GET', '/api/reserves')).body;
    expect((await reportFailure(id, { code: 'reservesProofRootMismatch' })).status).toBe(401);
    const unknown = await reportFailure(999_999, { code: 'reservesProofRootMismatch' }, a.wallet);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'reservesSnapshotNotFound']);
    for (const body of [{}, { code: 'notFound' }, { code: 42 }, { code: 'reservesProofRootMismatch', walletAddress: randomWallet() }]) {
      const refused = await reportFailure(id, body, b.wallet);
      expect(refused.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(refused.status, JSON.stringify(body)).toBeLessThan(500);
    }
    expect((await reportFailure(id, { code: 'notFound' }, b.wallet)).body.code).toBe('reservesCheckCodeInvalid');
  });
});
