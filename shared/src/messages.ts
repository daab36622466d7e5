import { english, msg, type CodedMessage } from './i18n/catalogue.js';
import { enFixed } from './i18n/en.js';
import type { AdminRole } from './roles.js';

/**
 * The English texts by name, for code that needs the plain text (the clients' fallbacks, tests).
 * The catalogues (./i18n) are the source: errors travel as coded messages and are translated by code.
 */
export const MESSAGES = enFixed;

export type MessageKey = keyof typeof MESSAGES;

export function minimumStakeMessage(min: string, symbol: string): string {
  return english(msg('minimumStake', { min, symbol }));
}

/** A stake that does not fit a plan's cap; `remaining` is what still fits. */
export function planCapacity(remaining: string, symbol: string): CodedMessage {
  return remaining === '0' ? msg('planFull') : msg('planCapacity', { remaining, symbol });
}

export function walletCapacity(remaining: string, symbol: string): CodedMessage {
  return remaining === '0' ? msg('walletFull') : msg('walletCapacity', { remaining, symbol });
}

const ROLE_NAMES = { owner: 'roleOwner', operator: 'roleOperator', viewer: 'roleViewer' } as const;

/** A refusal for the admin's role (403 with requiredRole); the role's name is translated too. */
export function roleRequired(role: AdminRole): CodedMessage {
  return msg('roleRequired', { role: msg(ROLE_NAMES[role]) });
}

export function roleRequiredMessage(role: AdminRole): string {
  return english(roleRequired(role));
}

/** The per-account throttle (429 with retryAfter). */
export function accountThrottled(retryAfterSeconds: number): CodedMessage {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  if (retryAfterSeconds < 60) return msg('accountThrottledSeconds', { seconds: retryAfterSeconds });
  return minutes === 1 ? msg('accountThrottledOneMinute') : msg('accountThrottledMinutes', { minutes });
}

export function accountThrottledMessage(retryAfterSeconds: number): string {
  return english(accountThrottled(retryAfterSeconds));
}

export function unknownFieldMessage(name: string): string {
  return english(msg('unknownField', { name }));
}

export function planCapacityMessage(remaining: string, symbol: string): string {
  return english(planCapacity(remaining, symbol));
}

export function walletCapacityMessage(remaining: string, symbol: string): string {
  return english(walletCapacity(remaining, symbol));
}

export function noNulMessage(label: string): string {
  return english(msg('noNul', { label }));
}
