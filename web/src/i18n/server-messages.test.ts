import { describe, expect, it } from 'vitest';
import { english, msg, tokenAmount, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { accountThrottled, roleRequired } from '@stakedesk/shared/messages';
import { ApiError } from '../lib/api-client.js';
import { adminEn, type AdminMessageKey } from './admin-en.js';
import { adminPtBR } from './admin-pt-BR.js';
import type { MessageKey } from './en.js';
import { ptBR } from './pt-BR.js';
import type { ServerMessageKey } from './server-catalogue.js';
import { fieldMessagesOf, translateServerError } from './server-messages.js';

const translate =
  <K extends string>(catalogue: Record<K, string>) =>
  (key: K, values?: Record<string, string | number>) =>
    catalogue[key].replace(/\{(\w+)\}/g, (match, name: string) => String(values?.[name] ?? match));

/** An error answer as the server sends it (server/src/http/errors.ts errorBody). */
const answer = (status: number, message: CodedMessage, body: Record<string, unknown> = {}) =>
  new ApiError(status, english(message), { message: english(message), code: message.code, params: message.params, ...body });

describe('server errors in the clients', () => {
  it("are shown in the panel's language by code", () => {
    const throttled = answer(429, accountThrottled(45), { retryAfter: 45 });
    expect(translateServerError(translate<AdminMessageKey>(adminEn), throttled)).toBe(english(accountThrottled(45)));
    expect(translateServerError(translate<AdminMessageKey>(adminPtBR), throttled)).toBe(
      'Muitas tentativas de login falharam para esta conta. Tente novamente em 45 segundos.',
    );
    expect(translateServerError(translate<AdminMessageKey>(adminPtBR), answer(429, accountThrottled(61)))).toBe(
      'Muitas tentativas de login falharam para esta conta. Tente novamente em 2 minutos.',
    );
    expect(translateServerError(translate<AdminMessageKey>(adminPtBR), answer(403, roleRequired('owner')))).toBe(
      'Isto exige o papel de proprietário',
    );
  });

  it("write amounts of tokens in the reader's number format, with the symbol", () => {
    const low = msg('autoPayoutHotLow', { balance: tokenAmount('10000', 'SDT'), minimum: tokenAmount('1000000.5', 'SDT') });
    expect(english(low)).toBe('The hot wallet holds 10,000 SDT, below the minimum of 1,000,000.5 SDT');
    expect(translateServerError(translate<AdminMessageKey>(adminEn), low)).toBe(
      'The hot wallet holds 10,000 SDT, below the minimum of 1,000,000.5 SDT',
    );
    expect(translateServerError(translate<AdminMessageKey>(adminPtBR), low, 'pt-BR')).toMatch(/10\.000 SDT.*1\.000\.000,5 SDT/);
  });

  it("are shown in the holder app's language by code, parameters and all", () => {
    const belowMinimum = answer(400, msg('minimumStake', { min: '100', symbol: 'SDT' }));
    // In English the holder app shows the answer's own message, which is the English catalogue's text.
    expect(belowMinimum.message).toBe('Minimum stake amount is 100 SDT.');
    expect(translateServerError(translate<MessageKey | ServerMessageKey>(ptBR), belowMinimum)).toBe('O stake mínimo é 100 SDT.');
  });

  it("fall back to the server's English when the code is unknown here, whatever the text says", () => {
    const newer = new ApiError(409, 'Staking plan not found', { message: 'Staking plan not found', code: 'someNewerCode' });
    expect(translateServerError(translate<MessageKey | ServerMessageKey>(ptBR), newer)).toBe('Staking plan not found');
    const uncoded = new ApiError(404, 'Staking plan not found', { message: 'Staking plan not found' });
    expect(translateServerError(translate<MessageKey | ServerMessageKey>(ptBR), uncoded)).toBe('Staking plan not found');
  });

  it('give field messages by code, or as sent when a field has none', () => {
    const error = new ApiError(400, 'Some fields are invalid', {
      message: 'Some fields are invalid',
      errors: { name: 'Plan name is required', other: 'Something' },
      errorCodes: { name: { code: 'planNameRequired' } },
    });
    expect(fieldMessagesOf(error)).toEqual({ name: { code: 'planNameRequired' }, other: 'Something' });
  });
});
