import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';

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
 * Claims txId for what it sent `walletAddress`, inside the transaction that completes a
 * withdrawal with it: null when it may, else why not (a deposit holds it; it already paid a
 * withdrawal of that wallet). The used_transactions row is written first and so locked: a
 * concurrent claim of the same txId waits for this one to end and then sees what it wrote.
 */
export async function claimPayoutTransfer(
  sequelize: Sequelize,
  transaction: Transaction,
  txId: string,
  walletAddress: string,
): Promise<CodedMessage | null> {
  const kept = await sequelize.query(
    `INSERT INTO used_transactions (tx_id, purpose) VALUES (:txId, 'payout')
     ON CONFLICT (tx_id) DO UPDATE SET purpose = EXCLUDED.purpose WHERE used_transactions.purpose = 'payout'
     RETURNING tx_id`,
    { replacements: { txId }, type: QueryTypes.SELECT, transaction },
  );
  if (kept.length === 0) return msg('txIdAlreadyUsed');
  const [paid] = await sequelize.query<{ id: number }>(
    'SELECT id FROM withdrawals WHERE tx_id = :txId AND wallet_address = :walletAddress LIMIT 1',
    { replacements: { txId, walletAddress }, type: QueryTypes.SELECT, transaction },
  );
  return paid ? msg('payoutWalletAlreadyPaid', { withdrawalId: paid.id }) : null;
}

/**
 * The payout whose signature txId is (built or registered by the server), if any: its transaction
 * pays its own withdrawals only. A payout of `withdrawalId` that ended expired is not counted: a
 * provider may have hidden it landing, and the operator records it for that withdrawal.
 */
export async function payoutSignedAs(
  sequelize: Sequelize,
  txId: string,
  withdrawalId: number,
  transaction?: Transaction,
): Promise<number | null> {
  const [payout] = await sequelize.query<{ id: number }>(
    `SELECT p.id FROM payouts p
     WHERE p.signature = :txId
       AND NOT (p.status = 'expired' AND EXISTS (SELECT 1 FROM payout_withdrawals pw WHERE pw.payout_id = p.id AND pw.withdrawal_id = :withdrawalId))
     LIMIT 1`,
    { replacements: { txId, withdrawalId }, type: QueryTypes.SELECT, ...(transaction ? { transaction } : {}) },
  );
  return payout?.id ?? null;
}
