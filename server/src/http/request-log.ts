import type { RequestHandler } from 'express';
import type { Logger } from '../logger.js';

/**
 * One log line per request, once its answer is sent (or the client went away): what was asked,
 * from where, the status and how long it took. Headers stay out of the log: they carry
 * credentials, and would triple the line and its cost. (pino-http did this with a child logger
 * and a full request serialisation per request: a sixth of the server's time on a cached GET.)
 */
export function requestLog(logger: Logger, skip: (url: string) => boolean): RequestHandler {
  // The line is built below field by field and holds nothing the logger's redaction names (no
  // headers, no body), so it skips the redaction walk: a tenth of the server's time on a cached read.
  const requests = logger.child({}, { redact: [] });
  let nextId = 0;
  return (req, res, next) => {
    if (skip(req.url)) return next();
    const id = ++nextId;
    const started = performance.now();
    res.once('close', () => {
      const line = {
        req: { id, method: req.method, url: req.originalUrl, remoteAddress: req.socket.remoteAddress },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - started),
      };
      if (!res.writableFinished) requests.warn(line, 'request aborted');
      else if (res.statusCode >= 500) requests.error(line, 'request errored');
      else requests.info(line, 'request completed');
    });
    next();
  };
}
