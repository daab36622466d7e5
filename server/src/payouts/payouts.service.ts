import { QueryTypes, type Sequelize } from 'sequelize';
import type { Payout } from '@stakedesk/shared/api-types';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import type { PayoutStatus } from '@stakedesk/shared/stake-status';
import { countOrEstimate, type ListTotal } from '../sql/estimated-count.js';
import { notFound } from '../errors.js';
import { PAYOUT_COLUMNS, readPayout, toPayoutJson, type PayoutRow } from './payout-records.js';
import { type Keyset, type Page, trimToPage } from '../sql/page.js';

/** GET /api/admin/payouts/{id}. */
export async function payoutById(sequelize: Sequelize, id: number): Promise<Payout> {
  const row = await readPayout(sequelize, id);
  if (!row) throw notFound(msg('payoutNotFound'));
  return toPayoutJson(row);
}

/** GET /api/admin/payouts: newest first, optionally of some statuses. */
export async function listPayouts(
  sequelize: Sequelize,
  statuses: PayoutStatus[] | undefined,
  page: Page,
  after?: Keyset,
): Promise<ListTotal & { rows: Payout[]; next?: Keyset }> {
  const where = statuses ? 'WHERE p.status IN (:statuses)' : 'WHERE true';
  const replacements = { statuses: statuses ?? [], limit: page.limit + 1, offset: after ? 0 : page.offset, afterId: after?.id ?? null };
  const [fetched, total] = await Promise.all([
    sequelize.query<PayoutRow>(
      `SELECT ${PAYOUT_COLUMNS} FROM payouts p ${where} AND (:afterId::bigint IS NULL OR p.id < :afterId) ORDER BY p.id DESC LIMIT :limit OFFSET :offset`,
      { replacements, type: QueryTypes.SELECT },
    ),
    countOrEstimate(sequelize, `FROM payouts p ${where}`, replacements),
  ]);
  const { rows, next } = trimToPage(fetched.map(toPayoutJson), page.limit, (payout) => ({ value: null, id: payout.id }));
  return { rows, ...total, next };
}
