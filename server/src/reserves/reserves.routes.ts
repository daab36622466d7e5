import { Router, type RequestHandler } from 'express';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { idParamSchema, reservesProofParamSchema } from '@stakedesk/shared/schemas';
import type { Dependencies } from '../dependencies.js';
import { forbidden } from '../errors.js';
import { parse, parseBody } from '../http/validate.js';
import type { Metrics } from '../metrics/metrics.js';
import { latestReservesSnapshot, reportReservesCheckFailure, reservesProof, reservesSnapshot } from './reserves.service.js';
import { takeReservesSnapshot, type SnapshotDeps } from './take-snapshot.js';
import { currentAdmin, requireRole } from '../http/signed-in-admin.js';

export type ReservesRoutesDeps = {
  /** The holder's session checks (same site, signed in). */
  holderOnly: RequestHandler[];
  metrics: Pick<Metrics, 'reservesCheckFailed'>;
  /** RESERVES_PROOF_DAYS, named in the refusal of a pruned proof. */
  proofDays: number;
};

/** DESIGN 14: snapshots are public; a proof is its own wallet's only; a failed check is reported by that wallet's session. */
export function reservesPublicRoutes(
  { database: sequelize }: Dependencies,
  { holderOnly, metrics, proofDays }: ReservesRoutesDeps,
): Router {
  const router = Router();
  router.get('/reserves', async (_req, res) => {
    res.json(await latestReservesSnapshot(sequelize));
  });
  router.get('/reserves/:id', async (req, res) => {
    res.json(await reservesSnapshot(sequelize, parse(idParamSchema, req.params).id));
  });
  router.get('/reserves/:id/proof/:walletAddress', ...holderOnly, async (req, res) => {
    const { id, walletAddress } = parse(reservesProofParamSchema, req.params);
    if (walletAddress !== res.locals.holderWallet) throw forbidden(msg('walletNotYours'));
    res.json(await reservesProof(sequelize, id, walletAddress, proofDays));
  });
  router.post('/reserves/:id/check-failures', ...holderOnly, async (req, res) => {
    const { id } = parse(idParamSchema, req.params);
    const { code } = parseBody('POST /api/reserves/:id/check-failures', req.body);
    if (await reportReservesCheckFailure(sequelize, id, res.locals.holderWallet as string, code)) metrics.reservesCheckFailed(code);
    res.status(202).end();
  });
  return router;
}

export function reservesAdminRoutes({ database, chain }: Dependencies, hotWallet: string | undefined): Router {
  const deps: SnapshotDeps = { database, chain, hotWallet };
  return Router().post('/reserves/snapshots', requireRole('POST /api/admin/reserves/snapshots'), async (_req, res) => {
    res.status(201).json(await takeReservesSnapshot(deps, currentAdmin(res)));
  });
}
