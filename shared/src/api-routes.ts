import type { AnyObjectSchema } from 'yup';
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
 * Every API route outside /api/admin (those are in admin-routes.ts), as Express mounts it, and what
 * it takes from its caller: nothing, or a holder's signed-in session. The fuzzer enumerates it with
 * the admin table, and fails on a mounted route missing from either.
 */
export const PUBLIC_ROUTES = {
  'GET /api/settings': 'none',
  'GET /api/staking-plans': 'none',
  'GET /api/stats': 'none',
  'GET /api/health': 'none',
  'POST /api/auth/nonce': 'none',
  'POST /api/auth/verify': 'none',
  'GET /api/auth/session': 'holder',
  'POST /api/auth/logout': 'none',
  'GET /api/helius-config': 'none',
  /** Reads for anyone; sending a transaction needs an operator's admin token (rpc-proxy.routes.ts). */
  'POST /api/rpc': 'none',
  'GET /api/stakes/:walletAddress/summary': 'none',
  'GET /api/stakes/:walletAddress': 'none',
  'POST /api/stakes': 'holder',
  'POST /api/stakes/intents': 'holder',
  'GET /api/stakes/intents/:id': 'holder',
  'DELETE /api/stakes/intents/:id': 'holder',
  'POST /api/stakes/check': 'none',
  'POST /api/stakes/restake': 'holder',
  'GET /api/withdrawals/:walletAddress': 'none',
  'POST /api/withdrawals': 'holder',
  'GET /api/reserves': 'none',
  'GET /api/reserves/:id': 'none',
  'GET /api/reserves/:id/proof/:walletAddress': 'holder',
  'POST /api/reserves/:id/check-failures': 'holder',
  /**
   * Solana Actions (DESIGN 18): what blink clients read and post, from any origin. /actions.json is
   * at the site's root, as the Actions spec puts it; the icon is the Action's square PNG.
   */
  'GET /actions.json': 'none',
  'GET /api/actions/icon.png': 'none',
  'GET /api/actions/stake': 'none',
  'GET /api/actions/stake/:planId': 'none',
  'POST /api/actions/stake/:planId': 'none',
  'POST /api/actions/stake/intents/:id/done': 'none',
  /** Demo mode only (DESIGN 16): the play-token faucet, and the staking wallet's key for the panel's demo wallet; 404 elsewhere. */
  'POST /api/demo/tokens': 'none',
  'GET /api/demo/staking-wallet': 'none',
} as const satisfies Record<string, 'none' | 'holder'>;

export type PublicRoute = keyof typeof PUBLIC_ROUTES;

/**
 * The schema each public or holder route with a JSON body validates it with, as ADMIN_ROUTE_BODIES
 * does for the admin routes. A POST, PUT or PATCH route is here or in PUBLIC_ROUTES_WITHOUT_BODY_SCHEMA.
 */
export const PUBLIC_ROUTE_BODIES = {
  'POST /api/auth/nonce': authNonceSchema,
  'POST /api/auth/verify': authVerifySchema,
  'POST /api/stakes': stakeCreateSchema,
  // Without a walletAddress the route takes scanIntentSchema (scan to stake), whose fields are a subset of these.
  'POST /api/stakes/intents': depositIntentSchema,
  'POST /api/stakes/check': stakeCheckSchema,
  'POST /api/stakes/restake': restakeSchema,
  'POST /api/withdrawals': withdrawalRequestSchema,
  'POST /api/reserves/:id/check-failures': reservesCheckFailureSchema,
  'POST /api/demo/tokens': demoTokensSchema,
  // An Action client's ActionPostRequest, and its NextActionPostRequest after signing: `account` is read, the rest ignored.
  'POST /api/actions/stake/:planId': actionPostSchema,
  'POST /api/actions/stake/intents/:id/done': actionPostSchema,
} as const satisfies Partial<Record<PublicRoute, AnyObjectSchema>>;

/** The schema each public or holder route that reads its query string validates it with, as ADMIN_ROUTE_QUERIES does. */
export const PUBLIC_ROUTE_QUERIES = {
  'GET /api/stakes/:walletAddress': walletStakesQuerySchema,
  'GET /api/withdrawals/:walletAddress': walletWithdrawalsQuerySchema,
  // An Action client fills the amount into the query from the Action's parameter (DESIGN 18).
  'POST /api/actions/stake/:planId': actionStakeQuerySchema,
} as const satisfies Partial<Record<PublicRoute, AnyObjectSchema>>;

/** The public routes sent with POST, PUT or PATCH that have no body schema, and why. */
export const PUBLIC_ROUTES_WITHOUT_BODY_SCHEMA = {
  'POST /api/auth/logout': 'reads no body: the session cookie says it all',
  'POST /api/rpc': "a JSON-RPC call passed on to the RPC node, judged by the proxy's own rules (server/src/rpc-proxy)",
} as const satisfies Partial<Record<PublicRoute, string>>;

/** Body fields a public route reads without a schema: the JSON-RPC call the proxy judges by its own rules. */
export const PUBLIC_BODY_FIELDS_OUTSIDE_SCHEMA = {
  'POST /api/rpc': ['jsonrpc', 'id', 'method', 'params'],
} as const satisfies Partial<Record<PublicRoute, readonly string[]>>;
