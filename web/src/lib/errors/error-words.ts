import { ApiError } from '../api-client.js';
import { isReadableText } from './readable-text.js';
import { isUnanswered, unansweredKind } from './whose-failure.js';

/**
 * What an error says that a person can read: the server's message (with its code, for the
 * reader's language) or a plain sentence; otherwise only what kind of failure it was. A status
 * line, JSON or a stack is never shown: the chain library, for one, reports a failed RPC call as
 * `503 Service Unavailable: {"message":...}`, and that carries the server's message inside.
 */
export type ErrorWords =
  { kind: 'message'; text: string; code?: string; params?: unknown } | { kind: 'network' | 'offline' | 'server' | 'unknown' };
/** "… 503 Service Unavailable: {…}" as fetch-based clients word an HTTP failure. */
const HTTP_FAILURE = /\b([1-5]\d\d)\b[^{]*?:\s*(\{[\s\S]*\})\s*$/;

function serverMessage(body: unknown): ErrorWords | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { message, code, params } = body as { message?: unknown; code?: unknown; params?: unknown };
  if (typeof message !== 'string' || message === '') return undefined;
  // A message with a code is a sentence of the server's catalogue, whatever it looks like ("Error: the source and …").
  if (typeof code !== 'string' && !isReadableText(message)) return undefined;
  return { kind: 'message', text: message, ...(typeof code === 'string' && { code, params }) };
}

function parse(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/**
 * `online`: whether the device has a connection (navigator.onLine); a request that got no answer is
 * then our server's failure ('network'), otherwise the holder's ('offline').
 */
export function errorWords(error: unknown, online?: boolean): ErrorWords {
  if (error instanceof ApiError) return serverMessage(error.body) ?? { kind: error.status >= 500 ? 'server' : 'unknown' };
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (isUnanswered(text)) return { kind: unansweredKind(online) };
  const http = HTTP_FAILURE.exec(text);
  if (http) return serverMessage(parse(http[2]!)) ?? { kind: Number(http[1]) >= 500 ? 'server' : 'unknown' };
  if (/\b5\d\d\b/.test(text) && !isReadableText(text)) return { kind: 'server' };
  return isReadableText(text) ? { kind: 'message', text: text.trim() } : { kind: 'unknown' };
}
