import { jsonNumeric, jsonObject, jsonText } from '../sql/json-sql.js';

/**
 * What paid stake `s`, in SQL: the JSON a finished stake shows of the completed withdrawal that paid
 * it (withdrawals_one_payout_per_stake: at most one), NULL for none (a restaked stake). Stakes' lists
 * embed it, handed to them by app.ts (withdrawals import stakes).
 */
export function stakePayoutJsonSql(s: string): string {
  const payout = jsonObject([
    ['kind', jsonText('w.kind')],
    ['finalAmount', jsonNumeric('w.final_amount')],
    ['penaltyAmount', jsonNumeric('w.penalty_amount')],
    ['txId', jsonText('w.tx_id')],
  ]);
  return `(SELECT ${payout} FROM withdrawals w WHERE w.stake_id = ${s}.id AND w.status = 'completed')`;
}
