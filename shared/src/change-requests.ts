/**
 * No single owner moves the money (DESIGN 17): with two or more owners, a change that redirects
 * money or takes away a safeguard waits for another owner's approval (a change request), and a new
 * staking wallet or mint waits a delay after it, in plain sight.
 */

import type { AutoPayoutPolicy } from './auto-payout.js';
import { compareDecimal } from './decimal.js';
import { msg, type CodedMessage } from './i18n/catalogue.js';
import type { AdminRole } from './roles.js';

/**
 * pending: waits for another owner; scheduled: approved, takes effect at effectiveAt (a staking
 * wallet or mint); applied; rejected; expired (no decision within CHANGE_REQUEST_TTL_HOURS);
 * cancelled (by an owner, pending or scheduled); failed (approved, but could not take effect when due:
 * its field changed meanwhile, or stakes were owed in the old mint).
 */
export const CHANGE_REQUEST_STATUSES = ['pending', 'scheduled', 'applied', 'rejected', 'expired', 'cancelled', 'failed'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];

/** Still open: it may yet take effect, so no other request may change the same thing meanwhile. */
export const OPEN_CHANGE_REQUEST_STATUSES: readonly ChangeRequestStatus[] = ['pending', 'scheduled'];

/** What a request changes: the settings, a webhook's existence (its removal), an admin's role, an owner's existence (its removal). */
export const CHANGE_REQUEST_KINDS = ['settings', 'webhook.remove', 'admin.role', 'admin.remove'] as const;
export type ChangeRequestKind = (typeof CHANGE_REQUEST_KINDS)[number];

/** A request nobody decided on within this many hours expires, and can never be approved. */
export const CHANGE_REQUEST_TTL_HOURS = 72;

/** settings.walletChangeDelayHours: how long an approved staking wallet or mint change waits before it takes effect. */
export const DEFAULT_WALLET_CHANGE_DELAY_HOURS = 24;
export const MAX_WALLET_CHANGE_DELAY_HOURS = 24 * 30;

/** With this many owners, the guarded changes need another owner's approval. */
export const OWNERS_FOR_APPROVALS = 2;

/** The settings whose change takes effect only walletChangeDelayHours after its approval: where deposits go, and in what. */
export const TIME_LOCKED_FIELDS = ['stakingWallet', 'tokenContract'] as const;
export type TimeLockedField = (typeof TIME_LOCKED_FIELDS)[number];

/** Settings held as text whose every change needs approval. heliusApiKey and heliusRpcUrl are the RPC provider. */
export const GUARDED_TEXT_SETTINGS = ['stakingWallet', 'tokenContract', 'heliusRpcUrl', 'heliusApiKey', 'holderRpcUrl'] as const;
export type GuardedTextSetting = (typeof GUARDED_TEXT_SETTINGS)[number];

/**
 * One value a request changes, from what it was when asked to what it becomes. In the API the RPC
 * provider's key and URL are masked; a webhook's or an owner's removal names it as it was shown.
 */
export type FieldChange =
  | { field: GuardedTextSetting; from: string; to: string }
  | { field: 'autoPayout'; from: AutoPayoutPolicy; to: AutoPayoutPolicy }
  | { field: 'walletChangeDelayHours'; from: number; to: number }
  /** Whole tokens, '' for none: raised or removed, the withdrawals' own four eyes weaken. */
  | { field: 'approvalThreshold'; from: string; to: string }
  | { field: 'role'; from: AdminRole; to: AdminRole }
  | { field: 'webhook'; from: string; to: null }
  | { field: 'admin'; from: string; to: null };
export type ChangedField = FieldChange['field'];

/** Each changed value's name, as a message in the reader's language (inside changeRequestStale). */
export const FIELD_LABELS: Readonly<Record<ChangedField, CodedMessage>> = {
  stakingWallet: msg('fieldStakingWallet'),
  tokenContract: msg('fieldTokenContract'),
  heliusRpcUrl: msg('fieldHeliusRpcUrl'),
  heliusApiKey: msg('fieldHeliusApiKey'),
  holderRpcUrl: msg('fieldHolderRpcUrl'),
  autoPayout: msg('fieldAutoPayout'),
  walletChangeDelayHours: msg('fieldWalletChangeDelayHours'),
  approvalThreshold: msg('fieldApprovalThreshold'),
  role: msg('fieldRole'),
  webhook: msg('fieldWebhook'),
  admin: msg('fieldAdmin'),
};

export const isTimeLocked = (field: ChangedField): field is TimeLockedField => (TIME_LOCKED_FIELDS as readonly string[]).includes(field);

/**
 * The policy's brake: of the stored and the asked-for policy, the stricter value of each part (off
 * wins, the lower limits, the higher minimum balance, the longer wait). It applies at once, whoever
 * asks: a brake must never wait for a second owner.
 */
export function policyBrake(stored: AutoPayoutPolicy, next: AutoPayoutPolicy): AutoPayoutPolicy {
  const lower = (a: string, b: string) => (compareDecimal(a, b) <= 0 ? a : b);
  const higher = (a: string, b: string) => (compareDecimal(a, b) >= 0 ? a : b);
  return {
    enabled: stored.enabled && next.enabled,
    maxPerWithdrawal: lower(stored.maxPerWithdrawal, next.maxPerWithdrawal),
    maxPer24h: lower(stored.maxPer24h, next.maxPer24h),
    minHotBalance: higher(stored.minHotBalance, next.minHotBalance),
    newWalletDelayHours: Math.max(stored.newWalletDelayHours, next.newWalletDelayHours),
  };
}

/** Two policies that pay the same: the same switch and the same limits (amounts compared as numbers). */
export function samePolicy(a: AutoPayoutPolicy, b: AutoPayoutPolicy): boolean {
  return (
    a.enabled === b.enabled &&
    compareDecimal(a.maxPerWithdrawal, b.maxPerWithdrawal) === 0 &&
    compareDecimal(a.maxPer24h, b.maxPer24h) === 0 &&
    compareDecimal(a.minHotBalance, b.minHotBalance) === 0 &&
    a.newWalletDelayHours === b.newWalletDelayHours
  );
}

/**
 * walletChangeDelayHours 0 lets an approved wallet change take effect at once: allowed only while
 * a single owner runs the platform (there is no approval then either).
 */
export const walletChangeDelayAllowed = (hours: number, owners: number): boolean => hours > 0 || owners < OWNERS_FOR_APPROVALS;

/**
 * The delay an approved staking wallet or mint change waits. A 0 saved while there was one owner
 * does not survive a second one: the default applies then (walletChangeDelayAllowed).
 */
export const walletChangeDelayFor = (hours: number, owners: number): number =>
  walletChangeDelayAllowed(hours, owners) ? hours : DEFAULT_WALLET_CHANGE_DELAY_HOURS;
