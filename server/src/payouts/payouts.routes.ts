import type { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import { tableRouter } from '../http/mount.js';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { PAYOUT_STATUSES } from '@stakedesk/shared/stake-status';
import type { StepUpFor } from '../http/step-up-contract.js';
import { badRequest } from '../errors.js';
import { readCursorPage, sendPage } from '../http/pagination.js';
import { readStatusFilter } from '../http/status-filter.js';
import type { Logger } from '../logger.js';
import { toWithdrawalJson } from '../withdrawals/index.js';
import { postSignedPayout } from './send.js';
import { approveWithdrawal, preparePayout } from './prepare.js';
import { processWithdrawal, resolveReview } from './process-withdrawal.js';
import { listPayouts, payoutById } from './store.js';
import { currentAdmin } from '../http/signed-in-admin.js';

/** The body of the retired registration (DESIGN 10): answered with the flow that replaced it. */
const isRegistration = (body: unknown) =>
  typeof body === 'object' && body !== null && ('signature' in body || 'lastValidBlockHeight' in body);

/**
 * Paying withdrawals: payouts the server builds, checks and sends (DESIGN 11), a pasted TXID or a
 * rejection (SPEC's Process dialog), and an owner's review of a payout that landed short.
 */
export function payoutsAdminRoutes({ database: db, chain }: Dependencies, stepUpFor: StepUpFor, logger: Logger): Router {
  const { router, mount } = tableRouter('/api/admin');
  mount('GET /api/admin/payouts', async ({ query }, res, req) => {
    const statuses = readStatusFilter(req, PAYOUT_STATUSES);
    const { page, after, scope } = readCursorPage(req, query(), 'payouts', statuses?.join(','));
    sendPage(res, await listPayouts(db, statuses, page, after), scope);
  });
  mount('GET /api/admin/payouts/:id', async ({ params }, res) => {
    res.json(await payoutById(db, params().id));
  });
  mount('POST /api/admin/payouts', async ({ body }, res, req) => {
    if (isRegistration(req.body)) throw badRequest(msg('payoutRegistrationRetired'));
    res.status(201).json(await preparePayout(db, chain, body(), currentAdmin(res)));
  });
  mount('POST /api/admin/payouts/:id/signed', async ({ params, body }, res) => {
    const id = params().id;
    const input = body();
    res.json(await postSignedPayout(db, chain, logger, id, input, currentAdmin(res)));
  });
  mount('PUT /api/admin/withdrawals/:id', async ({ params, body }, res) => {
    const id = params().id;
    const input = body();
    res.json(toWithdrawalJson(await processWithdrawal(db, chain, id, input, currentAdmin(res))));
  });
  mount('POST /api/admin/withdrawals/:id/approve', async ({ params }, res) => {
    const id = params().id;
    res.json(toWithdrawalJson(await approveWithdrawal(db, id, currentAdmin(res))));
  });
  mount('POST /api/admin/withdrawals/:id/resolve', async ({ params, body }, res) => {
    const id = params().id;
    const input = body();
    const actor = currentAdmin(res);
    res.json(toWithdrawalJson(await resolveReview(db, id, input, actor, stepUpFor(actor, input))));
  });
  return router;
}
