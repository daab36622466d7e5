import { type Router, type RequestHandler } from 'express';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import type { Dependencies } from '../dependencies.js';
import { tableRouter } from '../http/mount.js';
import { forbidden } from '../errors.js';
import type { Metrics } from '../metrics/metrics.js';
import { latestReservesSnapshot, reportReservesCheckFailure, reservesProof, reservesSnapshot } from './reserves.service.js';
import { takeReservesSnapshot, type SnapshotDeps } from './take-snapshot.js';
import { currentAdmin } from '../http/signed-in-admin.js';

export type ReservesRoutesDeps = {
  /** The holder's session checks (same site, signed in). */
  holderOnly: RequestHandler[];
  metrics: Pick<Metrics, 'reservesCheckFailed'>;
  /** RESERVES_PROOF_DAYS, named in the refusal of a pruned proof. */
  proofDays: number;
};

/** DESIGN 14: snapshots are public; a proof is its own wallet's only; a failed check is reported by that wallet's session. */
export function reservesPublicRoutes({ database: db }: Dependencies, { holderOnly, metrics, proofDays }: ReservesRoutesDeps): Router {
  const { router, mount } = tableRouter('/api');
  mount('GET /api/reserves', async (_input, res) => {
    res.json(await latestReservesSnapshot(db));
  });
  mount('GET /api/reserves/:id', async ({ params }, res) => {
    res.json(await reservesSnapshot(db, params().id));
  });
  mount('GET /api/reserves/:id/proof/:walletAddress', ...holderOnly, async ({ params }, res) => {
    const { id, walletAddress } = params();
    if (walletAddress !== res.locals.holderWallet) throw forbidden(msg('walletNotYours'));
    res.json(await reservesProof(db, id, walletAddress, proofDays));
  });
  mount('POST /api/reserves/:id/check-failures', ...holderOnly, async ({ params, body }, res) => {
    const { id } = params();
    const { code } = body();
    if (await reportReservesCheckFailure(db, id, res.locals.holderWallet as string, code)) metrics.reservesCheckFailed(code);
    res.status(202).end();
  });
  return router;
}

export function reservesAdminRoutes({ database, chain }: Dependencies, hotWallet: string | undefined): Router {
  const deps: SnapshotDeps = { database, chain, hotWallet };
  const { router, mount } = tableRouter('/api/admin');
  mount('POST /api/admin/reserves/snapshots', async (_input, res) => {
    res.status(201).json(await takeReservesSnapshot(deps, currentAdmin(res)));
  });
  return router;
}
