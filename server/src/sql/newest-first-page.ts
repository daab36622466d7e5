import type { Sequelize } from 'sequelize';
import { isInvalidDatetime } from '../db/errors.js';
import { preparedQuery } from '../db/prepared-query.js';
import { invalidCursor, type DatedKeyset, type Keyset, type Page } from './page.js';

/** A list a holder reads newest first, answered as JSON text that PostgreSQL writes. */
export type JsonList = {
  /** Names its prepared statements: one per list. */
  name: string;
  /** `table alias`, e.g. `stakes s`. */
  table: string;
  alias: string;
  /** The date column it is ordered by, newest first, then by id (the wallet indexes' order). */
  dated: string;
  /** Which rows: SQL on `alias` with the wallet as $1. */
  where: string;
  /** A row's JSON text, given the row's alias (an *JsonSql function of stake-json.ts, withdrawal-json.ts). */
  json: (row: string) => string;
};

type Answer = { body: string; fetched: number; next_value: string | null; next_id: number | null; total?: number };

const statements = new Map<string, string>();

/**
 * The statement of a list's page: $1 the wallet, $2 the limit, $3 the offset, $4 and $5 the keyset.
 * The page's rows and one past it (only to say another page follows) are numbered in the list's
 * order; the answer is the JSON array of the page's rows, the keyset of its last, and the total,
 * which the page itself gives when it holds everything (first page, not full), so only a holder
 * with more than a page pays for a count.
 */
function statementOf(list: JsonList, keyset: boolean, withTotal: boolean): { name: string; text: string } {
  const name = `${list.name}${keyset ? '_after' : ''}${withTotal ? '_total' : ''}`;
  let text = statements.get(name);
  if (!text) {
    const { table, alias: a, dated, where, json } = list;
    const after = keyset ? ` AND (${a}.${dated}, ${a}.id) < ($4::timestamptz, $5::bigint)` : '';
    const total = withTotal
      ? `, (CASE WHEN $3::bigint = 0 AND count(*) < $2::bigint THEN count(*) ELSE (SELECT count(*) FROM ${table} WHERE ${where}) END)::int AS total`
      : '';
    text = `WITH page AS (
      SELECT ${json(a)} AS json, ${a}.${dated}::text AS keyset_value, ${a}.id,
             row_number() OVER (ORDER BY ${a}.${dated} DESC, ${a}.id DESC) AS n
      FROM ${table} WHERE ${where}${after}
      ORDER BY ${a}.${dated} DESC, ${a}.id DESC LIMIT $2::bigint + 1 OFFSET $3::bigint)
    SELECT '[' || coalesce(string_agg(json, ',' ORDER BY n) FILTER (WHERE n <= $3::bigint + $2::bigint), '') || ']' AS body,
           count(*)::int AS fetched, min(keyset_value) FILTER (WHERE n = $3::bigint + $2::bigint) AS next_value,
           min(id) FILTER (WHERE n = $3::bigint + $2::bigint) AS next_id${total}
    FROM page`;
    statements.set(name, text);
  }
  return { name, text };
}

/**
 * One page of `wallet`'s list as the answer's JSON array, in one prepared statement. `after` pages
 * by keyset: the rows older than the previous page's last, so a page costs the same however many
 * rows came before it and rows added meanwhile shift nothing; without it the page starts at
 * `page.offset`.
 */
export async function newestFirstJsonPage(
  db: Sequelize,
  list: JsonList,
  wallet: string,
  page: Page,
  options: { after?: DatedKeyset; withTotal?: boolean } = {},
): Promise<{ body: string; next?: Keyset; total?: number }> {
  const { after, withTotal = false } = options;
  const { name, text } = statementOf(list, after !== undefined, withTotal);
  const values: unknown[] = [wallet, page.limit, after ? 0 : page.offset];
  if (after) values.push(after.value, after.id);
  let answer: Answer;
  try {
    [answer] = (await preparedQuery<Answer>(db, name, text, values)) as [Answer];
  } catch (error) {
    // A cursor is only base64 JSON: one made up by hand may name no date at all.
    if (after && isInvalidDatetime(error)) throw invalidCursor();
    throw error;
  }
  const next = answer.fetched > page.limit ? { value: answer.next_value!, id: answer.next_id! } : undefined;
  return { body: answer.body, next, total: answer.total };
}
