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
} as const satisfies Record<string, 'none' | 'holder'>;

export type PublicRoute = keyof typeof PUBLIC_ROUTES;
