import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';

/** A cached public read: answers from memory. */
export type PublicRead = (req: Request, res: Response) => Promise<void>;

/**
 * The reads every holder page makes (settings, plans, stats), answered before Express sees the
 * request: a plain GET or HEAD of one of these exact paths gets the security headers and its
 * request log line (`prepare`), then its answer from memory. Anything else (another path or
 * method, a query string, a request with an Origin that CORS must see, a conditional request
 * whose 304 Express decides) goes to `app`, where the same reads are mounted, so the answer is the
 * same either way (public-reads.test.ts pins it on the wire); only Express's walk is skipped.
 * A read that fails hands the request to `app` too, whose error handler answers it.
 */
export function publicReadLane(
  reads: Record<string, PublicRead>,
  prepare: (req: IncomingMessage, res: ServerResponse) => () => void,
  app: RequestListener,
): RequestListener {
  const byPath = new Map(Object.entries(reads));
  return (req, res) => {
    const read = isPlainRead(req) ? byPath.get(req.url ?? '') : undefined;
    if (!read) return app(req, res);
    const undo = prepare(req, res);
    read(req as Request, res as Response).catch(() => {
      undo();
      app(req, res);
    });
  };
}

function isPlainRead({ method, headers }: IncomingMessage): boolean {
  return (
    (method === 'GET' || method === 'HEAD') &&
    headers.origin === undefined &&
    headers['if-none-match'] === undefined &&
    headers['if-modified-since'] === undefined
  );
}
