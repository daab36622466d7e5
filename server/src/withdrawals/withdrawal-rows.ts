import { Op, QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { withdrawalsTable, type Withdrawal } from './withdrawal.model.js';

// Withdrawals' rows for the modules that pay them (payouts/, which changes them through the
// functions below, under the row lock it took) or audit the books against the chain (books-audit/).

/** The withdrawal, locked FOR UPDATE until the caller's transaction ends; null when there is none. */
export async function lockWithdrawal(db: Sequelize, id: number, transaction: Transaction): Promise<Withdrawal | null> {
  return withdrawalsTable(db).findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
}

/** The withdrawal as committed now, unlocked (an early, friendly check before the transaction). */
export async function findWithdrawal(db: Sequelize, id: number): Promise<Withdrawal | null> {
  return withdrawalsTable(db).findByPk(id);
}

/** Rejected by an admin (`by`), with the reason the holder reads. */
export async function markWithdrawalRejected(withdrawal: Withdrawal, reason: string, by: number, transaction: Transaction): Promise<void> {
  await withdrawal.update({ status: 'rejected', rejectReason: reason, processedAt: new Date(), processedBy: by }, { transaction });
}

/** Paid by `txId`, recorded at `at` by an admin (or by the server itself: null). */
export async function markWithdrawalCompleted(
  withdrawal: Withdrawal,
  paid: { txId: string; at: Date; by: number | null },
  transaction: Transaction,
): Promise<void> {
  await withdrawal.update({ status: 'completed', txId: paid.txId, processedAt: paid.at, processedBy: paid.by }, { transaction });
}

/** Approved for payout by this admin (four eyes on large withdrawals). */
export async function markWithdrawalApproved(
  withdrawal: Withdrawal,
  admin: { id: number; username: string },
  transaction: Transaction,
): Promise<void> {
  await withdrawal.update({ approvedBy: admin.id, approvedByUsername: admin.username, approvedAt: new Date() }, { transaction });
}

/** These withdrawals, as committed now. */
export async function findWithdrawals(db: Sequelize, ids: number[]): Promise<Withdrawal[]> {
  return withdrawalsTable(db).findAll({ where: { id: { [Op.in]: ids } } });
}

/**
 * The oldest pending withdrawal of `wallet` and `mint` owing exactly `amount` (whole tokens) and asked
 * for by `blockTime` (seconds, a second's leeway; any time when null): what a payout seen on chain paid.
 */
export async function pendingWithdrawalOwing(
  db: Sequelize,
  owed: { wallet: string; mint: string; amount: string; blockTime: number | null },
): Promise<{ id: number; amount: string } | undefined> {
  const [row] = await db.query<{ id: number; amount: string }>(
    `SELECT id, final_amount::text AS amount FROM withdrawals
     WHERE status = 'pending' AND wallet_address = :wallet AND token_contract = :mint AND final_amount = :amount::numeric
       AND (:blockTime::float8 IS NULL OR requested_at <= to_timestamp(:blockTime::float8 + 1))
     ORDER BY id LIMIT 1`,
    { replacements: owed, type: QueryTypes.SELECT },
  );
  return row;
}

/** Locks every pending withdrawal of `wallet` and `mint`, in id order, until the caller's transaction ends. */
export async function lockPendingWithdrawalsOf(db: Sequelize, wallet: string, mint: string, transaction: Transaction): Promise<void> {
  await db.query(
    `SELECT id FROM withdrawals WHERE wallet_address = :wallet AND token_contract = :mint AND status = 'pending' ORDER BY id FOR UPDATE`,
    { replacements: { wallet, mint }, transaction },
  );
}
