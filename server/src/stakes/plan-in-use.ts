import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';

/**
 * Whether anyone staked in the plan, or meant to: a deposit intent keeps the plan's terms and may
 * still become a stake of it. Plans ask this before deleting one (the app hands it to them: stakes
 * import plans, so plans cannot import stakes).
 */
export async function planInUse(db: Sequelize, planId: number, transaction: Transaction): Promise<boolean> {
  const [used] = await db.query(
    'SELECT 1 FROM stakes WHERE plan_id = :planId UNION ALL SELECT 1 FROM deposit_intents WHERE plan_id = :planId LIMIT 1',
    {
      replacements: { planId },
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  return used !== undefined;
}
