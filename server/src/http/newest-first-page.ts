import { QueryTypes, type Sequelize } from 'sequelize';
import { invalidCursor, type Keyset } from './cursor.js';
import type { DatedKeyset, Page } from './pagination.js';
import { isInvalidDatetime } from '../db/errors.js';

/** A list a holder reads newest first, answered as JSON text that PostgreSQL writes. */
export type JsonList = {
  /** `table alias`, e.g. `stakes s`. */
  table: string;
  alias: string;
  /** The date column it is ordered by, newest first, then by id (the wallet indexes' order). */
  dated: string;
  /** Which rows: SQL on `alias`, its values escaped. */
  where: string;
  /** A row's JSON text, given the row's alias (an *JsonSql function of stake-json.ts, withdrawal-json.ts). */
  json: (row: string) => string;
};

type Answer = { body: string; fetched: number; next_value: string | null; next_id: number | null; total?: number };

/**
 * One page of a list as the answer's JSON array, in one statement: the page's rows, one row past
 * it (only to say another page follows) and, with `withTotal`, the total, which the page itself
 * gives when it holds everything (first page, not full), so only a holder with more than a page
 * pays for a count. `after` pages by keyset: the rows older than the previous page's last, so a
 * page costs the same however many rows came before it and rows added meanwhile shift nothing;
 * without it the page starts at `page.offset`. Rows skipped by an offset and the row past the page
 * are never serialised: the JSON is written from the page's rows only.
 */
export async function newestFirstJsonPage(
  sequelize: Sequelize,
  list: JsonList,
  page: Page,
  options: { after?: DatedKeyset; withTotal?: boolean } = {},
): Promise<{ body: string; next?: Keyset; total?: number }> {
  const { table, alias: a, dated, where, json } = list;
  const { after, withTotal } = options;
  const offset = after ? 0 : page.offset;
  const last = offset + page.limit;
  const keyset = after ? ` AND (${a}.${dated}, ${a}.id) < (${sequelize.escape(after.value)}, ${sequelize.escape(after.id)})` : '';
  const total = withTotal
    ? `, (CASE WHEN ${offset} = 0 AND count(*) < ${page.limit} THEN count(*) ELSE (SELECT count(*) FROM ${table} WHERE ${where}) END)::int AS total`
    : '';
  const sql = `WITH page AS (
      SELECT ${a} AS r, ${a}.${dated}::text AS keyset_value, ${a}.id, row_number() OVER (ORDER BY ${a}.${dated} DESC, ${a}.id DESC) AS n
      FROM ${table} WHERE ${where}${keyset}
      ORDER BY ${a}.${dated} DESC, ${a}.id DESC LIMIT ${page.limit + 1} OFFSET ${offset})
    SELECT '[' || coalesce(string_agg(${json('(page.r)')}, ',' ORDER BY n) FILTER (WHERE n <= ${last}), '') || ']' AS body,
           count(*)::int AS fetched, min(keyset_value) FILTER (WHERE n = ${last}) AS next_value, min(id) FILTER (WHERE n = ${last}) AS next_id${total}
    FROM page`;
  let answer: Answer;
  try {
    [answer] = (await sequelize.query(sql, { type: QueryTypes.SELECT, raw: true })) as [Answer];
  } catch (error) {
    // A cursor is only base64 JSON: one made up by hand may name no date at all.
    if (after && isInvalidDatetime(error)) throw invalidCursor();
    throw error;
  }
  const next = answer.fetched > page.limit ? { value: answer.next_value!, id: answer.next_id! } : undefined;
  return { body: answer.body, next, total: answer.total };
}
