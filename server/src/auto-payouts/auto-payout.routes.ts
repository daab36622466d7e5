import { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import type { PayoutSigner } from '../signer/payout-signer.js';
import { autoPayoutStatus } from './auto-payout-status.js';
import { requireRole } from '../http/signed-in-admin.js';

/** GET /api/admin/auto-payouts: whether the server is paying by itself, and if not, why. */
export function autoPayoutAdminRoutes({ database: sequelize }: Dependencies, signer: PayoutSigner | null | undefined): Router {
  return Router().get('/auto-payouts', requireRole('GET /api/admin/auto-payouts'), async (_req, res) => {
    res.json(await autoPayoutStatus(sequelize, signer ?? null));
  });
}
