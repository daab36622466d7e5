import { Router } from 'express';
import { QueryTypes, type Sequelize } from 'sequelize';
import { paginationSchema } from '@stakedesk/shared/schemas';
import { parse } from '../http/validate.js';
import { loadSettings } from '../settings/settings.service.js';
import type { Chain } from './chain-verifier.js';
import { requireRole } from '../admins/require-role.js';

/**
 * GET /api/admin/reconciliation?limit=N: successful incoming transfers of the mint to the staking
 * wallet, among its latest N transactions, that no stake or payout records — a holder whose
 * browser closed between sending and recording shows up here.
 */
export function reconciliationAdminRoutes(sequelize: Sequelize, chain: Chain): Router {
  return Router().get('/reconciliation', requireRole('viewer'), async (req, res) => {
    const { limit } = parse(paginationSchema, { limit: req.query.limit });
    const settings = await loadSettings();
    if (!settings.tokenContract || !settings.stakingWallet) {
      res.json([]);
      return;
    }
    const recorded = async (txIds: string[]) => {
      if (txIds.length === 0) return new Set<string>();
      const rows = await sequelize.query<{ tx_id: string }>('SELECT tx_id FROM used_transactions WHERE tx_id IN (:txIds)', {
        replacements: { txIds },
        type: QueryTypes.SELECT,
      });
      return new Set(rows.map((row) => row.tx_id));
    };
    res.json(await chain.unrecordedDeposits(settings.tokenContract, settings.stakingWallet, limit, recorded));
  });
}
