import { describe, expect, it } from 'vitest';
import { english, msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { accountThrottled, MESSAGES } from '@stakedesk/shared/messages';
import { ApiError } from '../../lib/api-client.js';
import { loginRefusal } from './login-refusal.js';

/** An error answer as the server sends it: the English message with its code and params. */
const errorAnswer = (status: number, message: CodedMessage, extra: Record<string, unknown> = {}) =>
  new ApiError(status, english(message), { message: english(message), code: message.code, params: message.params, ...extra });

describe('a refused login', () => {
  it('asks for the code on 401 with twoFactorRequired, keeping what the server said', () => {
    const error = errorAnswer(401, msg('twoFactorCodeWrong'), { twoFactorRequired: true });
    expect(loginRefusal(error)).toEqual({ kind: 'codeRequired', error, passkeyRequired: false });
  });

  it('keeps the passkey options the server sent, and whether only a passkey will do', () => {
    const passkeyOptions = { challenge: 'c2lnbi1pbg', rpId: 'stake.example.com', allowCredentials: [] };
    const error = errorAnswer(401, msg('passkeyRequiredForOwners'), { twoFactorRequired: true, passkeyRequired: true, passkeyOptions });
    expect(loginRefusal(error)).toEqual({ kind: 'codeRequired', error, passkeyOptions, passkeyRequired: true });
    const paused = errorAnswer(429, accountThrottled(60), { retryAfter: 60, passkeyOptions });
    expect(loginRefusal(paused)).toEqual({ kind: 'throttled', retryAfter: 60, error: paused, passkeyOptions });
    const malformed = errorAnswer(401, msg('twoFactorCodeRequired'), { twoFactorRequired: true, passkeyOptions: 'not options' });
    expect(loginRefusal(malformed)).toEqual({ kind: 'codeRequired', error: malformed, passkeyRequired: false });
  });

  it('a plain 401 is the one wrong-credentials answer', () => {
    expect(loginRefusal(new ApiError(401, 'Invalid credentials', { message: 'Invalid credentials' }))).toEqual({ kind: 'failed' });
    expect(loginRefusal(new TypeError('Failed to fetch'))).toEqual({ kind: 'failed' });
  });

  it('tells the per-account throttle (retryAfter) from the per-IP limit', () => {
    const throttled = errorAnswer(429, accountThrottled(120), { retryAfter: 120 });
    expect(loginRefusal(throttled)).toEqual({ kind: 'throttled', retryAfter: 120, error: throttled });
    const limited = new ApiError(429, MESSAGES.tooManyLoginAttempts, { message: MESSAGES.tooManyLoginAttempts });
    expect(loginRefusal(limited)).toEqual({ kind: 'rateLimited', error: limited });
  });
});
