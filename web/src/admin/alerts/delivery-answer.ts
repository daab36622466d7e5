import type { WebhookDelivery } from '@stakedesk/shared/api-types';
import type { DisplayLocale } from '@stakedesk/shared/format';
import type { AdminMessageKey } from '../../i18n/admin-en.js';
import { translateCoded } from '../../i18n/server-messages.js';
import { plainOr } from '../errors/readable-error.js';

type Translate = (key: AdminMessageKey, values?: Record<string, string | number>) => string;

/**
 * The receiver's last answer in the reader's language: its HTTP status, or why none came by the
 * delivery's coded reason. A delivery logged before reasons were coded has only its English
 * words, shown when a person can read them.
 */
export function deliveryAnswer(t: Translate, delivery: WebhookDelivery, locale: DisplayLocale = 'en'): string {
  if (delivery.lastStatusCode !== null) return t('alerts.answer.http', { code: delivery.lastStatusCode });
  if (delivery.lastReason) return translateCoded(t, delivery.lastReason, locale);
  return plainOr(delivery.lastError ?? '', t('alerts.answer.none'));
}
