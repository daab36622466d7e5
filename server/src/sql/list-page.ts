import { Op, literal, type Attributes, type Model, type ModelStatic, type Order, type Sequelize, type WhereOptions } from 'sequelize';
import type { AdminListQuery } from '@stakedesk/shared/schemas';
import type { Keyset } from './page.js';

/** How a list is ordered: by one field, then by id in the same direction; `nullable` fields put empty values last. */
export type ListSort = { field: string; direction: 'ASC' | 'DESC'; nullable: boolean };

export function listSort<F extends string>(query: AdminListQuery<F>, defaultField: F, nullable: readonly F[] = []): ListSort {
  const field = query.sort ?? defaultField;
  return { field, direction: query.order === 'asc' ? 'ASC' : 'DESC', nullable: nullable.includes(field) };
}

/**
 * The ORDER BY of a list: the chosen field, then id for a stable page order. Fields that can be
 * empty put empty values last either way; the others say plain ASC or DESC, which an index on
 * (field, id) serves in both directions.
 */
export function listOrder(sort: ListSort): Order {
  return [
    [sort.field, sort.nullable ? `${sort.direction} NULLS LAST` : sort.direction],
    ['id', sort.direction],
  ];
}

/** `text` as a LIKE pattern that matches it literally (% and _ are not wildcards). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * What the search box finds by itself: a wallet or txId by its start (an index range, the
 * columns compare byte by byte), and a row by its id when the search is a number.
 */
export function searchConditions(q: string, prefix: string[]): WhereOptions[] {
  const pattern = `${escapeLike(q)}%`;
  const either: WhereOptions[] = prefix.map((field) => ({ [field]: { [Op.like]: pattern } }));
  if (/^\d{1,9}$/.test(q)) either.push({ id: Number(q) });
  return either;
}

/**
 * One page of a list in two steps: the ids of the page (from an index alone where it can), then
 * those rows. The rows come back as plain objects (raw): a list is only ever turned into JSON, and
 * building model instances was most of the server's time on a page.
 *
 * `after` pages by keyset: the rows that sort after the last one of the previous page, which an
 * index on (field, id) finds directly, so a page deep in a million rows costs what the first costs
 * and rows inserted or changed meanwhile never shift a page. `offset` stays for clients that page by number.
 * `next` is where this page ended, when more rows follow.
 */
export async function pageOf<M extends Model>(
  db: Sequelize,
  model: ModelStatic<M>,
  options: { where: WhereOptions; sort: ListSort; limit: number; offset: number; after?: Keyset },
): Promise<{ rows: Attributes<M>[]; next?: Keyset }> {
  const { sort, limit, after } = options;
  const column = `"${model.name}"."${model.getAttributes()[sort.field]?.field ?? sort.field}"`;
  const where = after ? { [Op.and]: [options.where, literal(afterCondition(db, model, column, sort, after))] } : options.where;
  const idRows = (await model.findAll({
    where,
    order: listOrder(sort),
    limit: limit + 1,
    offset: after ? 0 : options.offset,
    attributes: ['id', [literal(`${column}::text`), 'keysetValue']],
    raw: true,
  })) as unknown as { id: number | string; keysetValue: string | null }[];
  const pageIds = idRows.slice(0, limit);
  const last = pageIds.at(-1);
  const next = idRows.length > limit && last ? { value: last.keysetValue, id: Number(last.id) } : undefined;
  if (pageIds.length === 0) return { rows: [] };
  const ids = pageIds.map((row) => row.id);
  const rows = (await model.findAll({ where: { id: { [Op.in]: ids } } as WhereOptions, raw: true })) as unknown as Attributes<M>[];
  const byId = new Map(rows.map((row) => [String((row as { id: number | string }).id), row]));
  return { rows: ids.map((id) => byId.get(String(id))).filter((row): row is Attributes<M> => row !== undefined), next };
}

/** The rows after `after` in the list's order: a row comparison PostgreSQL answers from the (field, id) index. */
function afterCondition(db: Sequelize, model: ModelStatic<Model>, column: string, sort: ListSort, after: Keyset): string {
  const op = sort.direction === 'DESC' ? '<' : '>';
  const id = `"${model.name}"."id"`;
  const lastId = db.escape(after.id);
  // Empty values sort last in both directions, ordered among themselves by id.
  if (after.value === null) return `(${column} IS NULL AND ${id} ${op} ${lastId})`;
  const further = `(${column}, ${id}) ${op} (${db.escape(after.value)}, ${lastId})`;
  return sort.nullable ? `(${further} OR ${column} IS NULL)` : further;
}
