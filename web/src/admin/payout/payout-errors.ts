import type { Withdrawal } from '@stakedesk/shared/api-types';

/** Why a one-click payout stopped before its transaction was sent (or while sending it). */
export type PayoutErrorCode = 'noWallet' | 'notStakingWallet' | 'rejected' | 'noSourceAccount' | 'insufficientBalance' | 'failedOnChain' | 'sendFailed';

/** A withdrawal paid on chain by `signature`, and what the server answered when given it. */
export type PayoutOutcome =
  | { withdrawal: Withdrawal; signature: string; verified: true }
  | { withdrawal: Withdrawal; signature: string; verified: false; reason: string };

/**
 * `code` picks the panel's message, `values` fill it, `detail` is the underlying cause. `outcomes`
 * are the transactions of a multi-transaction payout that went through before this one stopped.
 */
export class PayoutError extends Error {
  readonly detail: string;
  readonly values: Record<string, string>;
  readonly outcomes: PayoutOutcome[];

  constructor(
    readonly code: PayoutErrorCode,
    { detail = '', values = {}, outcomes = [] }: { detail?: string; values?: Record<string, string>; outcomes?: PayoutOutcome[] } = {},
  ) {
    super(`${code}${detail ? `: ${detail}` : ''}`);
    this.detail = detail;
    this.values = values;
    this.outcomes = outcomes;
  }
}
