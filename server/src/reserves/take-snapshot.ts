import { randomBytes } from 'node:crypto';
import { QueryTypes, Transaction, type Sequelize } from 'sequelize';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { toRawAmount } from '@stakedesk/shared/money';
import { toHex } from '@stakedesk/shared/reserves/bytes';
import type { ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import { buildReservesTree } from '@stakedesk/shared/reserves/tree';
import { stakingDestination } from '@stakedesk/shared/staking-open';
import { coveragePercent } from '@stakedesk/shared/treasury';
import { recordAudit, SYSTEM_ACTOR, type Actor } from '../audit/audit.js';
import { ChainUnavailableError, type Chain } from '../chain/chain-verifier.js';
import { unavailable } from '../http/errors.js';
import { loadSettings } from '../settings/settings.service.js';
import { readHolderLiabilities } from '../treasury/liabilities.js';
import { reservesSalt } from './salt.js';
import { SNAPSHOT_COLUMNS, toReservesSnapshot, type SnapshotRow } from './snapshot-row.js';
import { storeTree } from './tree-storage.js';

/** The advisory lock every snapshot holds for its transaction: two never interleave, on any instance. */
const SNAPSHOT_LOCK = 0x7265_7365; // 'rese'

export type SnapshotDeps = {
  sequelize: Sequelize;
  chain: Chain;
  /** The section 13 signer's wallet (the hot wallet) when one is configured: its balance counts in the reserves. */
  hotWallet?: string | null;
};

/**
 * Takes a snapshot of proof of reserves (DESIGN 14): every holder's liability in the current mint
 * (one REPEATABLE READ read), a leaf each of a Merkle sum tree salted with a secret of the
 * snapshot's own, and the reserves' token accounts at one slot: the current staking wallet's, every
 * earlier staking wallet's that still owes in the mint, and the hot wallet's. Stores the snapshot,
 * its leaves and its tree in the same transaction. `actor`: the owner who asked; none for the
 * daily job. Throws 503 when staking is not configured or the chain cannot be read.
 */
export async function takeReservesSnapshot({ sequelize, chain, hotWallet }: SnapshotDeps, actor: Actor | null): Promise<ReservesSnapshot> {
  const destination = stakingDestination(await loadSettings());
  if (!destination) throw unavailable(msg('stakingNotConfigured'));
  const { mint, stakingWallet } = destination;
  try {
    const mintState = await chain.mint(mint);
    if (!mintState) throw unavailable(msg('tokenNotMint'));
    const { decimals } = mintState;
    return await sequelize.transaction({ isolationLevel: Transaction.ISOLATION_LEVELS.REPEATABLE_READ }, async (transaction) => {
      await sequelize.query('SELECT pg_advisory_xact_lock(:lock)', { replacements: { lock: SNAPSHOT_LOCK }, transaction });
      const { holders, owingStakingWallets } = await readHolderLiabilities(sequelize, mint, transaction);
      const owners = [...new Set([stakingWallet, ...owingStakingWallets.sort(), ...(hotWallet ? [hotWallet] : [])])];
      const { slot, accounts } = await chain.reserveBalances(mint, owners);
      const [{ id }] = (await sequelize.query<{ id: string }>(
        `SELECT nextval(pg_get_serial_sequence('reserves_snapshots', 'id'))::text AS id`,
        {
          type: QueryTypes.SELECT,
          transaction,
        },
      )) as [{ id: string }];
      const snapshotId = Number(id);
      const secret = randomBytes(32);
      const tree = buildReservesTree(
        holders.map(({ wallet, owed }) => ({
          wallet,
          liability: toRawAmount(owed, decimals),
          salt: reservesSalt(secret, snapshotId, wallet),
        })),
        snapshotId,
      );
      const held = accounts.reduce((sum, account) => sum + BigInt(account.balance), 0n);
      const total = tree.root.sum.toString();
      const [row] = await sequelize.query<SnapshotRow>(
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
            coveragePercent(held.toString(), total),
            secret,
            actor?.id ?? null,
          ],
          type: QueryTypes.SELECT,
          transaction,
        },
      );
      await storeTree(sequelize, tree, transaction);
      const snapshot = toReservesSnapshot(row!);
      await recordAudit(transaction, actor ?? SYSTEM_ACTOR, {
        action: 'reserves.snapshot',
        entityType: 'reserves_snapshot',
        entityId: snapshotId,
        after: { root: snapshot.root, totalLiabilities: snapshot.totalLiabilities, leafCount: snapshot.leafCount, slot: snapshot.slot },
      });
      return snapshot;
    });
  } catch (error) {
    if (error instanceof ChainUnavailableError) throw unavailable(error.reason);
    throw error;
  }
}
