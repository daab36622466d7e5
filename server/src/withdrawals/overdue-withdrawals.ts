import { QueryTypes, type Sequelize } from 'sequelize';
import { emitAlert } from '../alerts/index.js';
import { loadSettings } from '../settings/index.js';

/** Withdrawals still pending this many hours after their request are announced (DESIGN 13; holders are promised 24). */
export const DEFAULT_OVERDUE_HOURS = 12;

/**
 * One withdrawal.overdue alert for each pending withdrawal requested more than `hours` ago, once
 * per withdrawal: the mark and the alert are written together. Answers how many it announced.
 */
export async function alertOverdueWithdrawals(db: Sequelize, hours: number): Promise<number> {
  const { tokenSymbol } = await loadSettings(db);
  return db.transaction(async (transaction) => {
    const overdue = await db.query<{ id: number; wallet_address: string; final_amount: string }>(
      `WITH marked AS (
         INSERT INTO withdrawal_overdue_alerts (withdrawal_id)
         SELECT id FROM withdrawals WHERE status = 'pending' AND requested_at < now() - make_interval(hours => :hours)
         ORDER BY id LIMIT 500
         ON CONFLICT DO NOTHING RETURNING withdrawal_id)
       SELECT w.id, w.wallet_address, w.final_amount::text AS final_amount FROM withdrawals w JOIN marked m ON m.withdrawal_id = w.id
       ORDER BY w.id`,
      { replacements: { hours }, type: QueryTypes.SELECT, transaction },
    );
    for (const withdrawal of overdue) {
      await emitAlert(
        db,
        'withdrawal.overdue',
        { withdrawalId: withdrawal.id, wallet: withdrawal.wallet_address, amount: withdrawal.final_amount, symbol: tokenSymbol, hours },
        transaction,
      );
    }
    return overdue.length;
  });
}

/** How many withdrawals are pending. */
export async function pendingWithdrawalCount(db: Sequelize): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM withdrawals WHERE status = 'pending'`, {
    type: QueryTypes.SELECT,
  });
  return row!.n;
}

/** How many seconds the oldest pending withdrawal has waited; 0 when none waits. */
export async function oldestPendingWithdrawalAge(db: Sequelize): Promise<number> {
  const [row] = await db.query<{ age: number | null }>(
    `SELECT extract(epoch FROM now() - min(requested_at))::float8 AS age FROM withdrawals WHERE status = 'pending'`,
    { type: QueryTypes.SELECT },
  );
  return row!.age ?? 0;
}
