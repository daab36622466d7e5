import { json, Router, type RequestHandler } from 'express';
import { MESSAGES } from '@stakedesk/shared/messages';
import type { RpcConfigResponse } from '@stakedesk/shared/api-types';
import { loadSettings } from '../settings/settings.service.js';
import { upstreamRpcUrl } from './rpc-endpoint.js';

/** What the holder app needs to read balances, build a transfer, send it and poll its status. */
export const ALLOWED_RPC_METHODS = new Set([
  'getAccountInfo',
  'getBalance',
  'getBlockHeight',
  'getFeeForMessage',
  'getLatestBlockhash',
  'getMinimumBalanceForRentExemption',
  'getMultipleAccounts',
  'getSignatureStatuses',
  'getSlot',
  'getTokenAccountBalance',
  'getTokenAccountsByOwner',
  'getVersion',
  'isBlockhashValid',
  'sendTransaction',
  'simulateTransaction',
]);
const MAX_BATCH = 10;
const UPSTREAM_TIMEOUT_MS = 15_000;

type RpcCall = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };

const rpcError = (id: unknown, code: number, message: string) => ({ jsonrpc: '2.0', id: id ?? null, error: { code, message } });

/** The first call that may not pass, with the JSON-RPC error to answer it with. */
function refusal(calls: RpcCall[]): { status: number; body: unknown } | undefined {
  if (calls.length === 0 || calls.length > MAX_BATCH) {
    return { status: 400, body: rpcError(null, -32600, `A batch must hold 1 to ${MAX_BATCH} calls`) };
  }
  for (const call of calls) {
    if (typeof call !== 'object' || call === null || typeof call.method !== 'string') {
      return { status: 400, body: rpcError(null, -32600, 'Invalid JSON-RPC request') };
    }
    if (!ALLOWED_RPC_METHODS.has(call.method)) {
      return { status: 403, body: rpcError(call.id, -32601, `Method not allowed through this proxy: ${call.method.slice(0, 60)}`) };
    }
  }
  return undefined;
}

/**
 * /api/rpc forwards allow-listed JSON-RPC calls to the upstream, so browsers never hold the
 * provider key. GET /api/helius-config names this proxy as the app's RPC URL.
 */
/** `upstreamFetch`: the server's way to its RPC upstreams (chain/rpc-upstream.ts). */
export function rpcProxyRoutes(fallbackUrl: string, limiter: RequestHandler, upstreamFetch: typeof fetch): Router {
  const router = Router();
  router.get('/helius-config', (req, res) => {
    const body: RpcConfigResponse = { apiUrl: `${req.protocol}://${req.get('host')}/api/rpc` };
    res.json(body);
  });
  router.post('/rpc', limiter, json({ limit: '64kb' }), async (req, res) => {
    const payload = req.body as RpcCall | RpcCall[];
    const calls = Array.isArray(payload) ? payload : [payload];
    const refused = refusal(calls);
    if (refused) {
      res.status(refused.status).json(refused.body);
      return;
    }
    const upstream = upstreamRpcUrl(await loadSettings(), fallbackUrl);
    let answer: { status: number; text: string };
    try {
      const response = await upstreamFetch(upstream, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      });
      answer = { status: response.status, text: await response.text() };
    } catch {
      res.status(503).set('Retry-After', '5').json({ message: MESSAGES.chainUnavailable });
      return;
    }
    res.status(answer.status).type('application/json').send(answer.text);
  });
  return router;
}
