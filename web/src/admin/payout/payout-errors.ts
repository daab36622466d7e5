import type { Withdrawal } from '@stakedesk/shared/api-types';

/** Why a one-click payout stopped. Every code but 'failedOnChain' means nothing left the staking wallet. */
export type PayoutErrorCode =
  | 'noWallet'
  | 'notStakingWallet'
  | 'otherStakingWallet'
  | 'mixedTokens'
  | 'cannotSign'
  | 'rejected'
  | 'noSourceAccount'
  | 'insufficientBalance'
  | 'refused'
  | 'notSent'
  | 'failedOnChain'
  | 'sendFailed';

/** A payout transaction sent, the withdrawals it pays, and whether the panel saw it confirmed (the server follows it either way). */
export type PayoutOutcome = { withdrawals: Withdrawal[]; signature: string; confirmed: boolean };

/**
 * `code` picks the panel's message, `values` fill it, `detail` is the underlying cause (`cause` the
 * error itself, a server refusal the panel translates by its code). `outcomes`
 * are the transactions of a multi-transaction payout that were sent before this one stopped.
 */
export class PayoutError extends Error {
  readonly detail: string;
  readonly values: Record<string, string>;
  outcomes: PayoutOutcome[];

  constructor(
    readonly code: PayoutErrorCode,
    {
      detail = '',
      values = {},
      outcomes = [],
      cause,
    }: { detail?: string; values?: Record<string, string>; outcomes?: PayoutOutcome[]; cause?: unknown } = {},
  ) {
    super(`${code}${detail ? `: ${detail}` : ''}`, { cause });
    this.detail = detail;
    this.values = values;
    this.outcomes = outcomes;
  }
}
