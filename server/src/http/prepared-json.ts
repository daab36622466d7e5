import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { PlainRequest } from './public-read-lane.js';

/** A JSON answer serialised once, with its ETag and length, for responses served from a cache. */
export type PreparedJson = { body: Buffer; etag: string; length: string };

const JSON_TYPE = 'application/json; charset=utf-8';

export function prepareJson(value: unknown): PreparedJson {
  const body = Buffer.from(JSON.stringify(value));
  const hash = createHash('sha1').update(body).digest('base64url');
  return { body, etag: `W/"${body.length.toString(16)}-${hash}"`, length: String(body.length) };
}

/**
 * Sends it as res.send would, headers in the same order (304 with no body or entity headers when
 * the client's If-None-Match holds it; no body for HEAD), without serialising, hashing or looking
 * up a MIME type again. Freshness is Express's own (req.fresh), asked only of a conditional request.
 */
export function sendPrepared(req: PlainRequest, res: ServerResponse, prepared: PreparedJson): void {
  res.setHeader('ETag', prepared.etag);
  const conditional = req.headers['if-none-match'] !== undefined || req.headers['if-modified-since'] !== undefined;
  if (conditional && req.fresh) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Type', JSON_TYPE);
  res.setHeader('Content-Length', prepared.length);
  if (req.method === 'HEAD') res.end();
  else res.end(prepared.body);
}
