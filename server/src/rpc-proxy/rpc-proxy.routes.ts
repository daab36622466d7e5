import { json, type Router, type RequestHandler, type Response as ExpressResponse } from 'express';
import type { Dependencies } from '../dependencies.js';
import { tableRouter } from '../http/mount.js';
import { english, msg } from '@stakedesk/shared/i18n/catalogue';
import type { RpcConfigResponse } from '@stakedesk/shared/api-types';
import { roleAllows } from '@stakedesk/shared/roles';
import { callRateLimit } from '../http/call-rate-limit.js';
import { errorBody, unauthorized } from '../errors.js';
import { judgeBatch } from './rpc-access.js';
import { upstreamRpcUrl } from './rpc-endpoint.js';
import { loadSettings } from '../settings/index.js';
import { roleRequired, type SignedInAdmin } from '../http/signed-in-admin.js';

const MAX_BATCH = 10;
const UPSTREAM_TIMEOUT_MS = 15_000;

type RpcCall = { jsonrpc?: unknown; id?: unknown; method: string; params?: unknown };

/** JSON-RPC's own error shape (its numeric code), in English like the upstream's. */
const rpcError = (id: unknown, code: number, message: string) => ({ jsonrpc: '2.0', id: id ?? null, error: { code, message } });

/** The well-formed calls of this request (set by the first step). */
const callsOf = (res: ExpressResponse): RpcCall[] => res.locals.rpcCalls as RpcCall[];

/** One call or a batch of 1 to MAX_BATCH, each naming a method; otherwise 400 in JSON-RPC's own shape. */
const wellFormed: RequestHandler = (req, res, next) => {
  const payload: unknown = req.body;
  const calls: unknown[] = Array.isArray(payload) ? payload : [payload];
  if (calls.length === 0 || calls.length > MAX_BATCH) {
    res.status(400).json(rpcError(null, -32600, english(msg('rpcBatchSize', { max: MAX_BATCH }))));
    return;
  }
  if (!calls.every((call) => typeof call === 'object' && call !== null && typeof (call as RpcCall).method === 'string')) {
    res.status(400).json(rpcError(null, -32600, english(msg('rpcInvalidRequest'))));
    return;
  }
  res.locals.rpcCalls = calls;
  next();
};

export type RpcProxyOptions = {
  /** SOLANA_RPC_URL, used when settings name no provider. */
  fallbackUrl: string;
  /** Sends to the upstream (chain/rpc-upstream.ts). */
  upstreamFetch: typeof fetch;
  /** JSON-RPC calls per client IP per minute, counted across instances. */
  callsPerMinute: number;
  /** The admin routes' own check of `Authorization: Bearer`. */
  requireAdmin: RequestHandler;
  /** The configured public origin (PUBLIC_URL, or the server's own URL): the proxy's URL is named from it. */
  publicUrl: string;
};

/**
 * /api/rpc forwards JSON-RPC calls to the upstream, so browsers never hold the provider key.
 * GET /api/helius-config names this proxy as the app's RPC URL: from the configured public origin,
 * never from the request's Host header (a cache or proxy keeping a forged one would send every
 * client, admin tokens included, elsewhere), and never stored by a cache. Anyone may make the
 * holder app's reads; an admin token (checked whenever one is sent) also allows sending transactions.
 */
export function rpcProxyRoutes(
  { database: db }: Dependencies,
  { fallbackUrl, upstreamFetch, callsPerMinute, requireAdmin, publicUrl }: RpcProxyOptions,
): Router {
  const { router, mount } = tableRouter('/api');
  const rpcConfig: RpcConfigResponse = { apiUrl: new URL('/api/rpc', publicUrl).href };
  mount('GET /api/helius-config', (_input, res) => {
    res.set('Cache-Control', 'no-store').json(rpcConfig);
  });

  const limit = callRateLimit(db, {
    prefix: 'rpc:',
    limit: callsPerMinute,
    windowMs: 60_000,
    cost: (_req, res) => callsOf(res).length,
    message: msg('tooManyRequests'),
  });
  const adminIfClaimed: RequestHandler = (req, res, next) =>
    req.get('authorization') === undefined ? next() : requireAdmin(req, res, next);
  const allowed: RequestHandler = (_req, res, next) => {
    const calls = callsOf(res);
    const admin = res.locals.admin as SignedInAdmin | undefined;
    // Sending transactions is an operator's work (payouts); a viewer reads like anyone else.
    const verdict = judgeBatch(
      calls.map((call) => call.method),
      admin !== undefined && roleAllows(admin.role, 'operator'),
    );
    if (verdict.allowed) return next();
    if (verdict.why === 'sign-in') throw admin ? roleRequired('operator') : unauthorized(msg('rpcAdminRequired'));
    const refused = calls.find((call) => call.method === verdict.method);
    res.status(403).json(rpcError(refused?.id, -32601, english(msg('rpcMethodNotAllowed', { method: verdict.method.slice(0, 60) }))));
  };

  mount('POST /api/rpc', json({ limit: '64kb' }), wellFormed, limit, adminIfClaimed, allowed, async (_input, res, req) => {
    const upstream = upstreamRpcUrl(await loadSettings(db), fallbackUrl);
    let answer: { status: number; text: string };
    try {
      const response = await upstreamFetch(upstream, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(req.body),
        signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      });
      answer = { status: response.status, text: await response.text() };
    } catch {
      res
        .status(503)
        .set('Retry-After', '5')
        .json(errorBody(msg('chainUnavailable')));
      return;
    }
    res.status(answer.status).type('application/json').send(answer.text);
  });
  return router;
}
