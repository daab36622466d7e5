import type { Request } from 'express';
import { Op, type Attributes, type Model, type ModelStatic, type Order, type WhereOptions } from 'sequelize';
import type { Schema } from 'yup';
import type { AdminListQuery } from '@stakedesk/shared/schemas';
import { parse } from './validate.js';

/** Reads ?limit=&offset=&sort=&order=&q= of an admin list (status is read apart). */
export function readListQuery<F extends string>(req: Request, schema: Schema<AdminListQuery<F>>): AdminListQuery<F> {
  const { limit, offset, sort, order, q } = req.query;
  return parse(schema, { limit, offset, sort, order, q });
}

/**
 * The ORDER BY of a list: the chosen field, then id for a stable page order. Fields that can be
 * empty put empty values last either way; the others say plain ASC or DESC, which an index on
 * (field, id) serves in both directions.
 */
export function listOrder<F extends string>(query: AdminListQuery<F>, defaultField: F, nullable: readonly F[] = []): Order {
  const direction = (query.order ?? 'desc').toUpperCase();
  const field = query.sort ?? defaultField;
  return [
    [field, nullable.includes(field) ? `${direction} NULLS LAST` : direction],
    ['id', direction],
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
 * One page of a list in two steps: the ids of the page (from an index alone where it can: no
 * row is read for the `offset` rows skipped), then those rows. A deep page costs a walk over
 * index entries instead of fetching and throwing away every row before it. The rows come back as
 * plain objects (raw): a list is only ever turned into JSON, and building model instances was
 * most of the server's time on a page.
 */
export async function pageOf<M extends Model & { id: number }>(
  model: ModelStatic<M>,
  options: { where: WhereOptions; order: Order; limit: number; offset: number },
): Promise<Attributes<M>[]> {
  const idRows = (await model.findAll({ ...options, attributes: ['id'], raw: true })) as unknown as { id: number }[];
  if (idRows.length === 0) return [];
  const ids = idRows.map((row) => row.id);
  const rows = (await model.findAll({ where: { id: { [Op.in]: ids } } as WhereOptions, raw: true })) as unknown as Attributes<M>[];
  const byId = new Map(rows.map((row) => [(row as { id: number }).id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is Attributes<M> => row !== undefined);
}
