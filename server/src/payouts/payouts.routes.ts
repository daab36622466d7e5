import { Router } from 'express';
import type { Sequelize } from 'sequelize';
import { payoutRegisterSchema } from '@stakedesk/shared/schemas';
import { PAYOUT_STATUSES } from '@stakedesk/shared/stake-status';
import { currentAdmin } from '../admins/admin-auth.js';
import type { ChainFollower } from '../chain/chain-verifier.js';
import { readCursorPage, sendPage } from '../http/pagination.js';
import { readStatusFilter } from '../http/status-filter.js';
import { parse } from '../http/validate.js';
import { listPayouts, registerPayout } from './payouts.service.js';
import { requireRole } from '../admins/require-role.js';

export function payoutsAdminRoutes(sequelize: Sequelize, chain: ChainFollower): Router {
  const router = Router();
  router.get('/payouts', requireRole('viewer'), async (req, res) => {
    const statuses = readStatusFilter(req, PAYOUT_STATUSES);
    const { page, after, scope } = readCursorPage(req, 'payouts', statuses?.join(','));
    sendPage(res, await listPayouts(sequelize, statuses, page, after), scope);
  });
  router.post('/payouts', requireRole('operator'), async (req, res) => {
    const { payout, created } = await registerPayout(sequelize, chain, parse(payoutRegisterSchema, req.body), currentAdmin(res));
    res.status(created ? 201 : 200).json(payout);
  });
  return router;
}
