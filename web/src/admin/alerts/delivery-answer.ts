import type { WebhookDelivery, WebhookDeliveryAttempt } from '@stakedesk/shared/api-types';
import type { DisplayLocale } from '@stakedesk/shared/format';
import type { AdminTranslate } from '../../i18n/admin-en.js';
import { storedReason } from '../readable-error.js';

type Answer = Pick<WebhookDeliveryAttempt, 'status' | 'reason' | 'error'>;

/** One attempt's answer in the reader's language: the receiver's HTTP status, or why none came. */
export function attemptAnswer(t: AdminTranslate, attempt: Answer, locale: DisplayLocale = 'en'): string {
  if (attempt.status !== null) return t('alerts.answer.http', { code: attempt.status });
  return storedReason(t, attempt.reason, attempt.error, t('alerts.answer.none'), locale);
}

/** The receiver's last answer to a delivery. */
export function deliveryAnswer(t: AdminTranslate, delivery: WebhookDelivery, locale: DisplayLocale = 'en'): string {
  return attemptAnswer(t, { status: delivery.lastStatusCode, reason: delivery.lastReason, error: delivery.lastError }, locale);
}
