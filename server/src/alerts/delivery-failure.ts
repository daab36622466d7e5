import { msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { RefusedAddressError } from '../chain/upstream-fetch.js';

/**
 * Why a receiver gave no answer: by code for the panel (`reason`), and in English words safe to
 * log (`error`): never the request's URL (a Telegram bot token or a Slack URL is its secret),
 * only the kind of failure.
 */
export type DeliveryFailure = { error: string; reason: CodedMessage };

/** Connection errors by the code Node gives them. */
const REFUSED_CODES = new Set(['ECONNREFUSED', 'ECONNRESET']);
const HOST_NOT_FOUND_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN']);

/** What a failed fetch of a webhook, aborted after `timeoutMs`, threw, as a delivery's reason. */
export function deliveryFailure(error: unknown, timeoutMs: number): DeliveryFailure {
  if (error instanceof Error && error.name === 'TimeoutError') {
    const seconds = timeoutMs / 1000;
    return { error: `no answer within ${seconds} s`, reason: msg('webhookNoAnswerInTime', { seconds }) };
  }
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  if (cause instanceof RefusedAddressError)
    return { error: 'refused: the URL resolves to an address that is not public', reason: msg('webhookAddressNotPublic') };
  const code = cause?.code;
  const english = code ? `no answer (${code})` : 'no answer';
  if (code && REFUSED_CODES.has(code)) return { error: english, reason: msg('webhookConnectionRefused') };
  if (code && HOST_NOT_FOUND_CODES.has(code)) return { error: english, reason: msg('webhookHostNotFound') };
  return { error: english, reason: msg('webhookUnreachable') };
}
