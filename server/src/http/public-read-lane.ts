import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

/**
 * A request as a cached read sees it: Node's own on the lane below, Express's when mounted in the
 * API router. Only Express can tell a conditional request's freshness, and only Express hands one over.
 */
export type PlainRequest = IncomingMessage & { readonly fresh?: boolean };

/** A cached public read: answers from memory, with Node's response alone (no res.json: the lane has no Express). */
export type PublicRead = (req: PlainRequest, res: ServerResponse) => Promise<void>;

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
    read(req, res).catch(() => {
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
