import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { WithdrawalStatus } from '@stakedesk/shared/stake-status';

// What the payouts module reads of the withdrawals it pays, in its own statements and locks.

/** What paying a withdrawal needs of it: its stake's mint and staking wallet, never today's settings. */
export type PayableWithdrawal = {
  id: number;
  status: WithdrawalStatus;
  walletAddress: string;
  /** Whole tokens. */
  finalAmount: string;
  tokenContract: string;
  stakingWallet: string;
  approvedBy: number | null;
  approvedAt: Date | null;
};

/** The withdrawals in id order; locked when read inside `transaction` with `lock` (two payouts never wait on each other in a cycle). */
export async function readWithdrawals(db: Sequelize, ids: number[], transaction?: Transaction, lock = false): Promise<PayableWithdrawal[]> {
  return db.query<PayableWithdrawal>(
    `SELECT id, status, wallet_address AS "walletAddress", final_amount::text AS "finalAmount", token_contract AS "tokenContract",
       staking_wallet AS "stakingWallet", approved_by AS "approvedBy", approved_at AS "approvedAt"
     FROM withdrawals WHERE id IN (:ids) ORDER BY id${lock ? ' FOR UPDATE' : ''}`,
    { replacements: { ids }, type: QueryTypes.SELECT, ...(transaction ? { transaction } : {}) },
  );
}

/**
 * Who each withdrawal pays what, in which mint, for which stake: the subquery `w` a payout's
 * recipients or an audit hold join (`JOIN ${WITHDRAWAL_PAYEES_SQL} w ON w.id = …`).
 */
export const WITHDRAWAL_PAYEES_SQL = '(SELECT id, stake_id, wallet_address, token_contract, final_amount FROM withdrawals)';
