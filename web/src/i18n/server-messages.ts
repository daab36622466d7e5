import type { DisplayLocale } from '@stakedesk/shared/format';
import { formatTokenAmount, isCodedMessage, isTokenAmount, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { ApiError } from '../lib/api-client.js';
import type { ServerMessageKey } from './server-catalogue.js';

type Translate = (key: ServerMessageKey, values?: Record<string, string | number>) => string;

/** A coded message in the reader's language; a parameter that is a message is translated too, an amount written as `locale` writes figures. */
export function translateCoded(t: Translate, message: CodedMessage, locale: DisplayLocale = 'en'): string {
  const param = (value: unknown): string | number => {
    if (isTokenAmount(value)) return formatTokenAmount(value, locale);
    if (isCodedMessage(value)) return translateCoded(t, value, locale);
    return typeof value === 'string' || typeof value === 'number' ? value : '';
  };
  const values = Object.fromEntries(Object.entries(message.params ?? {}).map(([name, value]) => [name, param(value)]));
  return t(`server.${message.code}`, values);
}

/** A server message in the reader's language by its code, or undefined when this client does not know the code. */
export function translateCode(t: Translate, code: string, params?: unknown, locale: DisplayLocale = 'en'): string | undefined {
  const message = { code, ...(typeof params === 'object' && params !== null && { params }) };
  return isCodedMessage(message) ? translateCoded(t, message, locale) : undefined;
}

/** The coded message an error answer carries (`code`, `params`), if this client knows its code. */
export function codedMessageOf(error: unknown): CodedMessage | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const { code, params } = (error.body ?? {}) as { code?: unknown; params?: unknown };
  const message = { code, ...(typeof params === 'object' && params !== null && { params }) };
  return isCodedMessage(message) ? message : undefined;
}

/** The field messages of an error answer by code (`errorCodes`), else its English ones (`errors`). */
export function fieldMessagesOf(error: unknown): Record<string, CodedMessage | string> | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = (error.body ?? {}) as { errors?: Record<string, string>; errorCodes?: Record<string, unknown> };
  if (!body.errors) return undefined;
  return Object.fromEntries(
    Object.entries(body.errors).map(([field, text]) => {
      const coded = body.errorCodes?.[field];
      return [field, isCodedMessage(coded) ? coded : text];
    }),
  );
}

/**
 * What to show for an error: a server error by its code in the reader's language; a coded message
 * likewise; anything else as its own text (the server's English when the code is unknown here).
 */
export function translateServerError(t: Translate, error: unknown, locale: DisplayLocale = 'en'): string {
  if (isCodedMessage(error)) return translateCoded(t, error, locale);
  const coded = codedMessageOf(error);
  if (coded) return translateCoded(t, coded, locale);
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : String(error);
}
