import { QueryTypes, type Sequelize } from 'sequelize';

/**
 * The invariants that say no money was lost or paid twice, checked over the whole database. Each
 * query lists what breaks its rule; an empty answer means the books balance.
 */
const CHECKS: Array<[rule: string, sql: string]> = [
  [
    'a stake has at most one open withdrawal',
    `SELECT stake_id FROM withdrawals WHERE status = 'pending' GROUP BY stake_id HAVING count(*) > 1`,
  ],
  ['a stake is paid out at most once', `SELECT stake_id FROM withdrawals WHERE status = 'completed' GROUP BY stake_id HAVING count(*) > 1`],
  [
    'a deposit transaction records one stake and pays nothing',
    `SELECT s.tx_id FROM stakes s WHERE s.tx_id IS NOT NULL
       AND ((SELECT count(*) FROM stakes o WHERE o.tx_id = s.tx_id) > 1 OR EXISTS (SELECT 1 FROM withdrawals w WHERE w.tx_id = s.tx_id))`,
  ],
  [
    'what a payout transaction sent one wallet pays one withdrawal',
    `SELECT tx_id, wallet_address FROM withdrawals WHERE tx_id IS NOT NULL GROUP BY tx_id, wallet_address HAVING count(*) > 1`,
  ],
  [
    'every used transaction id belongs to exactly one deposit, or to payouts only',
    `SELECT u.tx_id FROM used_transactions u
     WHERE NOT (
       (u.purpose = 'deposit' AND (SELECT count(*) FROM stakes s WHERE s.tx_id = u.tx_id) = 1 AND NOT EXISTS (SELECT 1 FROM withdrawals w WHERE w.tx_id = u.tx_id))
       OR (u.purpose = 'payout' AND NOT EXISTS (SELECT 1 FROM stakes s WHERE s.tx_id = u.tx_id) AND EXISTS (SELECT 1 FROM withdrawals w WHERE w.tx_id = u.tx_id)))`,
  ],
  [
    'every deposit and payout is marked used',
    `SELECT tx_id FROM stakes WHERE tx_id IS NOT NULL AND tx_id NOT LIKE 'restake\\_%' AND tx_id NOT IN (SELECT tx_id FROM used_transactions)
     UNION ALL SELECT tx_id FROM withdrawals WHERE tx_id IS NOT NULL AND tx_id NOT IN (SELECT tx_id FROM used_transactions)`,
  ],
  [
    'a payout is exactly what the rules allow: principal plus reward, or principal less the penalty',
    `SELECT w.id FROM withdrawals w JOIN stakes s ON s.id = w.stake_id
     WHERE w.amount <> s.amount
        OR (w.kind = 'full' AND (w.final_amount <> s.amount + s.reward_amount OR w.penalty_amount <> 0))
        OR (w.kind = 'early' AND (w.penalty_amount <> floor(s.amount * s.early_penalty_rate / 100) OR w.final_amount <> s.amount - w.penalty_amount))`,
  ],
  [
    'a stake is either restaked or paid out, never both',
    `SELECT s.id FROM stakes s WHERE EXISTS (SELECT 1 FROM stakes c WHERE c.restaked_from_id = s.id)
       AND EXISTS (SELECT 1 FROM withdrawals w WHERE w.stake_id = s.id AND w.status IN ('pending', 'completed'))`,
  ],
  [
    'a restake carries exactly the principal plus reward of the stake it came from',
    `SELECT c.id FROM stakes c JOIN stakes p ON p.id = c.restaked_from_id WHERE c.amount <> p.amount + p.reward_amount OR p.status <> 'withdrawn'`,
  ],
  [
    "a stake's status matches its withdrawals",
    `SELECT s.id FROM stakes s WHERE
        (EXISTS (SELECT 1 FROM withdrawals w WHERE w.stake_id = s.id AND w.status = 'pending') AND s.status <> 'pending_withdrawal')
     OR (s.status = 'pending_withdrawal' AND NOT EXISTS (SELECT 1 FROM withdrawals w WHERE w.stake_id = s.id AND w.status = 'pending'))
     OR (EXISTS (SELECT 1 FROM withdrawals w WHERE w.stake_id = s.id AND w.status = 'completed') AND s.status <> 'withdrawn')
     OR (s.status = 'withdrawn' AND NOT EXISTS (SELECT 1 FROM withdrawals w WHERE w.stake_id = s.id AND w.status = 'completed')
                                AND NOT EXISTS (SELECT 1 FROM stakes c WHERE c.restaked_from_id = s.id))`,
  ],
];

/** Every broken rule with the rows that break it; [] when the books balance. */
export async function booksProblems(db: Sequelize): Promise<string[]> {
  const problems: string[] = [];
  for (const [rule, sql] of CHECKS) {
    const rows = await db.query<Record<string, unknown>>(sql, { type: QueryTypes.SELECT });
    if (rows.length > 0) problems.push(`${rule}: ${JSON.stringify(rows.slice(0, 5))}`);
  }
  return problems;
}
