import type { DisplayLocale } from '@stakedesk/shared/format';
import { isCodedMessage } from '@stakedesk/shared/i18n/catalogue';
import type { AdminMessageKey } from '../../i18n/admin-en.js';
import { codedMessageOf, translateServerError } from '../../i18n/server-messages.js';
import { ApiError } from '../../lib/api-client.js';

type Translate = (key: AdminMessageKey, values?: Record<string, string | number>) => string;

/** A status line ("503 Service Unavailable", "503: ..."), JSON or markup, or a stack trace: not for a person to read. */
const TECHNICAL = [/^\s*\d{3}\b/, /\b(?:HTTP|status)\s*\d{3}\b/i, /[{}]/, /<\/?[a-z][^>]*>/i, /\n\s*at\s/, /^\s*\w*(?:Error|Exception):/];

/** Text a person can read as it is: no status code, no JSON, no stack. */
export function isPlainText(text: string): boolean {
  return text.trim() !== '' && !TECHNICAL.some((pattern) => pattern.test(text));
}

/** `text` if a person can read it, else the plain fallback. */
export function plainOr(text: string, fallback: string): string {
  return isPlainText(text) ? text : fallback;
}

/**
 * What the panel shows for an error or a coded message: a coded one in the reader's language; an
 * answer without a code (a proxy's error page, say) or any other failure as a plain sentence,
 * never its status code, JSON or stack.
 */
export function readableError(t: Translate, source: unknown, locale: DisplayLocale = 'en'): string {
  if (isCodedMessage(source) || codedMessageOf(source)) return translateServerError(t, source, locale);
  if (source instanceof ApiError) {
    const serverMessage = (source.body as { message?: unknown } | undefined)?.message;
    if (typeof serverMessage === 'string' && isPlainText(serverMessage)) return serverMessage;
    return t(source.status >= 500 ? 'errors.serverUnavailable' : 'errors.requestRefused');
  }
  // fetch() rejects with a TypeError when the server cannot be reached at all.
  if (source instanceof TypeError) return t('errors.network');
  const text = source instanceof Error ? source.message : typeof source === 'string' ? source : '';
  return plainOr(text, t('errors.unexpected'));
}
