import { describe, expect, it } from 'vitest';
import { adminFormat } from '../format.js';
import { coverageText } from './coverage-text.js';

describe('coverageText', () => {
  it('shows a percentage up to 999%, and ">999%" beyond', () => {
    const en = adminFormat('en');
    expect(coverageText(en, '75.56')).toBe('75.56%');
    expect(coverageText(en, '999')).toBe('999%');
    expect(coverageText(en, '999.01')).toBe('>999%');
    expect(coverageText(en, '8571.9')).toBe('>999%');
  });

  it('writes the percentage as Portuguese does: a decimal comma', () => {
    const pt = adminFormat('pt-BR');
    expect(coverageText(pt, '75.56')).toBe('75,56%');
    expect(coverageText(pt, '8571.9')).toBe('>999%');
  });
});
