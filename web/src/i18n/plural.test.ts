import { describe, expect, it } from 'vitest';
import { en, type CoreKey } from './en.js';
import { ptBR } from './pt-BR.js';
import { daysText, holdersText } from './plural.js';

const translate = (catalogue: Record<CoreKey, string>) => (key: CoreKey, values?: Record<string, string | number>) =>
  catalogue[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name]));

describe('daysText', () => {
  it('says "1 day" and "2 days" in English', () => {
    expect(daysText(translate(en), 'en', 1)).toBe('1 day');
    expect(daysText(translate(en), 'en', 2)).toBe('2 days');
    expect(daysText(translate(en), 'en', 365)).toBe('365 days');
  });

  it('says "1 dia" and "2 dias" in Portuguese', () => {
    expect(daysText(translate(ptBR), 'pt-BR', 1)).toBe('1 dia');
    expect(daysText(translate(ptBR), 'pt-BR', 2)).toBe('2 dias');
  });
});

describe('holdersText', () => {
  it('counts holders in each language', () => {
    expect(holdersText(translate(en), 'en', '1', 1)).toBe('1 holder');
    expect(holdersText(translate(en), 'en', '1,250', 1250)).toBe('1,250 holders');
    expect(holdersText(translate(ptBR), 'pt-BR', '1', 1)).toBe('1 participante');
    expect(holdersText(translate(ptBR), 'pt-BR', '1.250', 1250)).toBe('1.250 participantes');
  });
});
