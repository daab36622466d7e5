import type { Sequelize } from 'sequelize';
import { ChainUnavailableError, type Chain } from '../chain/chain.js';
import type { Logger } from '../logger.js';
import { markAnchorEnded, readAnchorRow, recordAnchorLanded, snapshotForAnchor } from './anchor-records.js';
import { readAnchor } from './anchor-transaction.js';

export type AnchorOutcome = 'landed' | 'failed' | 'expired' | 'waiting';

/** Hands a signed anchor to the network once; following it sends it again until it lands or its blockhash dies. */
export async function sendAnchorOnce(chain: Chain, logger: Logger, snapshotId: number, wire: Uint8Array): Promise<void> {
  try {
    await chain.sendTransaction(wire);
  } catch (error) {
    if (!(error instanceof ChainUnavailableError)) throw error;
    logger.warn({ err: error, snapshotId }, 'an anchor could not be sent; the server sends it again on its next round');
  }
}

/**
 * Where the sent anchor of a snapshot stands, from the server's own read of the chain: landed
 * (the snapshot records it, with the reserves at its slot), failed (landed with an error, or not
 * this snapshot's anchor), expired (its blockhash is dead at finalized and it never landed), or
 * still on its way (sent again). Safe on several instances: the record is made under the
 * snapshot's row lock and only while the anchor is still out.
 */
export async function followAnchor(db: Sequelize, chain: Chain, logger: Logger, snapshotId: number): Promise<AnchorOutcome> {
  const row = await readAnchorRow(db, snapshotId);
  if (!row || row.status !== 'sent' || !row.signature || !row.signed_transaction) return row?.status === 'landed' ? 'landed' : 'waiting';
  const signature = row.signature;
  const landed = await chain.landedTransaction(signature);
  if (landed) {
    return db.transaction(async (transaction) => {
      const snapshot = await snapshotForAnchor(db, snapshotId, transaction);
      const current = await readAnchorRow(db, snapshotId, transaction);
      if (current?.status !== 'sent' || current.signature !== signature) return 'waiting';
      const reading = readAnchor(landed, snapshot);
      if (!reading) {
        await markAnchorEnded(db, snapshotId, 'failed', transaction);
        logger.error({ snapshotId, signature }, 'an anchor landed but is not the anchor of its snapshot (failed, or an account changed)');
        return 'failed';
      }
      await recordAnchorLanded(db, snapshot, signature, reading, transaction);
      return 'landed';
    });
  }
  if ((await chain.blockHeight('finalized')) > Number(row.last_valid_block_height)) {
    // Dead blockhash: it can no longer land, unless it already did and the transaction read lagged.
    const [status] = await chain.signatureStatuses([signature]);
    if (status) return 'waiting';
    await markAnchorEnded(db, snapshotId, 'expired');
    return 'expired';
  }
  await sendAnchorOnce(chain, logger, snapshotId, row.signed_transaction);
  return 'waiting';
}
