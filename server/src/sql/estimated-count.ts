import { QueryTypes, type Sequelize } from 'sequelize';

/** A list's total for X-Total-Count; `estimated` when it is the planner's estimate, not a count. */
export type ListTotal = { total: number; estimated?: true };

/** Below this many rows (by the planner's estimate) a list is counted exactly: cheap enough. */
export const EXACT_COUNT_UP_TO = 20_000;

/**
 * The number of rows of `fromWhere` ("FROM t WHERE ..."): counted when the planner expects few,
 * otherwise its estimate (from the table statistics autovacuum keeps), so a page of a list of
 * millions never pays for a scan of them all to print its total.
 */
export async function countOrEstimate(db: Sequelize, fromWhere: string, replacements: Record<string, unknown>): Promise<ListTotal> {
  const [plan] = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(`EXPLAIN (FORMAT JSON) SELECT 1 ${fromWhere}`, {
    replacements,
    type: QueryTypes.SELECT,
  });
  const expected = Math.round(plan!['QUERY PLAN'][0].Plan['Plan Rows']);
  if (expected >= EXACT_COUNT_UP_TO) return { total: expected, estimated: true };
  const [row] = await db.query<{ n: string }>(`SELECT count(*)::text AS n ${fromWhere}`, { replacements, type: QueryTypes.SELECT });
  return { total: Number(row!.n) };
}
