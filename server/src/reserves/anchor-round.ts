import { QueryTypes } from 'sequelize';
import type { Dependencies } from '../dependencies.js';
import type { Logger } from '../logger.js';
import type { PayoutSigner } from '../signer/payout-signer.js';
import { anchorWithSigner } from './anchor.service.js';
import { followAnchor } from './follow-anchor.js';

/**
 * Snapshots the signer anchors by itself: those of the last day (an older one keeps the reserves it
 * was taken with) in which the hot wallet holds a reserve account; an owner anchors the others.
 */
const SIGNER_ANCHORS_WITHIN_HOURS = 24;
const SIGNER_ANCHORS_PER_ROUND = 5;

export type AnchorRoundDeps = Pick<Dependencies, 'database' | 'chain'> & { logger: Logger; signer: PayoutSigner | null };

/**
 * One round of anchoring (a job of the queue): every anchor out is followed to its end (recorded
 * when it lands, sent again while its blockhash lives), and with a signer configured each recent
 * snapshot not anchored yet is anchored from the hot wallet (again after an anchor expired; not
 * after one failed on chain, which cost a fee and would fail again: an owner looks first).
 * Overlap-safe: each anchor is claimed and recorded under its snapshot's row lock.
 */
export async function anchorRound({ database: db, chain, logger, signer }: AnchorRoundDeps): Promise<void> {
  const out = await db.query<{ snapshot_id: string }>(`SELECT snapshot_id FROM reserves_anchors WHERE status = 'sent'`, {
    type: QueryTypes.SELECT,
  });
  for (const { snapshot_id } of out) {
    const outcome = await followAnchor(db, chain, logger, Number(snapshot_id));
    if (outcome === 'landed') logger.info({ snapshotId: Number(snapshot_id) }, 'reserves snapshot anchored on chain');
  }
  if (!signer) return;
  const waiting = await db.query<{ id: string }>(
    `SELECT s.id FROM reserves_snapshots s LEFT JOIN reserves_anchors a ON a.snapshot_id = s.id
     WHERE s.anchor_signature IS NULL AND s.taken_at > now() - make_interval(hours => :hours)
       AND s.reserves @> jsonb_build_array(jsonb_build_object('wallet', :hotWallet::text))
       AND (a.status IS NULL OR a.status IN ('prepared', 'expired'))
     ORDER BY s.id DESC LIMIT :limit`,
    {
      replacements: { hours: SIGNER_ANCHORS_WITHIN_HOURS, limit: SIGNER_ANCHORS_PER_ROUND, hotWallet: signer.publicKey.toBase58() },
      type: QueryTypes.SELECT,
    },
  );
  for (const { id } of waiting) {
    if (!(await anchorWithSigner(db, chain, logger, signer, Number(id)))) continue;
    logger.info({ snapshotId: Number(id) }, 'reserves snapshot anchor sent from the hot wallet');
    await followAnchor(db, chain, logger, Number(id));
  }
}
