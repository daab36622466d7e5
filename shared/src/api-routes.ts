import type { RouteEntry } from './route-entry.js';
import {
  actionPostSchema,
  actionStakeQuerySchema,
  authNonceSchema,
  authVerifySchema,
  demoTokensSchema,
  depositIntentSchema,
  reservesCheckFailureSchema,
  restakeSchema,
  stakeCheckSchema,
  stakeCreateSchema,
  withdrawalRequestSchema,
} from './schemas.js';
import { walletStakesQuerySchema, walletWithdrawalsQuerySchema } from './query-schemas.js';

/**
 * Every API route outside /api/admin (those are in admin-routes.ts), as Express mounts it, in one entry
 * each: what it takes from its caller (nothing, or a holder's signed-in session) and the schemas of its
 * body and query, as the admin routes have them. The fuzzer enumerates it with the admin table, and
 * fails on a mounted route missing from either.
 */
export const PUBLIC_ROUTES = {
  'GET /api/settings': { role: 'none' },
  'GET /api/staking-plans': { role: 'none' },
  'GET /api/stats': { role: 'none' },
  'GET /api/health': { role: 'none' },
  'POST /api/auth/nonce': { role: 'none', body: authNonceSchema },
  'POST /api/auth/verify': { role: 'none', body: authVerifySchema },
  'GET /api/auth/session': { role: 'holder' },
  'POST /api/auth/logout': { role: 'none', withoutBody: 'reads no body: the session cookie says it all' },
  'GET /api/helius-config': { role: 'none' },
  /** Reads for anyone; sending a transaction needs an operator's admin token (rpc-proxy.routes.ts). */
  'POST /api/rpc': {
    role: 'none',
    withoutBody: "a JSON-RPC call passed on to the RPC node, judged by the proxy's own rules (server/src/rpc-proxy)",
    fieldsOutsideSchema: ['jsonrpc', 'id', 'method', 'params'],
  },
  'GET /api/stakes/:walletAddress/summary': { role: 'none' },
  'GET /api/stakes/:walletAddress': { role: 'none', query: walletStakesQuerySchema },
  'POST /api/stakes': { role: 'holder', body: stakeCreateSchema },
  // Without a walletAddress the route takes scanIntentSchema (scan to stake), whose fields are a subset of these.
  'POST /api/stakes/intents': { role: 'holder', body: depositIntentSchema },
  'GET /api/stakes/intents/:id': { role: 'holder' },
  'DELETE /api/stakes/intents/:id': { role: 'holder' },
  'POST /api/stakes/check': { role: 'none', body: stakeCheckSchema },
  'POST /api/stakes/restake': { role: 'holder', body: restakeSchema },
  'GET /api/withdrawals/:walletAddress': { role: 'none', query: walletWithdrawalsQuerySchema },
  'POST /api/withdrawals': { role: 'holder', body: withdrawalRequestSchema },
  'GET /api/reserves': { role: 'none' },
  'GET /api/reserves/:id': { role: 'none' },
  'GET /api/reserves/:id/proof/:walletAddress': { role: 'holder' },
  'POST /api/reserves/:id/check-failures': { role: 'holder', body: reservesCheckFailureSchema },
  /**
   * Solana Actions (DESIGN 18): what blink clients read and post, from any origin. /actions.json is
   * at the site's root, as the Actions spec puts it; the icon is the Action's square PNG.
   */
  'GET /actions.json': { role: 'none' },
  'GET /api/actions/icon.png': { role: 'none' },
  'GET /api/actions/stake': { role: 'none' },
  'GET /api/actions/stake/:planId': { role: 'none' },
  // The bodies of these two: an Action client's ActionPostRequest, and its NextActionPostRequest after signing: `account` is read, the rest ignored.
  'POST /api/actions/stake/:planId': {
    role: 'none',
    body: actionPostSchema,
    // An Action client fills the amount into the query from the Action's parameter (DESIGN 18).
    query: actionStakeQuerySchema,
  },
  'POST /api/actions/stake/intents/:id/done': { role: 'none', body: actionPostSchema },
  /** Demo mode only (DESIGN 16): the play-token faucet, and the staking wallet's key for the panel's demo wallet; 404 elsewhere. */
  'POST /api/demo/tokens': { role: 'none', body: demoTokensSchema },
  'GET /api/demo/staking-wallet': { role: 'none' },
} as const satisfies Record<string, RouteEntry<'none' | 'holder'>>;

export type PublicRoute = keyof typeof PUBLIC_ROUTES;
