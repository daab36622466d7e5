import type { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import { tableRouter } from '../http/mount.js';
import type { PayoutSigner } from '../signer/payout-signer.js';
import { autoPayoutStatus } from './auto-payout-status.js';

/** GET /api/admin/auto-payouts: whether the server is paying by itself, and if not, why. */
export function autoPayoutAdminRoutes({ database: db }: Dependencies, signer: PayoutSigner | null | undefined): Router {
  const { router, mount } = tableRouter('/api/admin');
  mount('GET /api/admin/auto-payouts', async (_input, res) => {
    res.json(await autoPayoutStatus(db, signer ?? null));
  });
  return router;
}
