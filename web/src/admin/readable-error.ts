import type { DisplayLocale } from '@stakedesk/shared/format';
import { isCodedMessage, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import type { AdminTranslate } from '../i18n/admin-en.js';
import { codedMessageOf, translateServerError } from '../i18n/server-messages.js';
import { ApiError } from '../lib/api-client.js';
import { isReadableText } from '../lib/errors/readable-text.js';

/** `text` if a person can read it (the holder pages' rule too), else the plain fallback. */
export function plainOr(text: string, fallback: string): string {
  return isReadableText(text) ? text : fallback;
}

/**
 * A reason the server stored (a payout's, a delivery's, a failed job's): by its code in the reader's
 * language; a row written before codes has only English words, shown when a person can read them.
 */
export function storedReason(
  t: AdminTranslate,
  reason: CodedMessage | null,
  english: string | null,
  fallback: string,
  locale: DisplayLocale = 'en',
): string {
  return reason ? translateServerError(t, reason, locale) : plainOr(english ?? '', fallback);
}

/**
 * What the panel shows for an error or a coded message: a coded one in the reader's language; an
 * answer without a code (a proxy's error page, say) or any other failure as a plain sentence,
 * never its status code, JSON or stack.
 */
export function readableError(t: AdminTranslate, source: unknown, locale: DisplayLocale = 'en'): string {
  if (isCodedMessage(source) || codedMessageOf(source)) return translateServerError(t, source, locale);
  if (source instanceof ApiError) {
    const serverMessage = (source.body as { message?: unknown } | undefined)?.message;
    if (typeof serverMessage === 'string' && isReadableText(serverMessage)) return serverMessage;
    return t(source.status >= 500 ? 'errors.serverUnavailable' : 'errors.requestRefused');
  }
  // fetch() rejects with a TypeError when the server cannot be reached at all.
  if (source instanceof TypeError) return t('errors.network');
  const text = source instanceof Error ? source.message : typeof source === 'string' ? source : '';
  return plainOr(text, t('errors.unexpected'));
}
