/**
 * Why a one-click payout stopped in the panel (a server refusal is shown by its own code instead).
 * Only 'sentNotFound' and 'noSignature' mean the wallet may have sent the payout: the server then
 * finds it on chain by itself.
 */
export type PayoutErrorCode = 'noWallet' | 'notStakingWallet' | 'rejected' | 'walletFailed' | 'noSignature' | 'sentNotFound';

/** `code` picks the panel's message, `values` fill it, `detail` is the wallet's own words (shown only when plain). */
export class PayoutError extends Error {
  readonly detail: string;
  readonly values: Record<string, string>;

  constructor(
    readonly code: PayoutErrorCode,
    { detail = '', values = {}, cause }: { detail?: string; values?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(`${code}${detail ? `: ${detail}` : ''}`, { cause });
    this.detail = detail;
    this.values = values;
  }
}
