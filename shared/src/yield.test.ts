import { describe, expect, it } from 'vitest';
import { simpleAnnualRate } from './yield.js';

describe('simpleAnnualRate', () => {
  it.each([
    ['5', 30, '60.8'],
    ['10', 60, '60.8'],
    ['20', 90, '81.1'],
    ['12.5', 365, '12.5'],
    ['1', 730, '0.5'],
    ['0', 30, '0.0'],
    ['50', 1, '18250.0'],
    ['0.01', 3650, '0.0'],
  ] as const)('%s%% for %d days is %s%% a year, simple', (rate, days, expected) => {
    expect(simpleAnnualRate(rate, days)).toBe(expected);
  });

  it('rounds half up to one decimal', () => {
    // 3 x 365 / 20 = 54.75
    expect(simpleAnnualRate('3', 20)).toBe('54.8');
    // 1 x 365 / 100 = 3.65
    expect(simpleAnnualRate('1', 100)).toBe('3.7');
  });

  it('refuses a period that is not a positive whole number of days, or a negative rate', () => {
    expect(() => simpleAnnualRate('5', 0)).toThrow(RangeError);
    expect(() => simpleAnnualRate('5', 1.5)).toThrow(RangeError);
    expect(() => simpleAnnualRate('-5', 30)).toThrow(RangeError);
  });
});
