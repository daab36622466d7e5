import type { RequestHandler } from 'express';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { forbidden } from '../errors.js';

/**
 * Cookie-authenticated calls refuse other sites' pages (defence in depth beside SameSite):
 * a browser always sends Origin on cross-site POSTs, and it must name this host or an allowed one.
 */
export function refuseCrossSite(allowedOrigins: string[]): RequestHandler {
  return (req, _res, next) => {
    const origin = req.get('origin');
    if (!origin || allowedOrigins.includes(origin)) return next();
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      throw forbidden(msg('crossSiteRefused'));
    }
    if (host !== req.get('host')) throw forbidden(msg('crossSiteRefused'));
    next();
  };
}
