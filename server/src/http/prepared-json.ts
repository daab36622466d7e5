import { createHash } from 'node:crypto';
import type { Response } from 'express';

/** A JSON answer serialised once, with its ETag, for responses served from a cache. */
export type PreparedJson = { body: Buffer; etag: string };

export function prepareJson(value: unknown): PreparedJson {
  const body = Buffer.from(JSON.stringify(value));
  const hash = createHash('sha1').update(body).digest('base64url');
  return { body, etag: `W/"${body.length.toString(16)}-${hash}"` };
}

/** Sends it as res.json would (304 when the client's If-None-Match matches), without serialising or hashing again. */
export function sendPrepared(res: Response, prepared: PreparedJson): void {
  res.set('ETag', prepared.etag).type('json').send(prepared.body);
}
