import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { AUTO_PAYOUT_ENABLED_SQL } from '../settings/index.js';

// Why automatic payouts left a pending withdrawal to an operator (withdrawals.auto_payout_hold):
// noted by their round, shown in the withdrawal lists.

/** Pending withdrawals, as the subquery `w` of a larger statement. */
export const PENDING_WITHDRAWALS_SQL = "(SELECT * FROM withdrawals WHERE status = 'pending')";

/** Pending withdrawals of `:mint`, as the subquery `w` of a larger statement. */
export const PENDING_WITHDRAWALS_OF_MINT_SQL = "(SELECT * FROM withdrawals WHERE status = 'pending' AND token_contract = :mint)";

/** Whether withdrawal `w`'s wallet was paid a withdrawal before, as a condition of a larger statement. */
export const WALLET_PAID_BEFORE_OF_W =
  "EXISTS (SELECT 1 FROM withdrawals paid WHERE paid.wallet_address = w.wallet_address AND paid.status = 'completed')";

/** Notes (or clears, with null) why automatic payouts left a pending withdrawal to an operator; whether that changed what was noted. */
export async function noteAutoPayoutHold(
  db: Sequelize,
  id: number,
  hold: CodedMessage | null,
  transaction?: Transaction,
): Promise<boolean> {
  const [, changed] = await db.query(
    `UPDATE withdrawals SET auto_payout_hold = :hold::jsonb WHERE id = :id AND status = 'pending'
       AND auto_payout_hold IS DISTINCT FROM :hold::jsonb`,
    { replacements: { id, hold: hold && JSON.stringify(hold) }, type: QueryTypes.UPDATE, transaction },
  );
  return changed > 0;
}

/**
 * Why automatic payouts left each of these pending withdrawals to an operator, where they did; none
 * while the policy is off (a hold noted before it was turned off is no longer why anything waits).
 */
export async function autoPayoutHolds(db: Sequelize, ids: number[]): Promise<Map<number, CodedMessage>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: number; hold: CodedMessage }>(
    `SELECT id, auto_payout_hold AS hold FROM withdrawals WHERE id IN (:ids) AND status = 'pending' AND auto_payout_hold IS NOT NULL
       AND ${AUTO_PAYOUT_ENABLED_SQL}`,
    { replacements: { ids }, type: QueryTypes.SELECT },
  );
  return new Map(rows.map((row) => [row.id, row.hold]));
}
