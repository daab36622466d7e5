/** Automatic payouts (DESIGN 13): which pending withdrawals the server pays by itself from the hot wallet. */

import { compareDecimal, sumDecimals } from './decimal.js';
import { msg, tokenAmount, type CodedMessage } from './i18n/catalogue.js';

/** The settings field `autoPayout`; amounts are decimal strings of whole tokens. */
export type AutoPayoutPolicy = {
  enabled: boolean;
  /** The largest withdrawal paid without an operator. */
  maxPerWithdrawal: string;
  /** What automatic payouts may pay in any 24 hours, this withdrawal included. */
  maxPer24h: string;
  /** Below this the hot wallet pays nothing more (and operators are told). */
  minHotBalance: string;
  /** A wallet never paid before waits this long after its request. */
  newWalletDelayHours: number;
};

/** Off, and paying nothing until an owner sets limits. */
export const DEFAULT_AUTO_PAYOUT: AutoPayoutPolicy = {
  enabled: false,
  maxPerWithdrawal: '0',
  maxPer24h: '0',
  minHotBalance: '0',
  newWalletDelayHours: 24,
};

export const MAX_NEW_WALLET_DELAY_HOURS = 24 * 30;

export type AutoPayoutCandidate = {
  /** What the holder receives, in whole tokens. */
  finalAmount: string;
  requestedAt: Date;
  /** A payout to this wallet completed before. */
  walletPaidBefore: boolean;
  /** The latest payout of this withdrawal that ended expired, if one did. */
  expiredPayoutId: number | null;
  /** The approval threshold (whole tokens) it is at or above while no admin has approved it (DESIGN 17); null otherwise. */
  awaitingApprovalAt?: string | null;
};

/** The hot wallet holds less than the policy's minimum: nothing more is paid from it, and operators are told. */
export const hotWalletLow = (policy: AutoPayoutPolicy, hotBalance: string): boolean => compareDecimal(hotBalance, policy.minHotBalance) < 0;

/** "2026-11-27 11:00 UTC": a moment operators in any time zone read the same way. */
const utcMinute = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Why policy leaves this withdrawal to an operator, or null when the server may pay it now.
 * `paidLast24h` is what automatic payouts paid (or hold open) in the last 24 hours; `symbol` the
 * token's, for the reason's amounts.
 *
 * A withdrawal one of whose payouts expired is never paid automatically again (DESIGN 15): "expired"
 * is the RPC provider's word that no copy landed, and a provider that lies or lags could have
 * hidden one that did. An operator checks the chain and pays it by hand, or pastes the TXID.
 */
export function autoPayoutHold(
  policy: AutoPayoutPolicy,
  candidate: AutoPayoutCandidate,
  paidLast24h: string,
  now: Date,
  symbol: string,
): CodedMessage | null {
  if (candidate.expiredPayoutId !== null) return msg('autoPayoutAfterExpiry', { id: candidate.expiredPayoutId });
  if (candidate.awaitingApprovalAt) {
    return msg('autoPayoutAwaitingApproval', { threshold: tokenAmount(candidate.awaitingApprovalAt, symbol) });
  }
  if (compareDecimal(candidate.finalAmount, policy.maxPerWithdrawal) > 0) {
    return msg('autoPayoutOverWithdrawalLimit', { limit: tokenAmount(policy.maxPerWithdrawal, symbol) });
  }
  if (compareDecimal(sumDecimals([paidLast24h, candidate.finalAmount]), policy.maxPer24h) > 0) {
    return msg('autoPayoutOverDailyLimit', {
      limit: tokenAmount(policy.maxPer24h, symbol),
      paid: tokenAmount(paidLast24h, symbol),
    });
  }
  const waitUntil = candidate.requestedAt.getTime() + policy.newWalletDelayHours * 3_600_000;
  if (!candidate.walletPaidBefore && now.getTime() < waitUntil) {
    return msg('autoPayoutNewWallet', { hours: policy.newWalletDelayHours, at: utcMinute(new Date(waitUntil)) });
  }
  return null;
}

/**
 * Turning automatic payouts off is a brake anyone with the owner role may pull at once; any other
 * change to the policy lets the server pay more by itself, so it needs a step-up.
 */
export function policyChangeNeedsStepUp(stored: AutoPayoutPolicy, next: AutoPayoutPolicy): boolean {
  const key = (p: AutoPayoutPolicy) => [p.enabled, p.maxPerWithdrawal, p.maxPer24h, p.minHotBalance, p.newWalletDelayHours].join('|');
  if (key(stored) === key(next)) return false;
  return key({ ...stored, enabled: false }) !== key(next);
}
