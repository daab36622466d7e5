import { Router, type RequestHandler } from 'express';
import type { Dependencies } from '../dependencies.js';
import {
  idParamSchema,
  scanIntentSchema,
  stakeListQuerySchema,
  walletAddressParamSchema,
  walletStakesQuerySchema,
} from '@stakedesk/shared/schemas';
import { STAKE_STATUSES } from '@stakedesk/shared/stake-status';
import { sendCsv } from '../http/csv.js';
import { readCursorListQuery } from '../http/list-query.js';
import { readWalletCursor, sendPage, sendWalletPage } from '../http/pagination.js';
import { readStatusFilter } from '../http/status-filter.js';
import { parse, parseBody } from '../http/validate.js';
import { refuseDuringMaintenance } from '../settings/index.js';
import { createDepositIntent, ownIntent } from './deposit-intents.service.js';
import { expireStakesAsAdmin } from './expiry.js';
import { cancelIntent } from './open-intents.js';
import { createScanIntent, scanIntentStatus } from './scan-intents.js';
import { toStakeJson } from './stake-json.js';
import { checkStake, createStake, listStakes, restake, stakesAfter } from './stakes.service.js';
import { listWalletStakes, walletSummary } from './wallet-stakes.service.js';
import { STAKE_CSV_COLUMNS } from './stake-csv.js';
import { currentAdmin, requireRole } from '../http/signed-in-admin.js';

/** A holder's intent names their wallet; a body without one asks for a scan-to-stake intent. */
const namesWallet = (body: unknown): boolean => typeof body === 'object' && body !== null && 'walletAddress' in body;

/** `intentLimit`: the per-client limit on starting deposits (INTENT_RATE_LIMIT). */
export function stakesPublicRoutes(
  { database: sequelize, chain }: Dependencies,
  holderOnly: RequestHandler[],
  intentLimit: RequestHandler,
): Router {
  const router = Router();
  router.get('/stakes/:walletAddress/summary', async (req, res) => {
    res.json(await walletSummary(sequelize, parse(walletAddressParamSchema, req.params).walletAddress));
  });
  router.get('/stakes/:walletAddress', async (req, res) => {
    const wallet = parse(walletAddressParamSchema, req.params).walletAddress;
    const { group, ...page } = parse(walletStakesQuerySchema, { limit: req.query.limit, offset: req.query.offset, group: req.query.group });
    const { after, scope } = readWalletCursor(req, 'wallet-stakes', wallet, group);
    sendWalletPage(res, await listWalletStakes(sequelize, wallet, page, { group, after }), scope);
  });
  router.post('/stakes', refuseDuringMaintenance(sequelize), ...holderOnly, async (req, res) => {
    const { stake, created } = await createStake(sequelize, chain, parseBody('POST /api/stakes', req.body));
    res.status(created ? 201 : 200).json(toStakeJson(stake));
  });
  // Without a wallet (scan to stake) no session is needed: the stake will be whoever pays.
  router.post(
    '/stakes/intents',
    refuseDuringMaintenance(sequelize),
    intentLimit,
    async (req, res, next) => {
      if (!namesWallet(req.body))
        return void res.status(201).json(await createScanIntent(sequelize, chain, parse(scanIntentSchema, req.body)));
      next();
    },
    ...holderOnly,
    async (req, res) => {
      res.status(201).json(await createDepositIntent(sequelize, chain, parseBody('POST /api/stakes/intents', req.body)));
    },
  );
  router.get(
    '/stakes/intents/:id',
    async (req, res, next) => {
      const scanned = await scanIntentStatus(sequelize, parse(idParamSchema, req.params).id);
      if (scanned) return void res.json(scanned);
      next();
    },
    ...holderOnly,
    async (req, res) => {
      res.json(await ownIntent(sequelize, parse(idParamSchema, req.params).id, res.locals.holderWallet as string));
    },
  );
  router.delete('/stakes/intents/:id', ...holderOnly, async (req, res) => {
    await cancelIntent(sequelize, parse(idParamSchema, req.params).id, res.locals.holderWallet as string);
    res.status(204).end();
  });
  router.post('/stakes/check', refuseDuringMaintenance(sequelize), async (req, res) => {
    await checkStake(sequelize, parseBody('POST /api/stakes/check', req.body));
    res.json({ ok: true });
  });
  router.post('/stakes/restake', refuseDuringMaintenance(sequelize), ...holderOnly, async (req, res) => {
    res.status(201).json(toStakeJson(await restake(sequelize, parseBody('POST /api/stakes/restake', req.body))));
  });
  return router;
}

export function stakesAdminRoutes({ database: sequelize }: Dependencies): Router {
  const router = Router();
  router.get('/stakes', requireRole('GET /api/admin/stakes'), async (req, res) => {
    const statuses = readStatusFilter(req, STAKE_STATUSES);
    const { query, after, scope } = readCursorListQuery(req, 'stakes', stakeListQuerySchema);
    const page = await listStakes(sequelize, query, statuses, after);
    sendPage(res, { ...page, rows: page.rows.map(toStakeJson) }, scope);
  });
  router.get('/stakes.csv', requireRole('GET /api/admin/stakes.csv'), async (req, res) => {
    const statuses = readStatusFilter(req, STAKE_STATUSES);
    await sendCsv(res, 'stakes.csv', STAKE_CSV_COLUMNS, (afterId) => stakesAfter(afterId, statuses));
  });
  router.post('/update-expired-stakes', requireRole('POST /api/admin/update-expired-stakes'), async (_req, res) => {
    res.json({ updatedCount: await expireStakesAsAdmin(sequelize, currentAdmin(res)) });
  });
  return router;
}
