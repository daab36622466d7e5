import type { Request } from 'express';
import { Op, type Order, type WhereOptions } from 'sequelize';
import type { Schema } from 'yup';
import type { AdminListQuery } from '@stakedesk/shared/schemas';
import { parse } from './validate.js';

/** Reads ?limit=&offset=&sort=&order=&q= of an admin list (status is read apart). */
export function readListQuery<F extends string>(req: Request, schema: Schema<AdminListQuery<F>>): AdminListQuery<F> {
  const { limit, offset, sort, order, q } = req.query;
  return parse(schema, { limit, offset, sort, order, q });
}

/** The ORDER BY of a list: the chosen field (empty values last), then id for a stable page order. */
export function listOrder<F extends string>(query: AdminListQuery<F>, defaultField: F): Order {
  const direction = (query.order ?? 'desc').toUpperCase();
  return [
    [query.sort ?? defaultField, `${direction} NULLS LAST`],
    ['id', direction],
  ];
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * What the search box finds: a wallet or txId by its start (an index can serve it), text fields by
 * any part, and a row by its id when the search is a number.
 */
export function searchWhere(q: string | undefined, { prefix, contains }: { prefix: string[]; contains: string[] }): WhereOptions {
  if (!q) return {};
  const pattern = escapeLike(q);
  const either: WhereOptions[] = [
    ...prefix.map((field) => ({ [field]: { [Op.like]: `${pattern}%` } })),
    ...contains.map((field) => ({ [field]: { [Op.iLike]: `%${pattern}%` } })),
  ];
  if (/^\d{1,9}$/.test(q)) either.push({ id: Number(q) });
  return { [Op.or]: either };
}
