import { QueryTypes, type Sequelize } from 'sequelize';

/**
 * The payout whose transaction `signature` is, if it sent what it built: an expired or failed one
 * was to move nothing, so it answers null. The outflow ledger asks this of a treasury transaction
 * (the composing files hand it over: payouts import stakes, whose deposit follower records outflows).
 */
export async function payoutThatSent(db: Sequelize, signature: string): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    `SELECT id FROM payouts WHERE signature = :signature AND status IN ('sent', 'completed', 'needs_review')`,
    { replacements: { signature }, type: QueryTypes.SELECT },
  );
  return row?.id ?? null;
}
