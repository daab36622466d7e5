import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger.js';

export type RequestLog = {
  /** Logs this request once its answer is sent (or the client went away); the function returned takes that back. */
  track(req: IncomingMessage & { originalUrl?: string }, res: ServerResponse): () => void;
  /** track() for every request Express handles but the skipped ones. */
  middleware: RequestHandler;
};

/** Which requests get no line (`skip`), and which get theirs at debug only when they succeed (`routine`). */
export type RequestLogRules = {
  skip: (url: string) => boolean;
  routine: (url: string) => boolean;
  /** Told of every answered request it logs, with how long it took (the request metrics). */
  answered?: (req: IncomingMessage, statusCode: number, seconds: number) => void;
};

/**
 * One log line per request, once its answer is sent (or the client went away): what was asked,
 * from where, the status and how long it took. Headers stay out of the log: they carry
 * credentials, and would triple the line and its cost. (pino-http did this with a child logger
 * and a full request serialisation per request: a sixth of the server's time on a cached GET.)
 *
 * Only a failure of the server is an error: a 5xx other than 503. A 503 tells the client to try
 * again (the chain does not show the transaction yet, the RPC provider or the database cannot be
 * reached), and a 4xx is the client's own; a cause worth an operator's eye is logged where it is
 * known (the error handler's 'database unavailable'). A client that leaves before its answer is
 * sent (a closed tab, an event stream ended) is no fault either: info too.
 */
export function requestLog(logger: Logger, { skip, routine, answered }: RequestLogRules): RequestLog {
  // The line is built below field by field and holds nothing the logger's redaction names (no
  // headers, no body), so it skips the redaction walk: a tenth of the server's time on a cached read.
  const requests = logger.child({}, { redact: [] });
  let nextId = 0;
  const track: RequestLog['track'] = (req, res) => {
    const id = ++nextId;
    const started = performance.now();
    const logLine = () => {
      const url = req.originalUrl ?? req.url ?? '';
      const { statusCode } = res;
      const elapsed = performance.now() - started;
      const line = {
        req: { id, method: req.method, url, remoteAddress: req.socket.remoteAddress },
        res: { statusCode },
        responseTime: Math.round(elapsed),
      };
      if (res.writableFinished) answered?.(req, statusCode, elapsed / 1000);
      if (!res.writableFinished) requests.info(line, 'request aborted');
      else if (statusCode >= 500 && statusCode !== 503) requests.error(line, 'request errored');
      else if (statusCode < 400 && routine(url)) requests.debug(line, 'request completed');
      else requests.info(line, 'request completed');
    };
    res.once('close', logLine);
    return () => res.off('close', logLine);
  };
  return {
    track,
    middleware: (req, res, next) => {
      if (!skip(req.url)) track(req, res);
      next();
    },
  };
}
