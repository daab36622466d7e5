import { type Router, type RequestHandler } from 'express';
import type { AdminWithdrawal, WithdrawalPayout } from '@stakedesk/shared/api-types';
import type { CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { WITHDRAWAL_STATUSES } from '@stakedesk/shared/stake-status';
import type { Dependencies } from '../dependencies.js';
import { tableRouter } from '../http/mount.js';
import { sendCsv } from '../http/csv.js';
import { readCursorListQuery } from '../http/list-query.js';
import { readWalletCursor, sendPage, sendWalletPage } from '../http/pagination.js';
import { readStatusFilter } from '../http/status-filter.js';
import { loadSettings, refuseDuringMaintenance, storedThreshold } from '../settings/index.js';
import { normalizeDecimal } from '@stakedesk/shared/decimal';
import { needsApproval } from '@stakedesk/shared/withdrawal-approval';
import { listWalletWithdrawals, listWithdrawals, requestWithdrawal, withdrawalsAfter } from './withdrawals.service.js';
import { toWithdrawalJson } from './withdrawal-json.js';
import { WITHDRAWAL_CSV_COLUMNS } from './withdrawal-csv.js';

export function withdrawalsPublicRoutes({ database: db }: Dependencies, holderOnly: RequestHandler[]): Router {
  const { router, mount } = tableRouter('/api');
  mount('GET /api/withdrawals/:walletAddress', async ({ params, query }, res, req) => {
    const wallet = params().walletAddress;
    const { after, scope } = readWalletCursor(req, 'wallet-withdrawals', wallet);
    const { limit, offset } = query();
    const page = await listWalletWithdrawals(db, wallet, { limit, offset }, after);
    sendWalletPage(res, page, scope);
  });
  mount('POST /api/withdrawals', refuseDuringMaintenance(db), ...holderOnly, async ({ body }, res) => {
    res.status(201).json(toWithdrawalJson(await requestWithdrawal(db, body())));
  });
  return router;
}

/** Each withdrawal's latest payout, for the list (paying withdrawals is the payouts module's: it is handed in, not imported). */
export type LatestPayouts = (withdrawalIds: number[]) => Promise<Map<number, WithdrawalPayout>>;

/** Why automatic payouts left each withdrawal to an operator (the auto-payouts module's, handed in). */
export type AutoPayoutHolds = (withdrawalIds: number[]) => Promise<Map<number, CodedMessage>>;

export function withdrawalsAdminRoutes(
  { database: db }: Dependencies,
  latestPayouts: LatestPayouts,
  autoPayoutHolds: AutoPayoutHolds,
): Router {
  const { router, mount } = tableRouter('/api/admin');
  mount('GET /api/admin/withdrawals', async ({ query }, res, req) => {
    const statuses = readStatusFilter(req, WITHDRAWAL_STATUSES);
    const { query: list, after, scope } = readCursorListQuery(req, query(), 'withdrawals');
    const page = await listWithdrawals(db, list, statuses, after);
    const ids = page.rows.map((row) => row.id);
    const [payouts, holds, settings] = await Promise.all([latestPayouts(ids), autoPayoutHolds(ids), loadSettings(db)]);
    const threshold = storedThreshold(settings);
    const rows: AdminWithdrawal[] = page.rows.map((row) => ({
      ...toWithdrawalJson(row),
      payout: payouts.get(row.id) ?? null,
      autoPayoutHold: holds.get(row.id) ?? null,
      approvalRequired: needsApproval(normalizeDecimal(row.finalAmount), threshold),
      approvedBy: row.approvedByUsername ?? null,
      approvedAt: row.approvedAt ? new Date(row.approvedAt).toISOString() : null,
    }));
    sendPage(res, { ...page, rows }, scope);
  });
  mount('GET /api/admin/withdrawals.csv', async (_input, res, req) => {
    const statuses = readStatusFilter(req, WITHDRAWAL_STATUSES);
    await sendCsv(res, 'withdrawals.csv', WITHDRAWAL_CSV_COLUMNS, (afterId) => withdrawalsAfter(db, afterId, statuses));
  });
  return router;
}
