import { describe, expect, it } from 'vitest';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { adminEn, type AdminMessageKey } from '../i18n/admin-en.js';
import { ApiError } from '../lib/api-client.js';
import { readableError } from './readable-error.js';

const t = (key: AdminMessageKey, values?: Record<string, string | number>) =>
  adminEn[key].replace(/\{(\w+)\}/g, (match, name: string) => String(values?.[name] ?? match));

/** What no toast, banner or field may show. */
const TECHNICAL = /\b\d{3}\b|[{}]|<|\bat\s/;

describe('errors as the panel shows them', () => {
  it('translates a coded server answer by its code', () => {
    const error = new ApiError(400, 'You cannot delete your own account', { code: 'cannotDeleteSelf', message: 'x' });
    expect(readableError(t, error)).toBe('You cannot delete your own account');
    expect(readableError(t, msg('stakingNotConfigured'))).toBe(adminEn['server.stakingNotConfigured']);
  });

  it('never shows the status code, JSON or markup of an answer without a code', () => {
    const cases = [
      new ApiError(503, '503: {"error":"upstream"}', { error: 'upstream' }),
      new ApiError(502, '502: <html><body>Bad Gateway</body></html>', '<html><body>Bad Gateway</body></html>'),
      new ApiError(404, '404: Not Found', undefined),
      new ApiError(500, '500 Internal Server Error', { message: '500 Internal Server Error' }),
    ];
    const shown = cases.map((error) => readableError(t, error));
    expect(shown).toEqual([
      adminEn['errors.serverUnavailable'],
      adminEn['errors.serverUnavailable'],
      adminEn['errors.requestRefused'],
      adminEn['errors.serverUnavailable'],
    ]);
    for (const text of shown) expect(text).not.toMatch(TECHNICAL);
  });

  it('says the server could not be reached when the request never got an answer', () => {
    expect(readableError(t, new TypeError('Failed to fetch'))).toBe(adminEn['errors.network']);
  });

  it('keeps a plain sentence and replaces a stack or JSON', () => {
    expect(readableError(t, new Error('The wallet is locked'))).toBe('The wallet is locked');
    const stack = new Error('Error: boom\n    at send (rpc.js:1:2)');
    expect(readableError(t, stack)).toBe(adminEn['errors.unexpected']);
    expect(readableError(t, new Error('failed to send transaction: {"code":-32002}'))).toBe(adminEn['errors.unexpected']);
  });
});
