import { Op, literal, type Attributes, type Model, type ModelStatic, type WhereOptions } from 'sequelize';
import type { Keyset } from './cursor.js';
import { trimToPage, type DatedKeyset, type Page } from './pagination.js';

/**
 * One page of `model`'s rows matching `where`, newest first by the date attribute `dated` then id,
 * as plain rows, in one query (the wallet indexes serve it in order). `after` pages by keyset: the
 * rows older than the previous page's last, so a page costs the same however many rows came before
 * it and rows added meanwhile shift nothing; without it the page starts at `page.offset`.
 */
export async function newestFirstPage<M extends Model>(
  model: ModelStatic<M>,
  dated: keyof Attributes<M> & string,
  where: WhereOptions[],
  page: Page,
  after?: DatedKeyset,
): Promise<{ rows: Attributes<M>[]; next?: Keyset }> {
  const sequelize = model.sequelize!;
  const column = `"${model.name}"."${model.getAttributes()[dated]!.field}"`;
  const keyset = after
    ? [literal(`(${column}, "${model.name}"."id") < (${sequelize.escape(after.value)}, ${sequelize.escape(after.id)})`)]
    : [];
  const fetched = (await model.findAll({
    where: { [Op.and]: [...where, ...keyset] },
    attributes: { include: [[literal(`${column}::text`), 'keysetValue']] },
    order: [
      [dated, 'DESC'],
      ['id', 'DESC'],
    ],
    limit: page.limit + 1,
    offset: after ? 0 : page.offset,
    raw: true,
  })) as unknown as (Attributes<M> & { id: number; keysetValue?: string })[];
  const { rows, next } = trimToPage(fetched, page.limit, (row) => ({ value: row.keysetValue!, id: row.id }));
  for (const row of rows) delete row.keysetValue;
  return { rows, next };
}
