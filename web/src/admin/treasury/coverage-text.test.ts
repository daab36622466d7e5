import { describe, expect, it } from 'vitest';
import { coverageText } from './coverage-text.js';

describe('coverageText', () => {
  it('shows a percentage up to 999%, and ">999%" beyond', () => {
    expect(coverageText('75.56')).toBe('75.56%');
    expect(coverageText('999')).toBe('999%');
    expect(coverageText('999.01')).toBe('>999%');
    expect(coverageText('8571.9')).toBe('>999%');
  });
});
