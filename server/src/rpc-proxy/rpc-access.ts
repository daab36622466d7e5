/**
 * Who may call which JSON-RPC method through /api/rpc (see SECURITY.md). Anyone: the reads the
 * holder app makes (web/src/features/staking: getParsedTokenAccountsByOwner, spl-token's getMint,
 * the blockhash, and polling a signature's status), plus the balances the stake dialog shows.
 */
const HOLDER_RPC_METHODS: ReadonlySet<string> = new Set([
  'getAccountInfo',
  'getBalance',
  'getBlockHeight',
  'getLatestBlockhash',
  'getSignatureStatuses',
  'getTokenAccountBalance',
  'getTokenAccountsByOwner',
]);

/** An admin (bearer token) may also send transactions and make the reads that go with building them. */
const ADMIN_RPC_METHODS: ReadonlySet<string> = new Set([
  ...HOLDER_RPC_METHODS,
  'getFeeForMessage',
  'getMinimumBalanceForRentExemption',
  'getMultipleAccounts',
  'getSlot',
  'getVersion',
  'isBlockhashValid',
  'sendTransaction',
  'simulateTransaction',
]);

/** Sending needs an admin; an anonymous caller is told to sign in (401) rather than refused outright. */
const SIGN_IN_FIRST = 'sendTransaction';

export type RpcVerdict = { allowed: true } | { allowed: false; why: 'sign-in' } | { allowed: false; why: 'forbidden'; method: string };

/**
 * Whether a batch may pass, judged whole: one call the caller may not make refuses it all. A call
 * outside the admin set, or outside the holder set when anonymous, is forbidden; but an anonymous
 * batch with sendTransaction and nothing outside the admin set asks for sign-in instead, since
 * an admin token would let it all through.
 */
export function judgeBatch(methods: string[], asAdmin: boolean): RpcVerdict {
  const beyondAdmin = methods.find((method) => !ADMIN_RPC_METHODS.has(method));
  if (beyondAdmin !== undefined) return { allowed: false, why: 'forbidden', method: beyondAdmin };
  if (asAdmin) return { allowed: true };
  if (methods.includes(SIGN_IN_FIRST)) return { allowed: false, why: 'sign-in' };
  const beyondHolder = methods.find((method) => !HOLDER_RPC_METHODS.has(method));
  if (beyondHolder !== undefined) return { allowed: false, why: 'forbidden', method: beyondHolder };
  return { allowed: true };
}
