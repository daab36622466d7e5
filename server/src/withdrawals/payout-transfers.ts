import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';

/** Whether a withdrawal of `:walletAddress` was paid by `:txId`, as a condition of a larger statement. */
export const WITHDRAWAL_PAID_BY_TRANSFER_SQL =
  'EXISTS (SELECT 1 FROM withdrawals w WHERE w.tx_id = :txId AND w.wallet_address = :walletAddress)';

/** The withdrawal of `walletAddress` that `txId` paid already, if any (one per wallet: withdrawals_one_per_payout_transfer). */
export async function withdrawalPaidByTransfer(
  db: Sequelize,
  transaction: Transaction,
  txId: string,
  walletAddress: string,
): Promise<{ id: number } | undefined> {
  const [paid] = await db.query<{ id: number }>(
    'SELECT id FROM withdrawals WHERE tx_id = :txId AND wallet_address = :walletAddress LIMIT 1',
    { replacements: { txId, walletAddress }, type: QueryTypes.SELECT, transaction },
  );
  return paid;
}

/**
 * The completed withdrawals of `mint` whose verified TXID is `txId` (a pasted payout), by id, each
 * with what it was owed (whole tokens). The outflow ledger weighs a treasury transaction against them
 * (the composing files hand this over: withdrawals import stakes, whose deposit follower records outflows).
 */
export async function withdrawalsPaidBy(db: Sequelize, txId: string, mint: string): Promise<{ id: number; finalAmount: string }[]> {
  return db.query<{ id: number; finalAmount: string }>(
    `SELECT id, final_amount::text AS "finalAmount" FROM withdrawals
     WHERE tx_id = :txId AND status = 'completed' AND token_contract = :mint ORDER BY id`,
    { replacements: { txId, mint }, type: QueryTypes.SELECT },
  );
}

/** Completed withdrawals, as the table `w` of an audit's statement (books-audit/, handed this by the composing files). */
export const COMPLETED_WITHDRAWALS_SQL = "(SELECT * FROM withdrawals WHERE status = 'completed')";

/** Whether a completed withdrawal of `walletAddress` was paid by transaction `txId` (an audit asks: known to the books). */
export async function withdrawalCompletedBy(db: Sequelize, txId: string, walletAddress: string): Promise<boolean> {
  const [row] = await db.query<{ known: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM withdrawals WHERE tx_id = :txId AND wallet_address = :walletAddress AND status = 'completed') AS known`,
    { replacements: { txId, walletAddress }, type: QueryTypes.SELECT },
  );
  return row!.known;
}
