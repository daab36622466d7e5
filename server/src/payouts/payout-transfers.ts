import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { conflict } from '../errors.js';

/**
 * A payout transaction may pay several holders (a batch), so its txId may complete several
 * withdrawals; what it sent one wallet pays only one of them (unique index
 * withdrawals_one_per_payout_transfer). A deposit's txId is never a payout.
 */

/** The early, friendly answer; the database has the final word inside the completing transaction. */
export async function isPayoutTransferTaken(sequelize: Sequelize, txId: string, walletAddress: string): Promise<boolean> {
  const rows = await sequelize.query(
    `SELECT 1 FROM used_transactions u
     WHERE u.tx_id = :txId
       AND (u.purpose <> 'payout' OR EXISTS (SELECT 1 FROM withdrawals w WHERE w.tx_id = :txId AND w.wallet_address = :walletAddress))`,
    { replacements: { txId, walletAddress }, type: QueryTypes.SELECT },
  );
  return rows.length > 0;
}

/**
 * Marks txId used by payouts, shared with the other withdrawals of the same batch. Refused when a
 * deposit holds it (a concurrent deposit's insert is waited for, so the answer is final).
 */
export async function markPayoutTransaction(sequelize: Sequelize, txId: string, transaction: Transaction): Promise<void> {
  const kept = await sequelize.query(
    `INSERT INTO used_transactions (tx_id, purpose) VALUES (:txId, 'payout')
     ON CONFLICT (tx_id) DO UPDATE SET purpose = EXCLUDED.purpose WHERE used_transactions.purpose = 'payout'
     RETURNING tx_id`,
    { replacements: { txId }, type: QueryTypes.SELECT, transaction },
  );
  if (kept.length === 0) throw conflict(msg('txIdAlreadyUsed'));
}
