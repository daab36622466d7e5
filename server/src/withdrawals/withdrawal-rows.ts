import { Op, type Transaction } from 'sequelize';
import { Withdrawal } from './withdrawal.model.js';

// A withdrawal's row for the module that pays it (payouts/), which updates it under its lock.

/** The withdrawal, locked FOR UPDATE until the caller's transaction ends; null when there is none. */
export async function lockWithdrawal(id: number, transaction: Transaction): Promise<Withdrawal | null> {
  return Withdrawal.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
}

/** The withdrawal as committed now, unlocked (an early, friendly check before the transaction). */
export async function findWithdrawal(id: number): Promise<Withdrawal | null> {
  return Withdrawal.findByPk(id);
}

/** These withdrawals, as committed now. */
export async function findWithdrawals(ids: number[]): Promise<Withdrawal[]> {
  return Withdrawal.findAll({ where: { id: { [Op.in]: ids } } });
}
