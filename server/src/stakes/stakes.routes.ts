import { type Router, type RequestHandler } from 'express';
import type { Dependencies } from '../dependencies.js';
import { tableRouter } from '../http/mount.js';
import { scanIntentSchema } from '@stakedesk/shared/schemas';
import { STAKE_STATUSES } from '@stakedesk/shared/stake-status';
import { sendCsv } from '../http/csv.js';
import { readCursorListQuery } from '../http/list-query.js';
import { readWalletCursor, sendPage, sendWalletPage } from '../http/pagination.js';
import { readStatusFilter } from '../http/status-filter.js';
import { parse, parseParams } from '../http/validate.js';
import { refuseDuringMaintenance } from '../settings/index.js';
import { createDepositIntent, ownIntent } from './deposit-intents.service.js';
import { expireStakesAsAdmin } from './expiry.js';
import { cancelIntent } from './open-intents.js';
import { createScanIntent, scanIntentStatus } from './scan-intents.js';
import { toStakeJson, type StakePayoutSql } from './stake-json.js';
import { checkStake, createStake, listStakes, restake, stakesAfter } from './stakes.service.js';
import { listWalletStakes, walletStakeLists, walletSummary } from './wallet-stakes.service.js';
import { STAKE_CSV_COLUMNS } from './stake-csv.js';
import { currentAdmin } from '../http/signed-in-admin.js';

/** A holder's intent names their wallet; a body without one asks for a scan-to-stake intent. */
const namesWallet = (body: unknown): boolean => typeof body === 'object' && body !== null && 'walletAddress' in body;

/** `intentLimit`: the per-client limit on starting deposits (INTENT_RATE_LIMIT); `payoutOf`: what paid a finished stake. */
export function stakesPublicRoutes(
  { database: db, chain }: Dependencies,
  holderOnly: RequestHandler[],
  intentLimit: RequestHandler,
  payoutOf: StakePayoutSql,
): Router {
  const { router, mount } = tableRouter('/api');
  const walletLists = walletStakeLists(payoutOf);
  mount('GET /api/stakes/:walletAddress/summary', async ({ params }, res) => {
    res.json(await walletSummary(db, params().walletAddress));
  });
  mount('GET /api/stakes/:walletAddress', async ({ params, query }, res, req) => {
    const wallet = params().walletAddress;
    const { group, limit, offset } = query();
    const { after, scope } = readWalletCursor(req, 'wallet-stakes', wallet, group);
    sendWalletPage(res, await listWalletStakes(db, walletLists, wallet, { limit, offset }, { group, after }), scope);
  });
  mount('POST /api/stakes', refuseDuringMaintenance(db), ...holderOnly, async ({ body }, res) => {
    const { stake, created } = await createStake(db, chain, body());
    res.status(created ? 201 : 200).json(toStakeJson(stake));
  });
  // Without a wallet (scan to stake) no session is needed: the stake will be whoever pays.
  mount(
    'POST /api/stakes/intents',
    refuseDuringMaintenance(db),
    intentLimit,
    async (req, res, next) => {
      if (!namesWallet(req.body)) return void res.status(201).json(await createScanIntent(db, chain, parse(scanIntentSchema, req.body)));
      next();
    },
    ...holderOnly,
    async ({ body }, res) => {
      res.status(201).json(await createDepositIntent(db, chain, body()));
    },
  );
  mount(
    'GET /api/stakes/intents/:id',
    async (req, res, next) => {
      const scanned = await scanIntentStatus(db, parseParams('GET /api/stakes/intents/:id', req).id);
      if (scanned) return void res.json(scanned);
      next();
    },
    ...holderOnly,
    async ({ params }, res) => {
      res.json(await ownIntent(db, params().id, res.locals.holderWallet as string));
    },
  );
  mount('DELETE /api/stakes/intents/:id', ...holderOnly, async ({ params }, res) => {
    await cancelIntent(db, params().id, res.locals.holderWallet as string);
    res.status(204).end();
  });
  mount('POST /api/stakes/check', refuseDuringMaintenance(db), async ({ body }, res) => {
    await checkStake(db, body());
    res.json({ ok: true });
  });
  mount('POST /api/stakes/restake', refuseDuringMaintenance(db), ...holderOnly, async ({ body }, res) => {
    res.status(201).json(toStakeJson(await restake(db, body())));
  });
  return router;
}

export function stakesAdminRoutes({ database: db }: Dependencies): Router {
  const { router, mount } = tableRouter('/api/admin');
  mount('GET /api/admin/stakes', async ({ query }, res, req) => {
    const statuses = readStatusFilter(req, STAKE_STATUSES);
    const { query: list, after, scope } = readCursorListQuery(req, query(), 'stakes');
    const page = await listStakes(db, list, statuses, after);
    sendPage(res, { ...page, rows: page.rows.map(toStakeJson) }, scope);
  });
  mount('GET /api/admin/stakes.csv', async (_input, res, req) => {
    const statuses = readStatusFilter(req, STAKE_STATUSES);
    await sendCsv(res, 'stakes.csv', STAKE_CSV_COLUMNS, (afterId) => stakesAfter(db, afterId, statuses));
  });
  mount('POST /api/admin/update-expired-stakes', async (_input, res) => {
    res.json({ updatedCount: await expireStakesAsAdmin(db, currentAdmin(res)) });
  });
  return router;
}
