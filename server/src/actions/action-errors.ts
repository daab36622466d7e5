import type { ErrorRequestHandler, Request } from 'express';
import type { DisplayLocale } from '@stakedesk/shared/format';
import { formatMessage, msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { en } from '@stakedesk/shared/i18n/en';
import { ptBR } from '@stakedesk/shared/i18n/pt-BR';
import { AppError, errorBody } from '../errors.js';
import type { Say } from './stake-action.js';

/** The reader's language, from Accept-Language: Portuguese (any pt) or English (anything else). */
function localeOf(req: Request): DisplayLocale {
  const best = req.acceptsLanguages('en', 'pt-BR', 'pt');
  return best === 'pt-BR' || best === 'pt' ? 'pt-BR' : 'en';
}

/** Coded messages as text in the request's reader's language. */
export function sayFor(req: Request): Say {
  const locale = localeOf(req);
  return (message) => formatMessage(locale === 'pt-BR' ? ptBR : en, message, locale);
}

/** A body-parser failure as the coded message the API's error handler gives it. */
function parserMessage(error: unknown): { status: number; message: CodedMessage } | undefined {
  const { type, status } = error as { type?: string; status?: number };
  if (type === 'entity.parse.failed') return { status: 400, message: msg('malformedJson') };
  if (type === 'entity.too.large') return { status: 413, message: msg('payloadTooLarge') };
  if (typeof status === 'number' && status >= 400 && status < 500) return { status, message: msg('invalidRequest') };
  return undefined;
}

/**
 * Refusals on the Actions paths: the API's `{message, code, params}` with `message` (ActionError's
 * one field, what a blink client shows) in the reader's language. Anything else goes on to the API's
 * error handler.
 */
export const actionErrors: ErrorRequestHandler = (error, req, res, next) => {
  const refusal = error instanceof AppError ? { status: error.status, message: error.coded } : parserMessage(error);
  if (!refusal || res.headersSent) return next(error);
  const { fieldErrors, extra } = error instanceof AppError ? error : {};
  res.status(refusal.status).json({ ...errorBody(refusal.message, fieldErrors), ...extra, message: sayFor(req)(refusal.message) });
};
