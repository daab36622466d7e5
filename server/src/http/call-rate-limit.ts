import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import type { Sequelize } from 'sequelize';
import type { CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { errorBody } from '../errors.js';
import { takeHits } from '../sql/postgres-rate-limit-store.js';

type CallRateLimitOptions = {
  /** Keeps this limit's counters apart from the others' in the shared table. */
  prefix: string;
  /** Calls per client IP per window. */
  limit: number;
  windowMs: number;
  /** How many calls this request makes (read after the body is parsed). */
  cost: (req: Request, res: Response) => number;
  message: CodedMessage;
};

/**
 * A per-IP limit on calls rather than requests: a request costing n calls counts n, or is refused
 * whole (429 `{message}` with Retry-After) when they do not all fit. Keys as express-rate-limit's
 * do, so an IPv6 client cannot dodge it by changing addresses within its /56.
 */
export function callRateLimit(db: Sequelize, { prefix, limit, windowMs, cost, message }: CallRateLimitOptions): RequestHandler {
  return async (req, res, next) => {
    const key = prefix + ipKeyGenerator(req.ip ?? '');
    const { taken, resetTime } = await takeHits(db, key, cost(req, res), { limit, windowMs });
    if (taken) return next();
    const seconds = Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000));
    res.status(429).set('Retry-After', String(seconds)).json(errorBody(message));
  };
}
