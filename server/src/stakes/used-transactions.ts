import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';

// used_transactions: each txId the platform has taken, by a deposit or a payout, once
// (its primary key). Deposits are this module's; payouts claim theirs here.

export async function markTransactionUsed(db: Sequelize, txId: string, purpose: 'deposit', transaction: Transaction): Promise<void> {
  await db.query('INSERT INTO used_transactions (tx_id, purpose) VALUES (:txId, :purpose)', {
    replacements: { txId, purpose },
    transaction,
  });
}

/**
 * Takes txId for a payout in the caller's transaction: true when it may (free, or a payout's
 * already), false when a deposit holds it. The row is written first and so locked: a concurrent
 * claim of the same txId waits for this transaction to end and then sees what it wrote.
 */
export async function claimTxIdForPayout(db: Sequelize, transaction: Transaction, txId: string): Promise<boolean> {
  const kept = await db.query(
    `INSERT INTO used_transactions (tx_id, purpose) VALUES (:txId, 'payout')
     ON CONFLICT (tx_id) DO UPDATE SET purpose = EXCLUDED.purpose WHERE used_transactions.purpose = 'payout'
     RETURNING tx_id`,
    { replacements: { txId }, type: QueryTypes.SELECT, transaction },
  );
  return kept.length > 0;
}

/** The use of `:txId` (its `purpose`), as a subquery of a larger statement: no row when it is free. */
export const USED_TRANSACTION_SQL = 'SELECT tx_id, purpose FROM used_transactions WHERE tx_id = :txId';

/** Which of these txIds the platform has taken. */
export async function usedTxIds(db: Sequelize, txIds: string[]): Promise<Set<string>> {
  if (txIds.length === 0) return new Set<string>();
  const rows = await db.query<{ tx_id: string }>('SELECT tx_id FROM used_transactions WHERE tx_id IN (:txIds)', {
    replacements: { txIds },
    type: QueryTypes.SELECT,
  });
  return new Set(rows.map((row) => row.tx_id));
}

/** When the newest txId was taken (seconds since the epoch); null when none was. */
export async function newestUsedTransactionTime(db: Sequelize): Promise<number | null> {
  const [row] = await db.query<{ takenAt: number | null }>(
    'SELECT extract(epoch FROM max(created_at))::float8 AS "takenAt" FROM used_transactions',
    { type: QueryTypes.SELECT },
  );
  return row?.takenAt ?? null;
}
