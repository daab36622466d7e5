import { Router, type RequestHandler } from 'express';
import type { AdminWithdrawal, WithdrawalPayout } from '@stakedesk/shared/api-types';
import type { CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { walletAddressParamSchema, withdrawalListQuerySchema } from '@stakedesk/shared/schemas';
import { WITHDRAWAL_STATUSES } from '@stakedesk/shared/stake-status';
import type { Dependencies } from '../dependencies.js';
import { sendCsv } from '../http/csv.js';
import { readCursorListQuery } from '../http/list-query.js';
import { readWalletCursor, readWalletPage, sendPage, sendWalletPage } from '../http/pagination.js';
import { readStatusFilter } from '../http/status-filter.js';
import { parse, parseBody } from '../http/validate.js';
import { loadSettings, refuseDuringMaintenance, storedThreshold } from '../settings/index.js';
import { normalizeDecimal } from '@stakedesk/shared/decimal';
import { needsApproval } from '@stakedesk/shared/withdrawal-approval';
import { listWalletWithdrawals, listWithdrawals, requestWithdrawal, withdrawalsAfter } from './withdrawals.service.js';
import { toWithdrawalJson } from './withdrawal-json.js';
import { WITHDRAWAL_CSV_COLUMNS } from './withdrawal-csv.js';
import { requireRole } from '../http/signed-in-admin.js';

export function withdrawalsPublicRoutes({ database: sequelize }: Dependencies, holderOnly: RequestHandler[]): Router {
  const router = Router();
  router.get('/withdrawals/:walletAddress', async (req, res) => {
    const wallet = parse(walletAddressParamSchema, req.params).walletAddress;
    const { after, scope } = readWalletCursor(req, 'wallet-withdrawals', wallet);
    const page = await listWalletWithdrawals(sequelize, wallet, readWalletPage(req), after);
    sendWalletPage(res, page, scope);
  });
  router.post('/withdrawals', refuseDuringMaintenance(sequelize), ...holderOnly, async (req, res) => {
    res.status(201).json(toWithdrawalJson(await requestWithdrawal(sequelize, parseBody('POST /api/withdrawals', req.body))));
  });
  return router;
}

/** Each withdrawal's latest payout, for the list (paying withdrawals is the payouts module's: it is handed in, not imported). */
export type LatestPayouts = (withdrawalIds: number[]) => Promise<Map<number, WithdrawalPayout>>;

/** Why automatic payouts left each withdrawal to an operator (the auto-payouts module's, handed in). */
export type AutoPayoutHolds = (withdrawalIds: number[]) => Promise<Map<number, CodedMessage>>;

export function withdrawalsAdminRoutes(
  { database: sequelize }: Dependencies,
  latestPayouts: LatestPayouts,
  autoPayoutHolds: AutoPayoutHolds,
): Router {
  const router = Router();
  router.get('/withdrawals', requireRole('GET /api/admin/withdrawals'), async (req, res) => {
    const statuses = readStatusFilter(req, WITHDRAWAL_STATUSES);
    const { query, after, scope } = readCursorListQuery(req, 'withdrawals', withdrawalListQuerySchema);
    const page = await listWithdrawals(sequelize, query, statuses, after);
    const ids = page.rows.map((row) => row.id);
    const [payouts, holds, settings] = await Promise.all([latestPayouts(ids), autoPayoutHolds(ids), loadSettings(sequelize)]);
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
  router.get('/withdrawals.csv', requireRole('GET /api/admin/withdrawals.csv'), async (req, res) => {
    const statuses = readStatusFilter(req, WITHDRAWAL_STATUSES);
    await sendCsv(res, 'withdrawals.csv', WITHDRAWAL_CSV_COLUMNS, (afterId) => withdrawalsAfter(afterId, statuses));
  });
  return router;
}
