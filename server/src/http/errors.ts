import { MESSAGES } from '@stakedesk/shared/messages';

/**
 * Services throw these; the one error handler maps them to `{message, errors?, ...extra}` with the
 * status. `extra` carries the flags a client acts on (twoFactorRequired, stepUpRequired,
 * requiredRole, retryAfter, ...).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new AppError(400, message, errors);
export const unauthorized = (message: string = MESSAGES.authenticationRequired, extra?: Record<string, unknown>) =>
  new AppError(401, message, undefined, extra);
export const forbidden = (message: string, extra?: Record<string, unknown>) => new AppError(403, message, undefined, extra);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new AppError(409, message, undefined, extra);
export const unprocessable = (message: string) => new AppError(422, message);
export const unavailable = (message: string, extra?: Record<string, unknown>) => new AppError(503, message, undefined, extra);
