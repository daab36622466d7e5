import { english, msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { englishTexts } from '@stakedesk/shared/validate';

export type FieldErrors = Record<string, CodedMessage>;

/**
 * Services throw these; the one error handler maps them to `{message, code, params?, errors?,
 * errorCodes?, ...extra}` with the status. The message is coded (msg()): `message` is its English
 * text, `code` and `params` let a client show it in its reader's language. `extra` carries the flags
 * a client acts on (twoFactorRequired, stepUpRequired, requiredRole, retryAfter, ...).
 */
export class AppError extends Error {
  /** The English field messages, as the answer's `errors`. */
  readonly errors?: Record<string, string>;

  constructor(
    readonly status: number,
    readonly coded: CodedMessage,
    readonly fieldErrors?: FieldErrors,
    readonly extra?: Record<string, unknown>,
  ) {
    super(english(coded));
    if (fieldErrors) this.errors = englishTexts(fieldErrors);
  }
}

export const badRequest = (message: CodedMessage, errors?: FieldErrors) => new AppError(400, message, errors);
export const unauthorized = (message: CodedMessage = msg('authenticationRequired'), extra?: Record<string, unknown>) =>
  new AppError(401, message, undefined, extra);
export const forbidden = (message: CodedMessage, extra?: Record<string, unknown>) => new AppError(403, message, undefined, extra);
export const notFound = (message: CodedMessage) => new AppError(404, message);
export const conflict = (message: CodedMessage, extra?: Record<string, unknown>, errors?: FieldErrors) =>
  new AppError(409, message, errors, extra);
export const gone = (message: CodedMessage) => new AppError(410, message);
export const unprocessable = (message: CodedMessage) => new AppError(422, message);
export const unavailable = (message: CodedMessage, extra?: Record<string, unknown>) => new AppError(503, message, undefined, extra);

/** The JSON of every error answer: the English message with its code (and params), field messages likewise. */
export function errorBody(message: CodedMessage, fieldErrors?: FieldErrors): Record<string, unknown> {
  return {
    message: english(message),
    code: message.code,
    ...(message.params && { params: message.params }),
    ...(fieldErrors && { errors: englishTexts(fieldErrors), errorCodes: fieldErrors }),
  };
}
