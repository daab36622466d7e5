import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { Payout, WithdrawalPayout } from '@stakedesk/shared/api-types';
import type { PayoutStatus } from '@stakedesk/shared/stake-status';
import { Withdrawal } from '../withdrawals/withdrawal.model.js';

/** A payouts row with the withdrawals it pays. */
export type PayoutRow = {
  id: number;
  signature: string;
  last_valid_block_height: string;
  status: PayoutStatus;
  failure_reason: string | null;
  created_by: number | null;
  created_by_username: string;
  created_at: Date;
  finished_at: Date | null;
  withdrawal_ids: number[];
};

export const PAYOUT_COLUMNS = `p.id, p.signature, p.last_valid_block_height, p.status, p.failure_reason, p.created_by,
  p.created_by_username, p.created_at, p.finished_at,
  ARRAY(SELECT pw.withdrawal_id FROM payout_withdrawals pw WHERE pw.payout_id = p.id ORDER BY pw.withdrawal_id) AS withdrawal_ids`;

export function toPayoutJson(row: PayoutRow): Payout {
  return {
    id: row.id,
    status: row.status,
    withdrawalIds: row.withdrawal_ids,
    signature: row.signature,
    lastValidBlockHeight: Number(row.last_valid_block_height),
    failureReason: row.failure_reason,
    createdBy: row.created_by_username,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at ? row.finished_at.toISOString() : null,
  };
}

const sequelizeOf = () => Withdrawal.sequelize as Sequelize;

/** True while a registered payout of this withdrawal is on its way (sent, not yet settled). */
export async function hasOpenPayout(withdrawalId: number, transaction?: Transaction): Promise<boolean> {
  const rows = await sequelizeOf().query('SELECT 1 FROM payout_withdrawals WHERE withdrawal_id = :withdrawalId AND open', {
    replacements: { withdrawalId },
    type: QueryTypes.SELECT,
    ...(transaction ? { transaction } : {}),
  });
  return rows.length > 0;
}

/** Each withdrawal's latest payout (open, or how the last one ended), for the admin lists. */
export async function latestPayoutsOf(withdrawalIds: number[]): Promise<Map<number, WithdrawalPayout>> {
  if (withdrawalIds.length === 0) return new Map();
  const rows = await sequelizeOf().query<{
    withdrawal_id: number;
    id: number;
    status: PayoutStatus;
    signature: string;
    failure_reason: string | null;
  }>(
    `SELECT DISTINCT ON (pw.withdrawal_id) pw.withdrawal_id, p.id, p.status, p.signature, coalesce(pw.failure_reason, p.failure_reason) AS failure_reason
     FROM payout_withdrawals pw JOIN payouts p ON p.id = pw.payout_id
     WHERE pw.withdrawal_id IN (:withdrawalIds)
     ORDER BY pw.withdrawal_id, pw.payout_id DESC`,
    { replacements: { withdrawalIds }, type: QueryTypes.SELECT },
  );
  return new Map(
    rows.map((row) => [row.withdrawal_id, { id: row.id, status: row.status, signature: row.signature, failureReason: row.failure_reason }]),
  );
}
