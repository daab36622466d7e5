import { timingSafeEqual } from 'node:crypto';
import { Router, type Request } from 'express';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { errorBody } from '../errors.js';
import type { Metrics } from '../metrics/metrics.js';
import { passFail, readiness, type Check } from './readiness.js';

export type HealthDeps = {
  checks: Record<string, () => Promise<Check>>;
  metrics: Metrics;
  /** METRICS_TOKEN: the bearer token /metrics asks for; unset, /metrics answers the machine itself only. */
  metricsToken: string | undefined;
  /** True once the server received SIGTERM: /readyz answers 503 while requests in flight and new ones are still served. */
  stopping?: () => boolean;
};

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** An operator's probe: the METRICS_TOKEN bearer, or this machine itself while no token is set. Metrics and /readyz's detail are for it only. */
function isOperatorProbe(req: Request, token: string | undefined): boolean {
  // req.ip is the client behind TRUST_PROXY proxies: a proxy on this machine does not make its clients local.
  if (token === undefined) return LOOPBACK.has(req.ip ?? '');
  const given = Buffer.from(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * For orchestrators and monitoring (DESIGN 13, 15): /livez (the process answers), /readyz (200 or
 * 503 with whether each dependency passes; its detail, such as errors, wallets and lag, for an
 * operator's probe only) and /metrics (Prometheus text, for an operator's probe only).
 */
export function healthRoutes({ checks, metrics, metricsToken, stopping = () => false }: HealthDeps): Router {
  const router = Router();
  router.get('/livez', (_req, res) => {
    res.set('cache-control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (req, res) => {
    if (stopping()) {
      res.status(503).set('cache-control', 'no-store').json({ status: 'stopping' });
      return;
    }
    const { ready, checks: results } = await readiness(checks);
    res
      .status(ready ? 200 : 503)
      .set('cache-control', 'no-store')
      .json({ status: ready ? 'ready' : 'unavailable', checks: isOperatorProbe(req, metricsToken) ? results : passFail(results) });
  });
  router.get('/metrics', async (req, res) => {
    if (!isOperatorProbe(req, metricsToken)) {
      if (metricsToken === undefined) res.status(403).json(errorBody(msg('metricsLocalOnly')));
      else res.status(401).json(errorBody(msg('metricsTokenRequired')));
      return;
    }
    res
      .set('content-type', metrics.registry.contentType)
      .set('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
  return router;
}
