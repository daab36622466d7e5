import { Router } from 'express';
import type { Sequelize } from 'sequelize';
import { idParamSchema, walletAddressParamSchema, withdrawalProcessSchema, withdrawalRequestSchema } from '@stakedesk/shared/schemas';
import { WITHDRAWAL_STATUSES } from '@stakedesk/shared/stake-status';
import { currentAdmin } from '../admins/admin-auth.js';
import type { ChainVerifier } from '../chain/chain-verifier.js';
import { readPage, sendPage } from '../http/pagination.js';
import { readStatusFilter } from '../http/status-filter.js';
import { parse } from '../http/validate.js';
import { refuseDuringMaintenance } from '../settings/maintenance.js';
import { listWalletWithdrawals, listWithdrawals, processWithdrawal, requestWithdrawal, toWithdrawalJson } from './withdrawals.service.js';

export function withdrawalsPublicRoutes(sequelize: Sequelize): Router {
  const router = Router();
  router.get('/withdrawals/:walletAddress', async (req, res) => {
    const wallet = parse(walletAddressParamSchema, req.params).walletAddress;
    res.json((await listWalletWithdrawals(wallet)).map(toWithdrawalJson));
  });
  router.post('/withdrawals', refuseDuringMaintenance, async (req, res) => {
    res.status(201).json(toWithdrawalJson(await requestWithdrawal(sequelize, parse(withdrawalRequestSchema, req.body))));
  });
  return router;
}

export function withdrawalsAdminRoutes(sequelize: Sequelize, verifier: ChainVerifier): Router {
  const router = Router();
  router.get('/withdrawals', async (req, res) => {
    const page = await listWithdrawals(readPage(req), readStatusFilter(req, WITHDRAWAL_STATUSES));
    sendPage(res, { rows: page.rows.map(toWithdrawalJson), total: page.total });
  });
  router.put('/withdrawals/:id', async (req, res) => {
    const id = parse(idParamSchema, req.params).id;
    const input = parse(withdrawalProcessSchema, req.body);
    res.json(toWithdrawalJson(await processWithdrawal(sequelize, verifier, id, input, currentAdmin(res))));
  });
  return router;
}
