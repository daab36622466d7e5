import { describe, expect, it } from 'vitest';
import { english, formatMessage, MESSAGE_CODES, msg, parameterNames, type Catalogue } from './catalogue.js';
import { en } from './en.js';
import { ptBR } from './pt-BR.js';
import { adminLoginSchema } from '../schemas.js';
import { validateCoded } from '../validate.js';

const catalogues: Record<string, Catalogue> = { en, 'pt-BR': ptBR };
const sorted = (names: string[]) => [...new Set(names)].sort();

describe('message catalogues', () => {
  it.each(Object.entries(catalogues))('%s has a text for every code, with the English parameters, and nothing else', (_, catalogue) => {
    expect(Object.keys(catalogue).sort()).toEqual([...MESSAGE_CODES].sort());
    for (const code of MESSAGE_CODES) {
      const text = catalogue[code];
      expect(text.trim(), code).not.toBe('');
      expect(sorted(parameterNames(text)), code).toEqual(sorted(parameterNames(en[code])));
    }
  });

  it('gives every code its own English text, so a code says which message it is', () => {
    const texts = MESSAGE_CODES.filter((code) => parameterNames(en[code]).length === 0).map((code) => en[code]);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('fills parameters, translating a parameter that is itself a message', () => {
    const refusal = msg('roleRequired', { role: msg('roleOperator') });
    expect(english(refusal)).toBe('This needs the operator role');
    expect(formatMessage(ptBR, refusal)).toBe('Isto exige o papel de operador');
    expect(formatMessage(ptBR, msg('minimumStake', { min: '100', symbol: 'STK' }))).toBe('O stake mínimo é 100 STK.');
  });

  it('leaves a missing parameter visible and an unknown code as the code', () => {
    expect(formatMessage(en, { code: 'minimumStake', params: { min: '5' } })).toBe('Minimum stake amount is 5 {symbol}.');
    expect(formatMessage(en, { code: 'constructor' as never })).toBe('constructor');
  });

  it("names the field in the reader's language too: a field message is coded down to its label", () => {
    const result = validateCoded(adminLoginSchema, { username: 'x'.repeat(51), password: 'p' });
    expect(result.ok).toBe(false);
    const tooLong = result.ok ? undefined : result.errors.username;
    expect(tooLong).toEqual({ code: 'tooLong', params: { label: { code: 'fieldUsername' }, max: 50 } });
    expect(english(tooLong!)).toBe('Username must be at most 50 characters');
    expect(formatMessage(ptBR, tooLong!)).toBe('Usuário deve ter no máximo 50 caracteres');
  });
});
