import type { ErrorRequestHandler, RequestHandler } from 'express';
import { msg } from '@stakedesk/shared/i18n/catalogue';

import { isDatabaseUnavailable } from '../db/errors.js';
import type { Logger } from '../logger.js';
import { AppError, errorBody } from '../errors.js';

/** Unknown /api paths answer JSON, never the SPA. */
export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json(errorBody(msg('notFound')));
};

/** The one place errors become responses (errorBody: message, code, params, errors, errorCodes). Never a stack trace; 500 only for our own bugs. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.headersSent) return;
    if (error instanceof AppError) {
      if (error.status === 429 && typeof error.extra?.retryAfter === 'number') res.set('Retry-After', String(error.extra.retryAfter));
      res.status(error.status).json({ ...errorBody(error.coded, error.fieldErrors), ...error.extra });
      return;
    }
    // body-parser's own errors: malformed JSON, too large, wrong charset.
    const type = (error as { type?: string }).type;
    const status = (error as { status?: number }).status;
    if (type === 'entity.parse.failed') {
      res.status(400).json(errorBody(msg('malformedJson')));
      return;
    }
    if (type === 'entity.too.large' || status === 413) {
      res.status(413).json(errorBody(msg('payloadTooLarge')));
      return;
    }
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).json(errorBody(msg('invalidRequest')));
      return;
    }
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error, url: req.originalUrl }, 'database unavailable');
      res
        .status(503)
        .set('Retry-After', '5')
        .json(errorBody(msg('serviceUnavailable')));
      return;
    }
    logger.error({ err: error, url: req.originalUrl }, 'unhandled error');
    res.status(500).json(errorBody(msg('internalError')));
  };
}
