/**
 * The holder declined in the wallet (EIP-1193's code 4001, or a wallet that only says so in its
 * message: "User rejected the request", "Transaction cancelled").
 */
export function isUserRejection(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 4001 || (typeof message === 'string' && /reject|cancel/i.test(message));
}
