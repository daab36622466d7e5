import { describe, expect, it } from 'vitest';
import { accountThrottledMessage, MESSAGES } from '@stakedesk/shared/messages';
import { adminEn, type AdminMessageKey } from '../../i18n/admin-en.js';
import { adminPtBR } from '../../i18n/admin-pt-BR.js';
import { ApiError } from '../../lib/api-client.js';
import { loginRefusal, throttledText } from './login-refusal.js';

const translate = (catalogue: Record<AdminMessageKey, string>) => (key: AdminMessageKey, values?: Record<string, string | number>) =>
  catalogue[key].replace(/\{(\w+)\}/g, (match, name: string) => String(values?.[name] ?? match));

describe('a refused login', () => {
  it('asks for the code on 401 with twoFactorRequired, keeping what the server said', () => {
    const error = new ApiError(401, MESSAGES.twoFactorCodeWrong, { message: MESSAGES.twoFactorCodeWrong, twoFactorRequired: true });
    expect(loginRefusal(error)).toEqual({ kind: 'codeRequired', message: MESSAGES.twoFactorCodeWrong });
  });

  it('a plain 401 is the one wrong-credentials answer', () => {
    expect(loginRefusal(new ApiError(401, 'Invalid credentials', { message: 'Invalid credentials' }))).toEqual({ kind: 'failed' });
    expect(loginRefusal(new TypeError('Failed to fetch'))).toEqual({ kind: 'failed' });
  });

  it('tells the per-account throttle (retryAfter) from the per-IP limit', () => {
    expect(
      loginRefusal(new ApiError(429, accountThrottledMessage(120), { message: accountThrottledMessage(120), retryAfter: 120 })),
    ).toEqual({ kind: 'throttled', retryAfter: 120 });
    expect(loginRefusal(new ApiError(429, MESSAGES.tooManyLoginAttempts, { message: MESSAGES.tooManyLoginAttempts }))).toEqual({
      kind: 'rateLimited',
      message: MESSAGES.tooManyLoginAttempts,
    });
  });

  it.each([1, 30, 59, 60, 61, 120, 900])('in English, says when to retry exactly as the server does (%i s)', (seconds) => {
    expect(throttledText(translate(adminEn), seconds)).toBe(accountThrottledMessage(seconds));
  });

  it('in Portuguese too, with the same rounding', () => {
    expect(throttledText(translate(adminPtBR), 45)).toBe(
      'Muitas tentativas de login falharam para esta conta. Tente novamente em 45 segundos.',
    );
    expect(throttledText(translate(adminPtBR), 61)).toBe(
      'Muitas tentativas de login falharam para esta conta. Tente novamente em 2 minutos.',
    );
  });
});
