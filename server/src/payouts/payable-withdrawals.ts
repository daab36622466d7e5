import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import type { WithdrawalStatus } from '@stakedesk/shared/stake-status';
import { badRequest, conflict, notFound } from '../errors.js';
import { refuseFoundPaidOnChain, refuseWhileRestoreUnaudited } from '../books-audit/index.js';
import { refuseHeldWithdrawals } from './payout-records.js';

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
async function readWithdrawals(sequelize: Sequelize, ids: number[], transaction?: Transaction, lock = false): Promise<PayableWithdrawal[]> {
  return sequelize.query<PayableWithdrawal>(
    `SELECT id, status, wallet_address AS "walletAddress", final_amount::text AS "finalAmount", token_contract AS "tokenContract",
       staking_wallet AS "stakingWallet", approved_by AS "approvedBy", approved_at AS "approvedAt"
     FROM withdrawals WHERE id IN (:ids) ORDER BY id${lock ? ' FOR UPDATE' : ''}`,
    { replacements: { ids }, type: QueryTypes.SELECT, ...(transaction ? { transaction } : {}) },
  );
}

/**
 * The withdrawals one payout may pay, or the refusal: each exists and is pending, none is held by
 * another payout, one wallet at most once (the chain proves a payout by what each account
 * received), one staking wallet (the payer) and one mint for all.
 */
export async function payableWithdrawals(sequelize: Sequelize, ids: number[], transaction?: Transaction): Promise<PayableWithdrawal[]> {
  const withdrawals = await readWithdrawals(sequelize, ids, transaction, transaction !== undefined);
  if (withdrawals.length !== ids.length) throw notFound(msg('withdrawalNotFound'));
  if (withdrawals.some((w) => w.status !== 'pending')) throw conflict(msg('withdrawalAlreadyProcessed'));
  await refuseHeldWithdrawals(sequelize, ids, transaction);
  // DESIGN 19: never pay what the chain shows paid, nor anything before a restored database is audited.
  await refuseFoundPaidOnChain(sequelize, ids, transaction);
  await refuseWhileRestoreUnaudited(sequelize, transaction);
  const field = (message: Parameters<typeof badRequest>[0]) => badRequest(message, { withdrawalIds: message });
  if (new Set(withdrawals.map((w) => w.walletAddress)).size !== withdrawals.length) throw field(msg('payoutPaysWalletTwice'));
  if (new Set(withdrawals.map((w) => w.stakingWallet)).size !== 1) throw field(msg('payoutMixedPayers'));
  if (new Set(withdrawals.map((w) => w.tokenContract)).size !== 1) throw field(msg('payoutMixedTokens'));
  return withdrawals;
}
