import cookieParser from 'cookie-parser';
import cors from 'cors';
import type { IncomingMessage, RequestListener } from 'node:http';
import express, { json, type Request, type RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { DESKTOP_APP_ORIGIN } from '@stakedesk/shared/constants';
import { msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';

import { actionsRoutes } from './actions/index.js';
import { lockedOwnersWithoutPasskey, ownerCount, relyingPartyOf, requireAdmin, roleOfAdmin, stepUpFor } from './access/index.js';
import type { StepUpFor } from './http/step-up-contract.js';
import { adminsAdminRoutes } from './accounts/admins.routes.js';
import { adminLoginRoute } from './access/login.routes.js';
import { meRoutes } from './accounts/me.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { requireHolderSession, signInSite } from './auth/index.js';
import { webhookAddress } from './alerts/index.js';
import { webhooksAdminRoutes } from './alerts/webhooks.routes.js';
import { applyDueChanges } from './approvals/index.js';
import { changeRequestAdminRoutes } from './approvals/change-requests.routes.js';
import { auditAdminRoutes } from './audit/audit.routes.js';
import type { DemoKeys } from './demo/index.js';
import { demoRoutes } from './demo/demo.routes.js';
import { reconciliationAdminRoutes } from './reconciliation/reconciliation.routes.js';
import { outflowsAdminRoutes } from './outflows/index.js';
import { booksAuditAdminRoutes } from './books-audit/index.js';
import { auditedBooks } from './audited-books.js';
import { rpcProxyRoutes } from './rpc-proxy/rpc-proxy.routes.js';
import type { RpcUpstream } from './chain/rpc-upstream.js';
import type { Config } from './config.js';
import type { Dependencies } from './dependencies.js';
import { cachesOf } from './cache/caches.js';
import { derivedFrom } from './cache/cached.js';
import { holderChainOrigins, loadSettings, takeDueChangesWhenRead, type Settings } from './settings/index.js';
import { changeAppliers, fourEyes } from './four-eyes.js';
import { adminEventRoutes } from './access/admin-events.routes.js';
import { liveStakesIn, planInUse } from './stakes/index.js';
import { apiNotFound, errorHandler } from './http/error-handler.js';
import { AppError, errorBody } from './errors.js';
import { PostgresRateLimitStore } from './sql/postgres-rate-limit-store.js';
import { publicReadLane } from './http/public-read-lane.js';
import { requestLog } from './http/request-log.js';
import { securityHeaders } from './http/security-headers.js';
import { verifierDownloads } from './http/verifier-downloads.js';
import { isWebAppFile, webAppRoutes } from './http/web-app.js';
import type { Logger } from './logger.js';
import { latestPayoutsOf, payoutsAdminRoutes } from './payouts/index.js';
import { reservesAnchorAdminRoutes } from './reserves/anchor.routes.js';
import { plansAdminRoutes, plansPublicRead } from './plans/plans.routes.js';
import { settingsAdminRoutes, settingsPublicRead } from './settings/settings.routes.js';
import { stakesAdminRoutes, stakesPublicRoutes } from './stakes/stakes.routes.js';
import { statsAdminRoutes, statsPublicRead } from './stats/stats.routes.js';
import { treasuryAdminRoutes } from './treasury/treasury.routes.js';
import { reservesAdminRoutes, reservesPublicRoutes } from './reserves/reserves.routes.js';
import { autoPayoutAdminRoutes } from './auto-payouts/index.js';
import type { PayoutSigner } from './signer/payout-signer.js';
import { autoPayoutHolds, stakePayoutJsonSql } from './withdrawals/index.js';
import { withdrawalsAdminRoutes, withdrawalsPublicRoutes } from './withdrawals/withdrawals.routes.js';
import { healthRoutes, type HealthDeps } from './health/health.routes.js';
import { jobsAdminRoutes } from './health/jobs.routes.js';
import { healthRoute } from './health/api-health.routes.js';
import { mountedRoutes } from './http/mounted-routes.js';
import { refuseCrossSite } from './http/same-origin.js';

export type AppDeps = {
  config: Pick<
    Config,
    | 'jwtSecret'
    | 'corsOrigins'
    | 'solanaCluster'
    | 'webDist'
    | 'verifierDownloads'
    | 'solanaRpcUrl'
    | 'trustProxy'
    | 'loginRateLimit'
    | 'signInRateLimit'
    | 'rpcRateLimit'
    | 'intentRateLimit'
    | 'cacheTtlMs'
    | 'statsCacheMs'
    | 'allowPrivateRpc'
    | 'reservesProofDays'
  > & {
    /** The origin holders sign in to: PUBLIC_URL, or the server's own URL (never a request's Host). */
    publicUrl: string;
    /** What signs automatic payouts (PAYOUT_SIGNER); its wallet is the hot wallet. None when absent. */
    payoutSigner?: PayoutSigner | null;
  };
  logger: Logger;
  /** The database, chain, clock, events and secrets every module reaches the world through. */
  dependencies: Dependencies;
  /** How the server reaches RPC upstreams and which provider URLs it accepts (chain/rpc-upstream.ts). */
  rpc: RpcUpstream;
  /** How long the treasury coverage answer is reused (tests set 0). */
  treasuryCacheMs?: number;
  /** A server started by `npm run demo` (DEMO_MODE, DESIGN 16): its keys and the local chain; absent, none of the demo exists. */
  demo?: DemoMode;
  /** /livez, /readyz and /metrics: the checks, the metrics registry and who may scrape it. */
  health: HealthDeps;
};

export type DemoMode = { keys: DemoKeys; chainUrl: string };

/** Paths only orchestrators and Prometheus ask for, every few seconds: no log line, and not counted as traffic. */
const PROBES = new Set(['/api/health', '/livez', '/readyz', '/metrics']);

/** A request's route for the metrics: the pattern it matched, never its URL (wallets and ids would make a series each). */
function routeOf(req: IncomingMessage & Partial<Pick<Request, 'route' | 'baseUrl' | 'originalUrl'>>, lanePaths: Set<string>): string {
  if (req.route) return `${req.baseUrl ?? ''}${String(req.route.path)}`;
  const url = (req.originalUrl ?? req.url ?? '').split('?')[0]!;
  if (lanePaths.has(url)) return url;
  if (url.startsWith('/api/')) return '(no route)';
  return isWebAppFile(url) ? '(web app file)' : '(page)';
}

const JSON_LIMIT = '100kb';

/** Small JSON bodies everywhere except the settings form (it carries a logo) and the RPC proxy, which set their own. */
function jsonBodies(): RequestHandler {
  const parser = json({ limit: JSON_LIMIT });
  const noParser = (path: string, method: string) =>
    method === 'GET' || method === 'HEAD' || (method === 'PUT' && path === '/admin/settings') || (method === 'POST' && path === '/rpc');
  return (req, res, next) => (noParser(req.path, req.method) ? next() : parser(req, res, next));
}

function loginLimiter(db: Dependencies['database'], limit: number): RequestHandler {
  return rateLimit({
    windowMs: 15 * 60 * 1000,
    limit,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: new PostgresRateLimitStore(db, 'admin-login:'),
    message: errorBody(msg('tooManyLoginAttempts')),
  });
}

/** Beyond `limit` a minute: 429 with `message`, thrown to the error handlers (the Actions paths say it in the reader's language). */
function perMinuteLimiter(db: Dependencies['database'], prefix: string, limit: number, message: CodedMessage): RequestHandler {
  return rateLimit({
    windowMs: 60 * 1000,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: new PostgresRateLimitStore(db, prefix),
    handler: (_req, _res, next) => next(new AppError(429, message)),
  });
}

/** How authenticator apps name this server's entry: the product and the host admins sign in to. */
function twoFactorIssuer(publicUrl: string): string {
  return `Stakedesk (${new URL(publicUrl).hostname})`;
}

/** The app, and for tests every route it mounted ('METHOD /path'), to hold against shared/src/admin-routes.ts. */
export type App = RequestListener & { mountedRoutes: () => string[] };

export function createApp({ config, logger, dependencies: deps, rpc, treasuryCacheMs, health, demo }: AppDeps): App {
  const { database: db, events } = deps;
  const caches = cachesOf(db);
  caches.configure({ ttlMs: config.cacheTtlMs, statsTtlMs: config.statsCacheMs });
  const hotWallet = config.payoutSigner?.publicKey.toBase58();
  caches.followChanges(events);
  const appliers = changeAppliers(db);
  // A read after an approved wallet change's effectiveAt makes it take effect if the job has not yet;
  // a failure here leaves it to the job (the read goes on with what is stored).
  takeDueChangesWhenRead(db, () =>
    applyDueChanges(db, appliers).then(
      () => undefined,
      (error: unknown) => logger.warn({ err: error }, 'a due change request could not take effect on read'),
    ),
  );
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  const directives = { 'img-src': ["'self'", 'data:'], 'frame-ancestors': ["'none'"] };
  const setSecurityHeaders = securityHeaders({ contentSecurityPolicy: { directives } });
  // The demo wallet sends its transactions to the demo's local chain itself, as a wallet does.
  const demoChain = demo ? [new URL(demo.chainUrl).origin] : [];
  // A page's scripts may also read the chain from where holders check the proof of reserves (DESIGN 15), and from nowhere else.
  const pageHeaders = derivedFrom((settings: Settings) =>
    securityHeaders({
      contentSecurityPolicy: {
        directives: {
          ...directives,
          'connect-src': [...new Set(["'self'", ...holderChainOrigins(settings, config.solanaCluster), ...demoChain])],
        },
      },
    }),
  );
  app.use((_req, res, next) => {
    setSecurityHeaders(res);
    next();
  });
  // The web app's files get their lines at debug: opening the site asks for dozens of them.
  // The reads every holder page makes: plain same-origin ones are answered before Express (the
  // lane, at the end); the others below, after CORS.
  const publicReads = {
    '/settings': settingsPublicRead(deps, config.solanaCluster, demo && { chainUrl: demo.chainUrl }),
    '/staking-plans': plansPublicRead(deps),
    '/stats': statsPublicRead(deps),
  };
  const lanePaths = new Set(Object.keys(publicReads).map((route) => `/api${route}`));
  const log = requestLog(logger, {
    skip: (url) => PROBES.has(url),
    routine: isWebAppFile,
    answered: (req, status, seconds) => health.metrics.request(req.method ?? 'GET', routeOf(req, lanePaths), status, seconds),
  });
  app.use(log.middleware);
  app.use(healthRoutes(health));
  const intentLimit = perMinuteLimiter(db, 'deposit-intent:', config.intentRateLimit, msg('tooManyIntents'));
  // Ahead of the API's same-origin CORS: blink clients call these from any origin.
  app.use(actionsRoutes(deps, { publicUrl: config.publicUrl, cluster: config.solanaCluster }, intentLimit));

  const api = express.Router();
  // Same-origin by default; other origins (a separate admin host) only when listed. The desktop
  // app's origin may call the admin API, which takes a bearer token, never a cookie.
  const crossOrigin = cors<Request>((req, callback) => {
    const origin = req.headers.origin;
    const desktop = origin === DESKTOP_APP_ORIGIN && (req.url ?? '').startsWith('/admin/');
    const allowed = origin !== undefined && (config.corsOrigins.includes(origin) || desktop);
    callback(null, { origin: allowed ? origin : false, exposedHeaders: ['X-Total-Count', 'X-Total-Count-Estimated', 'X-Next-Cursor'] });
  });
  // A request without an Origin (same-origin reads, servers, curl) is one cors() leaves alone anyway.
  api.use((req, res, next) => (req.headers.origin === undefined ? next() : crossOrigin(req, res, next)));
  // Their own router, so an OPTIONS for one of them is answered with its methods at the router's end.
  const reads = express.Router();
  for (const [route, read] of Object.entries(publicReads)) reads.get(route, read);
  api.use(reads);
  api.use(jsonBodies());
  // Calls that act on the holder's session cookie: same site only, and signed in as that wallet.
  const crossSite = refuseCrossSite(config.corsOrigins);
  const cookies = cookieParser();
  const holderOnly = [crossSite, cookies, requireHolderSession(db, deps.secrets.jwtSecret)];
  api.use('/auth', crossSite, cookies);
  api.use(healthRoute(deps));
  const signInLimit = perMinuteLimiter(db, 'holder-sign-in:', config.signInRateLimit, msg('tooManySignIns'));
  api.use(authRoutes(deps, signInSite(config.publicUrl, config.solanaCluster), signInLimit));
  const relyingParty = relyingPartyOf(config.publicUrl);
  const stepUp: StepUpFor = (actor, proof, options) => stepUpFor(deps, relyingParty, actor, proof, options);
  const adminAuth = requireAdmin(deps);
  api.use(
    rpcProxyRoutes(deps, {
      fallbackUrl: config.solanaRpcUrl,
      upstreamFetch: rpc.fetch,
      callsPerMinute: config.rpcRateLimit,
      requireAdmin: adminAuth,
      publicUrl: config.publicUrl,
    }),
  );
  api.use(stakesPublicRoutes(deps, holderOnly, intentLimit, stakePayoutJsonSql));
  api.use(withdrawalsPublicRoutes(deps, holderOnly));
  api.use(reservesPublicRoutes(deps, { holderOnly, metrics: health.metrics, proofDays: config.reservesProofDays }));

  const admin = express.Router();
  admin.use(adminLoginRoute(deps, relyingParty, loginLimiter(db, config.loginRateLimit)));
  // The admin's own account: open to every role, and to a session that must set up two-factor first.
  admin.use('/me', requireAdmin(deps, { enrolment: true }), meRoutes(deps, twoFactorIssuer(config.publicUrl), relyingParty, stepUp));
  // Everything else: each route checks the least role shared/src/admin-routes.ts gives it (http/signed-in-admin.ts).
  admin.use(adminAuth);
  admin.use(statsAdminRoutes(deps));
  const demoSite = demo && { chainUrl: demo.chainUrl };
  admin.use(
    settingsAdminRoutes(
      deps,
      stepUp,
      config.solanaCluster,
      { rpc, liveStakes: liveStakesIn(db), ownersWithoutPasskey: lockedOwnersWithoutPasskey(db), ownerCount },
      config,
      demoSite,
    ),
  );
  admin.use(plansAdminRoutes(deps, { minutesAllowed: demo !== undefined }, planInUse));
  admin.use(stakesAdminRoutes(deps));
  admin.use(
    withdrawalsAdminRoutes(
      deps,
      (ids) => latestPayoutsOf(db, ids),
      (ids) => autoPayoutHolds(db, ids),
    ),
  );
  admin.use(payoutsAdminRoutes(deps, stepUp, logger));
  admin.use(reconciliationAdminRoutes(deps));
  admin.use(outflowsAdminRoutes(deps, stepUp));
  admin.use(booksAuditAdminRoutes(deps, logger, hotWallet ?? null, auditedBooks, stepUp));
  admin.use(treasuryAdminRoutes(deps, logger, hotWallet, treasuryCacheMs));
  admin.use(autoPayoutAdminRoutes(deps, config.payoutSigner));
  admin.use(reservesAdminRoutes(deps, hotWallet));
  admin.use(reservesAnchorAdminRoutes(deps, logger));
  admin.use(adminsAdminRoutes(deps, stepUp));
  admin.use(webhooksAdminRoutes(deps, webhookAddress(config.allowPrivateRpc), fourEyes(db)));
  admin.use(changeRequestAdminRoutes(deps, stepUp, appliers, roleOfAdmin));
  admin.use(auditAdminRoutes(deps));
  admin.use(adminEventRoutes(deps));
  admin.use(jobsAdminRoutes(deps));
  api.use('/admin', admin);
  if (demo) api.use(demoRoutes(deps, demo.keys));
  api.use(apiNotFound);
  app.use('/api', api);

  app.use(verifierDownloads(config.verifierDownloads));
  const web = webAppRoutes(config.webDist, async (res) => pageHeaders(await loadSettings(db))(res));
  if (web) app.use(web);
  app.use(errorHandler(logger));
  const listener = publicReadLane(
    Object.fromEntries(Object.entries(publicReads).map(([route, read]) => [`/api${route}`, read])),
    (req, res) => {
      setSecurityHeaders(res);
      return log.track(req, res);
    },
    app,
  );
  return Object.assign(listener, { mountedRoutes: () => mountedRoutes(app.router) });
}
