import { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { idParamSchema } from '@stakedesk/shared/schemas';
import { PAYOUT_STATUSES } from '@stakedesk/shared/stake-status';
import type { StepUpFor } from '../http/step-up-contract.js';
import { badRequest } from '../errors.js';
import { readCursorPage, sendPage } from '../http/pagination.js';
import { readStatusFilter } from '../http/status-filter.js';
import { parse, parseBody } from '../http/validate.js';
import type { Logger } from '../logger.js';
import { toWithdrawalJson } from '../withdrawals/index.js';
import { postSignedPayout } from './send.js';
import { approveWithdrawal, preparePayout } from './prepare.js';
import { processWithdrawal, resolveReview } from './process-withdrawal.js';
import { listPayouts, payoutById } from './store.js';
import { currentAdmin, requireRole } from '../http/signed-in-admin.js';

/** The body of the retired registration (DESIGN 10): answered with the flow that replaced it. */
const isRegistration = (body: unknown) =>
  typeof body === 'object' && body !== null && ('signature' in body || 'lastValidBlockHeight' in body);

/**
 * Paying withdrawals: payouts the server builds, checks and sends (DESIGN 11), a pasted TXID or a
 * rejection (SPEC's Process dialog), and an owner's review of a payout that landed short.
 */
export function payoutsAdminRoutes({ database: sequelize, chain }: Dependencies, stepUpFor: StepUpFor, logger: Logger): Router {
  const router = Router();
  router.get('/payouts', requireRole('GET /api/admin/payouts'), async (req, res) => {
    const statuses = readStatusFilter(req, PAYOUT_STATUSES);
    const { page, after, scope } = readCursorPage(req, 'payouts', statuses?.join(','));
    sendPage(res, await listPayouts(sequelize, statuses, page, after), scope);
  });
  router.get('/payouts/:id', requireRole('GET /api/admin/payouts/:id'), async (req, res) => {
    res.json(await payoutById(sequelize, parse(idParamSchema, req.params).id));
  });
  router.post('/payouts', requireRole('POST /api/admin/payouts'), async (req, res) => {
    if (isRegistration(req.body)) throw badRequest(msg('payoutRegistrationRetired'));
    res.status(201).json(await preparePayout(sequelize, chain, parseBody('POST /api/admin/payouts', req.body), currentAdmin(res)));
  });
  router.post('/payouts/:id/signed', requireRole('POST /api/admin/payouts/:id/signed'), async (req, res) => {
    const id = parse(idParamSchema, req.params).id;
    const input = parseBody('POST /api/admin/payouts/:id/signed', req.body);
    res.json(await postSignedPayout(sequelize, chain, logger, id, input, currentAdmin(res)));
  });
  router.put('/withdrawals/:id', requireRole('PUT /api/admin/withdrawals/:id'), async (req, res) => {
    const id = parse(idParamSchema, req.params).id;
    const input = parseBody('PUT /api/admin/withdrawals/:id', req.body);
    res.json(toWithdrawalJson(await processWithdrawal(sequelize, chain, id, input, currentAdmin(res))));
  });
  router.post('/withdrawals/:id/approve', requireRole('POST /api/admin/withdrawals/:id/approve'), async (req, res) => {
    const id = parse(idParamSchema, req.params).id;
    res.json(toWithdrawalJson(await approveWithdrawal(sequelize, id, currentAdmin(res))));
  });
  router.post('/withdrawals/:id/resolve', requireRole('POST /api/admin/withdrawals/:id/resolve'), async (req, res) => {
    const id = parse(idParamSchema, req.params).id;
    const input = parseBody('POST /api/admin/withdrawals/:id/resolve', req.body);
    const actor = currentAdmin(res);
    res.json(toWithdrawalJson(await resolveReview(sequelize, id, input, actor, stepUpFor(actor, input))));
  });
  return router;
}
