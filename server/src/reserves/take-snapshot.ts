import { randomBytes } from 'node:crypto';
import type { Dependencies } from '../dependencies.js';
import { QueryTypes, Transaction } from 'sequelize';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { toRawAmount } from '@stakedesk/shared/money';
import { toHex } from '@stakedesk/shared/reserves/bytes';
import { repeatedReserveAccount } from '@stakedesk/shared/reserves/published';
import type { ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import { buildReservesTree } from '@stakedesk/shared/reserves/tree';
import { stakingDestination } from '@stakedesk/shared/staking-open';
import { recordAudit, SYSTEM_ACTOR, type Actor } from '../audit/index.js';
import { ChainUnavailableError } from '../chain/chain.js';
import { conflict, unavailable } from '../errors.js';
import { readHolderLiabilities } from '../treasury/index.js';
import { nodeSha256 } from './node-sha256.js';
import { reservesSalt } from './salt.js';
import { reservesCoverage, SNAPSHOT_COLUMNS, toReservesSnapshot, type SnapshotRow } from './snapshot-row.js';
import { storeTree } from './tree-storage.js';
import { loadSettings } from '../settings/index.js';

/** The advisory lock every snapshot holds for its transaction: two never interleave, on any instance. */
export const SNAPSHOT_LOCK = 0x7265_7365; // 'rese'

export type SnapshotDeps = Pick<Dependencies, 'database' | 'chain'> & {
  /** The section 13 signer's wallet (the hot wallet) when one is configured: its balance counts in the reserves. */
  hotWallet?: string | null;
};

/** The daily job's round runs hourly and takes a snapshot when none was taken for about a day. */
export const DAILY_MS = 23.5 * 3600_000;

/**
 * The daily job's snapshot (DESIGN 14), none when one was taken within the last `everyMs` (about a
 * day; the demo's is shorter) by an owner or another round, or staking is not configured (nothing is
 * owed in no mint): never a failure for it.
 */
export async function dailyReservesSnapshot(deps: SnapshotDeps, everyMs = DAILY_MS): Promise<ReservesSnapshot | null> {
  if (!stakingDestination(await loadSettings(deps.database))) return null;
  return snapshot(deps, null, everyMs);
}

/**
 * Takes a snapshot of proof of reserves (DESIGN 14): every holder's liability in the current mint
 * (one REPEATABLE READ read), a leaf each of a Merkle sum tree salted with a secret of the
 * snapshot's own, and the reserves' token accounts at one slot: the current staking wallet's, every
 * earlier staking wallet's that still owes in the mint, and the hot wallet's. Stores the snapshot,
 * its leaves and its tree in the same transaction. `actor`: the owner who asked; none for the
 * daily job. Throws 503 when staking is not configured or the chain cannot be read, 409 while
 * another snapshot is being taken.
 */
export async function takeReservesSnapshot(deps: SnapshotDeps, actor: Actor | null): Promise<ReservesSnapshot> {
  return (await snapshot(deps, actor))!;
}

/**
 * One snapshot at a time on every instance: the advisory lock is held by a transaction of its own
 * around the snapshot's, so that the snapshot's REPEATABLE READ view begins once the lock is held
 * (it would begin with the first statement, inside one transaction). A request while another
 * snapshot is being taken is refused (409) rather than queued: waiting requests would each hold a
 * pooled connection that the one taking its snapshot needs. With `unlessWithinMs` (the daily job),
 * null instead of the refusal, and null when a snapshot was taken that recently.
 */
async function snapshot(
  { database: db, chain, hotWallet }: SnapshotDeps,
  actor: Actor | null,
  unlessWithinMs?: number,
): Promise<ReservesSnapshot | null> {
  const destination = stakingDestination(await loadSettings(db));
  if (!destination) throw unavailable(msg('stakingNotConfigured'));
  const { mint, stakingWallet } = destination;
  try {
    const mintState = await chain.mint(mint);
    if (!mintState) throw unavailable(msg('tokenNotMint'));
    const { decimals } = mintState;
    return await db.transaction(async (lock) => {
      const [{ locked }] = (await db.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock(:lock) AS locked', {
        replacements: { lock: SNAPSHOT_LOCK },
        type: QueryTypes.SELECT,
        transaction: lock,
      })) as [{ locked: boolean }];
      if (!locked) {
        if (unlessWithinMs !== undefined) return null;
        throw conflict(msg('reservesSnapshotInProgress'));
      }
      return db.transaction({ isolationLevel: Transaction.ISOLATION_LEVELS.REPEATABLE_READ }, async (transaction) => {
        if (unlessWithinMs !== undefined) {
          const recent = await db.query(
            `SELECT 1 FROM reserves_snapshots WHERE taken_at > now() - make_interval(secs => :seconds) LIMIT 1`,
            { replacements: { seconds: unlessWithinMs / 1000 }, type: QueryTypes.SELECT, transaction },
          );
          if (recent.length > 0) return null;
        }
        const { holders, owingStakingWallets } = await readHolderLiabilities(db, mint, transaction);
        const owners = [...new Set([stakingWallet, ...owingStakingWallets.sort(), ...(hotWallet ? [hotWallet] : [])])];
        const { slot, accounts } = await chain.reserveBalances(mint, owners);
        // Listed twice, one account's balance would count twice in the reserves (DESIGN 15): only a provider that lies lists one twice.
        const repeated = repeatedReserveAccount(accounts);
        if (repeated !== undefined) throw unavailable(msg('reservesReserveListedTwice', { account: repeated }));
        const [{ id }] = (await db.query<{ id: string }>(`SELECT nextval(pg_get_serial_sequence('reserves_snapshots', 'id'))::text AS id`, {
          type: QueryTypes.SELECT,
          transaction,
        })) as [{ id: string }];
        const snapshotId = Number(id);
        const secret = randomBytes(32);
        const tree = buildReservesTree(
          holders.map(({ wallet, owed }) => ({
            wallet,
            liability: toRawAmount(owed, decimals),
            salt: reservesSalt(secret, snapshotId, wallet),
          })),
          snapshotId,
          nodeSha256,
        );
        const total = tree.root.sum.toString();
        const [row] = await db.query<SnapshotRow>(
          `INSERT INTO reserves_snapshots
           (id, mint, decimals, slot, root, total_liabilities, leaf_count, reserves, coverage_percent, salt_secret, taken_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         RETURNING ${SNAPSHOT_COLUMNS}`,
          {
            bind: [
              snapshotId,
              mint,
              decimals,
              slot,
              toHex(tree.root.hash),
              total,
              tree.leafCount,
              JSON.stringify(accounts),
              reservesCoverage(accounts, total),
              secret,
              actor?.id ?? null,
            ],
            type: QueryTypes.SELECT,
            transaction,
          },
        );
        await storeTree(db, tree, transaction);
        const published = toReservesSnapshot(row!);
        await recordAudit(db, transaction, actor ?? SYSTEM_ACTOR, {
          action: 'reserves.snapshot',
          entityType: 'reserves_snapshot',
          entityId: snapshotId,
          after: {
            root: published.root,
            totalLiabilities: published.totalLiabilities,
            leafCount: published.leafCount,
            slot: published.slot,
          },
        });
        return published;
      });
    });
  } catch (error) {
    if (error instanceof ChainUnavailableError) throw unavailable(error.reason);
    throw error;
  }
}
