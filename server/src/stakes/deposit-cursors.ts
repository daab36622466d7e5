import { QueryTypes, type Sequelize } from 'sequelize';

/** A followed token account: who owns it, of which mint. */
export type FollowedAccount = { address: string; owner: string; mint: string };

/** The followed accounts among `addresses` that have a cursor already. */
export async function withCursors(sequelize: Sequelize, addresses: string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const rows = await sequelize.query<{ address: string }>('SELECT address FROM deposit_cursors WHERE address IN (:addresses)', {
    replacements: { addresses },
    type: QueryTypes.SELECT,
  });
  return new Set(rows.map((row) => row.address));
}

/**
 * Starts following `account` after `newest` (its newest transaction now, null when it has none):
 * what came before is the reconciliation page's. A cursor another instance started first stands.
 */
export async function startCursor(sequelize: Sequelize, account: FollowedAccount, newest: string | null): Promise<void> {
  await sequelize.query(
    `INSERT INTO deposit_cursors (address, owner, mint, last_signature) VALUES (:address, :owner, :mint, :newest)
     ON CONFLICT (address) DO NOTHING`,
    { replacements: { ...account, newest } },
  );
}

/**
 * Runs `read` with the account's cursor (the newest transaction already looked at, null for the
 * start of its history) under the cursor row's lock, then moves the cursor to what `read` answers.
 * An instance that finds the row locked skips the account this round: another is reading it, and
 * reading it twice would fetch every new transaction twice. Answers undefined when skipped.
 */
export async function withCursor<T extends { last: string | null }>(
  sequelize: Sequelize,
  address: string,
  read: (last: string | null) => Promise<T>,
): Promise<T | undefined> {
  return sequelize.transaction(async (transaction) => {
    const [cursor] = await sequelize.query<{ last_signature: string | null }>(
      'SELECT last_signature FROM deposit_cursors WHERE address = :address FOR UPDATE SKIP LOCKED',
      { replacements: { address }, type: QueryTypes.SELECT, transaction },
    );
    if (!cursor) return undefined;
    const outcome = await read(cursor.last_signature);
    if (outcome.last !== cursor.last_signature) {
      await sequelize.query('UPDATE deposit_cursors SET last_signature = :last, updated_at = now() WHERE address = :address', {
        replacements: { address, last: outcome.last },
        transaction,
      });
    }
    return outcome;
  });
}
