import { MAX_URL_LENGTH } from '@stakedesk/shared/constants';

export type ParsedServerUrl = { ok: true; origin: string } | { ok: false; reason: 'invalid-url' | 'insecure-http' };

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/**
 * A server is an http(s) origin: scheme, host and port, nothing else. Plain http only on this
 * computer: the app's origin is secure, so Chromium blocks its calls to any other http address
 * (mixed content), and the admin token must not cross a network in clear text anyway.
 */
export function parseServerUrl(input: string): ParsedServerUrl {
  const text = input.trim();
  if (!text || text.length > MAX_URL_LENGTH) return { ok: false, reason: 'invalid-url' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'invalid-url' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'invalid-url' };
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
    return { ok: false, reason: 'invalid-url' };
  }
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.test(url.hostname)) return { ok: false, reason: 'insecure-http' };
  return { ok: true, origin: url.origin };
}
