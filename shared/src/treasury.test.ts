import { describe, expect, it } from 'vitest';
import { coveragePercent, isCovered } from './treasury.js';

describe('coveragePercent', () => {
  it('is exact and rounds down', () => {
    expect(coveragePercent('1000', '1000')).toBe('100');
    expect(coveragePercent('999.999999', '1000')).toBe('99.99');
    expect(coveragePercent('2500.5', '1000')).toBe('250.05');
    expect(coveragePercent('1', '3')).toBe('33.33');
    expect(coveragePercent('0', '1000')).toBe('0');
  });

  it('is null when nothing is owed', () => {
    expect(coveragePercent('5', '0')).toBeNull();
  });
});

describe('isCovered', () => {
  it('compares exactly', () => {
    expect(isCovered('1000', '1000')).toBe(true);
    expect(isCovered('999.999999', '1000')).toBe(false);
  });
});
