import type { WebhookDelivery } from '@stakedesk/shared/api-types';
import type { DisplayLocale } from '@stakedesk/shared/format';
import type { AdminTranslate } from '../../i18n/admin-en.js';
import { storedReason } from '../errors/readable-error.js';

/** The receiver's last answer in the reader's language: its HTTP status, or why none came. */
export function deliveryAnswer(t: AdminTranslate, delivery: WebhookDelivery, locale: DisplayLocale = 'en'): string {
  if (delivery.lastStatusCode !== null) return t('alerts.answer.http', { code: delivery.lastStatusCode });
  return storedReason(t, delivery.lastReason, delivery.lastError, t('alerts.answer.none'), locale);
}
