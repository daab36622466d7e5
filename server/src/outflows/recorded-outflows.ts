import { QueryTypes, type Sequelize } from 'sequelize';

// The ledger's rows as the books audit reads them (books-audit/audit-books.ts).

/** A recorded outflow, numbered in the order it was seen (`id`, from 1): raw units of its mint. */
export type RecordedOutflow = {
  id: number;
  signature: string;
  account: string;
  owner: string;
  mint: string;
  amount: string;
  decimals: number;
};

/** The recorded outflows numbered after `after`, at most `limit`, in the order they were seen. */
export function recordedOutflowsAfter(db: Sequelize, after: number, limit: number): Promise<RecordedOutflow[]> {
  return db.query<RecordedOutflow>(
    `SELECT id, signature, account, owner, mint, amount::text AS amount, decimals FROM (
        SELECT row_number() OVER (ORDER BY created_at, signature, account)::int AS id, * FROM treasury_outflows) numbered
      WHERE id > :after ORDER BY id LIMIT :limit`,
    { replacements: { after, limit }, type: QueryTypes.SELECT },
  );
}

/** Whether the ledger recorded an outflow in `signature`. */
export async function outflowRecorded(db: Sequelize, signature: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM treasury_outflows WHERE signature = :signature', {
    replacements: { signature },
    type: QueryTypes.SELECT,
  });
  return rows.length > 0;
}
