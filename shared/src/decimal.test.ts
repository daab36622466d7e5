import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareDecimal,
  isDecimalString,
  isWholeNumberString,
  normalizeDecimal,
  numberToDecimalString,
  sumDecimals,
  toScaled,
} from './decimal.js';

describe('isDecimalString', () => {
  it.each(['0', '12', '12.5', '0.00000001', '100.00', '0.5'])('accepts %s', (value) => {
    expect(isDecimalString(value, 8)).toBe(true);
  });

  it.each(['', '1.', '.5', '007', '00.5', '-1', '+1', '1e3', ' 1', '1 ', '1,5', 'NaN', '0x10', '1.2.3', '١'])('refuses %j', (value) => {
    expect(isDecimalString(value, 8)).toBe(false);
  });

  it('counts fraction digits against maxDecimals', () => {
    expect(isDecimalString('1.25', 2)).toBe(true);
    expect(isDecimalString('1.255', 2)).toBe(false);
    expect(isDecimalString('1.5', 0)).toBe(false);
    expect(isDecimalString('15', 0)).toBe(true);
  });
});

describe('isWholeNumberString', () => {
  it.each(['0', '1', '123', '123456789012345678901234567890'])('accepts %s', (value) => {
    expect(isWholeNumberString(value)).toBe(true);
  });

  it.each(['', '01', '-1', '+1', '1.0', '1.', '1e3', ' 1', 'one'])('refuses %j', (value) => {
    expect(isWholeNumberString(value)).toBe(false);
  });
});

describe('normalizeDecimal', () => {
  it.each([
    ['100.00000000', '100'],
    ['12.50', '12.5'],
    ['0.0', '0'],
    ['0.00000001', '0.00000001'],
    ['007', '7'],
    ['1.', '1'],
    ['-0.50', '-0.5'],
    ['-0.00', '0'],
    ['123456789012345678.000', '123456789012345678'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeDecimal(input)).toBe(expected);
  });

  it.each(['', 'abc', '1e5', 'NaN', 'Infinity', '.5', '+1', '1.2.3'])('throws on %j', (value) => {
    expect(() => normalizeDecimal(value)).toThrow(RangeError);
  });

  it('is idempotent and keeps the value', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.nat({ max: 12 }), fc.nat({ max: 5 }), (units, scale, extraZeros) => {
        const digits = units.toString().padStart(scale + 1, '0');
        const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}${'0'.repeat(extraZeros)}` : digits;
        const normalized = normalizeDecimal(text);
        expect(normalizeDecimal(normalized)).toBe(normalized);
        expect(compareDecimal(normalized, text)).toBe(0);
        expect(normalized).not.toMatch(/\.\d*0$|\.$/);
      }),
    );
  });
});

describe('compareDecimal', () => {
  it.each([
    ['1', '2', -1],
    ['2', '1', 1],
    ['1.50', '1.5', 0],
    ['0.1', '0.09', 1],
    ['999999999999999999.99', '1000000000000000000', -1],
    ['-1', '0', -1],
  ] as const)('%s vs %s', (a, b, expected) => {
    expect(compareDecimal(a, b)).toBe(expected);
  });

  it('agrees with BigInt on scaled values', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.bigInt({ min: 0n, max: 10n ** 20n }), (a, b) => {
        const left = `${a / 1000n}.${(a % 1000n).toString().padStart(3, '0')}`;
        const right = `${b / 100000n}.${(b % 100000n).toString().padStart(5, '0')}`;
        const x = a * 100n;
        const y = b;
        expect(compareDecimal(left, right)).toBe(x < y ? -1 : x > y ? 1 : 0);
      }),
    );
  });
});

describe('sumDecimals', () => {
  it('adds exactly across scales, and is 0 for nothing', () => {
    expect(sumDecimals(['15881', '0.000001', '10074.50'])).toBe('25955.500001');
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimals([])).toBe('0');
  });
});

describe('toScaled', () => {
  it('scales exactly', () => {
    expect(toScaled('12.5', 2)).toBe(1250n);
    expect(toScaled('1000.00000000', 0)).toBe(1000n);
    expect(toScaled('0.00000001', 8)).toBe(1n);
  });

  it('refuses to drop non-zero digits', () => {
    expect(() => toScaled('1.005', 2)).toThrow(RangeError);
  });
});

describe('numberToDecimalString', () => {
  it.each([
    [12.5, '12.5'],
    [1000, '1000'],
    [1e-7, '0.0000001'],
    [1.5e-7, '0.00000015'],
    [1e21, '1000000000000000000000'],
    [1.25e22, '12500000000000000000000'],
    [-2.5e-8, '-0.000000025'],
    [0, '0'],
    [-0, '0'],
  ])('%d -> %s', (input, expected) => {
    expect(numberToDecimalString(input)).toBe(expected);
  });

  it('round-trips every finite double', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(Number(numberToDecimalString(value))).toBe(value === 0 ? 0 : value);
      }),
    );
  });

  it('throws on NaN and Infinity', () => {
    expect(() => numberToDecimalString(Number.NaN)).toThrow(RangeError);
    expect(() => numberToDecimalString(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
