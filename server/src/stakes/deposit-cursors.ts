import { QueryTypes, type Sequelize } from 'sequelize';
import { emitAlert } from '../alerts/index.js';

/** A followed token account: who owns it, of which mint (and its decimals, to say amounts). */
export type FollowedAccount = { address: string; owner: string; mint: string; decimals: number };

/**
 * History not read yet, between two transactions (both exclusive): older than `before` (the oldest
 * transaction a round read) and newer than `until` (the cursor that round started from; null for
 * the start of the account's history).
 */
export type HistoryGap = { before: string; until: string | null };

/**
 * Where following an account stands: every transaction up to `last` (the newest looked at; null
 * while none was) has been looked at, except those in `gap`.
 */
export type Cursor = { last: string | null; gap: HistoryGap | null };

/** How long deposit detection has had history it could not read yet: the oldest open gap's age in seconds, 0 when caught up. */
export async function depositsBehindSeconds(db: Sequelize): Promise<number> {
  const [row] = await db.query<{ behind: number | null }>(
    `SELECT extract(epoch FROM now() - min(behind_since))::float8 AS behind FROM deposit_cursors WHERE behind_since IS NOT NULL`,
    { type: QueryTypes.SELECT },
  );
  return row!.behind ?? 0;
}

/** The followed accounts among `addresses` that have a cursor already. */
export async function withCursors(db: Sequelize, addresses: string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const rows = await db.query<{ address: string }>('SELECT address FROM deposit_cursors WHERE address IN (:addresses)', {
    replacements: { addresses },
    type: QueryTypes.SELECT,
  });
  return new Set(rows.map((row) => row.address));
}

/**
 * Starts following `account` after `newest` (its newest transaction now, null when it has none):
 * what came before is the reconciliation page's. A cursor another instance started first stands.
 */
export async function startCursor(db: Sequelize, account: FollowedAccount, newest: string | null): Promise<void> {
  await db.query(
    `INSERT INTO deposit_cursors (address, owner, mint, last_signature) VALUES (:address, :owner, :mint, :newest)
     ON CONFLICT (address) DO NOTHING`,
    { replacements: { address: account.address, owner: account.owner, mint: account.mint, newest } },
  );
}

type CursorRow = { last_signature: string | null; gap_before: string | null; gap_until: string | null; owner: string };

const sameCursor = (a: Cursor, b: Cursor) => a.last === b.last && a.gap?.before === b.gap?.before && a.gap?.until === b.gap?.until;

/**
 * Runs `read` with the account's cursor under the cursor row's lock, then keeps the cursor `read`
 * answers. An instance that finds the row locked skips the account this round: another is reading
 * it, and reading it twice would fetch every new transaction twice. Answers undefined when skipped.
 *
 * A gap opening starts an episode of `deposits.behind` (raised here, once: a gap stays one gap
 * until it is read to its end, see deposit-follower.ts), and its closing ends it.
 */
export async function withCursor<T extends { cursor: Cursor; read: number }>(
  db: Sequelize,
  address: string,
  read: (cursor: Cursor) => Promise<T>,
): Promise<T | undefined> {
  return db.transaction(async (transaction) => {
    const [row] = await db.query<CursorRow>(
      'SELECT last_signature, gap_before, gap_until, owner FROM deposit_cursors WHERE address = :address FOR UPDATE SKIP LOCKED',
      { replacements: { address }, type: QueryTypes.SELECT, transaction },
    );
    if (!row) return undefined;
    const cursor: Cursor = {
      last: row.last_signature,
      gap: row.gap_before === null ? null : { before: row.gap_before, until: row.gap_until },
    };
    const outcome = await read(cursor);
    const next = outcome.cursor;
    if (!sameCursor(cursor, next)) {
      await db.query(
        `UPDATE deposit_cursors SET last_signature = :last, gap_before = :gapBefore, gap_until = :gapUntil,
           behind_since = CASE WHEN :gapBefore::varchar IS NULL THEN NULL ELSE coalesce(behind_since, now()) END, updated_at = now()
         WHERE address = :address`,
        { replacements: { address, last: next.last, gapBefore: next.gap?.before ?? null, gapUntil: next.gap?.until ?? null }, transaction },
      );
    }
    if (!cursor.gap && next.gap) {
      await emitAlert(db, 'deposits.behind', { account: address, owner: row.owner, transactions: outcome.read }, transaction);
    }
    return outcome;
  });
}
