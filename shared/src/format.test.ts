import { shortenAddress, shortenTxId } from './shorten.js';
import { describe, expect, it } from 'vitest';
import { explorerAddressUrl, explorerTxUrl, formatAmount, formatDate, formatExact, formatDateTime } from './format.js';

describe('formatAmount', () => {
  it.each([
    ['123456789012345678', 0, '123,456,789,012,345,678'],
    ['1234.5', 8, '1,234.50000000'],
    ['1000', 0, '1,000'],
    ['999', 2, '999.00'],
    ['0', 0, '0'],
    ['1000.00000000', 0, '1,000'],
    ['0.00000001', 8, '0.00000001'],
    ['1234567.891', 2, '1,234,567.89'],
    ['-500', 0, '-500'],
    ['-1234.5', 1, '-1,234.5'],
  ] as const)('%s with %d decimals -> %s', (value, decimals, expected) => {
    expect(formatAmount(value, decimals)).toBe(expected);
  });

  it('rounds half away from zero, like Intl', () => {
    expect(formatAmount('0.125', 2)).toBe('0.13');
    expect(formatAmount('0.124', 2)).toBe('0.12');
    expect(formatAmount('999.5', 0)).toBe('1,000');
    expect(formatAmount('-0.5', 0)).toBe('-1');
    expect(formatAmount('-0.001', 2)).toBe('0.00');
  });

  it('formats numbers', () => {
    expect(formatAmount(1250000, 0)).toBe('1,250,000');
    expect(formatAmount(1234.5, 2)).toBe('1,234.50');
    expect(formatAmount(0.1 + 0.2, 2)).toBe('0.30');
  });

  it('shows unparsable input as given instead of throwing', () => {
    expect(formatAmount('abc', 2)).toBe('abc');
    expect(formatAmount(Number.NaN, 2)).toBe('NaN');
  });

  it('refuses an invalid number of decimals', () => {
    expect(() => formatAmount('1', -1)).toThrow(RangeError);
  });
});

describe('in Brazilian Portuguese', () => {
  it('groups with dots and writes the decimals after a comma', () => {
    expect(formatAmount('1000', 0, 'pt-BR')).toBe('1.000');
    expect(formatAmount('1234567.891', 2, 'pt-BR')).toBe('1.234.567,89');
    expect(formatAmount('-1234.5', 8, 'pt-BR')).toBe('-1.234,50000000');
    expect(formatExact('1250000.5', 'pt-BR')).toBe('1.250.000,5');
  });

  it('writes day/month/year and a 24-hour clock', () => {
    expect(formatDateTime('2026-12-25T20:18:00Z', 'UTC', 'pt-BR')).toBe('25/12/2026 20:18');
    expect(formatDateTime('2026-01-02T00:07:00Z', 'UTC', 'pt-BR')).toBe('02/01/2026 00:07');
    expect(formatDateTime('2026-11-23T14:05:00Z', 'America/Sao_Paulo', 'pt-BR')).toBe('23/11/2026 11:05');
    expect(formatDate('2026-01-02T00:07:00Z', 'UTC', 'pt-BR')).toBe('02/01/2026');
  });

  it('leaves English in US format', () => {
    expect(formatAmount('1000', 0, 'en')).toBe('1,000');
    expect(formatDateTime('2026-12-25T20:18:00Z', 'UTC', 'en')).toBe('12/25/2026, 8:18 PM');
    expect(formatDate('2026-12-25T20:18:00Z', 'UTC', 'en')).toBe('12/25/2026');
  });
});

describe('formatDateTime', () => {
  it('uses US format with a 12-hour clock', () => {
    expect(formatDateTime('2026-11-23T14:05:00Z', 'UTC')).toBe('11/23/2026, 2:05 PM');
    expect(formatDateTime(new Date('2026-01-02T00:07:00Z'), 'UTC')).toBe('1/2/2026, 12:07 AM');
  });

  it('honours the time zone', () => {
    expect(formatDateTime('2026-11-23T14:05:00Z', 'America/New_York')).toBe('11/23/2026, 9:05 AM');
  });

  it('shows an unparsable date as given', () => {
    expect(formatDateTime('soon', 'UTC')).toBe('soon');
    expect(formatDateTime(new Date(Number.NaN), 'UTC')).toBe('');
  });
});

describe('shortenAddress', () => {
  it('keeps strings of 8 characters or fewer', () => {
    expect(shortenAddress('abcdefgh')).toBe('abcdefgh');
    expect(shortenAddress('')).toBe('');
  });

  it('keeps the first 4 and last 4 of longer strings', () => {
    expect(shortenAddress('abcdefghi')).toBe('abcd...fghi');
    expect(shortenAddress('So11111111111111111111111111111111111111112')).toBe('So11...1112');
  });
});

describe('shortenTxId', () => {
  it('keeps 16 characters or fewer', () => {
    expect(shortenTxId('0123456789abcdef')).toBe('0123456789abcdef');
  });

  it('keeps the first 8 and last 8 of longer ids', () => {
    expect(shortenTxId('0123456789abcdefg')).toBe('01234567...9abcdefg');
  });
});

describe('explorer URLs', () => {
  const sig = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

  it('has no cluster parameter on mainnet-beta', () => {
    expect(explorerTxUrl(sig, 'mainnet-beta')).toBe(`https://explorer.solana.com/tx/${sig}`);
  });

  it('names devnet and testnet', () => {
    expect(explorerTxUrl(sig, 'devnet')).toBe(`https://explorer.solana.com/tx/${sig}?cluster=devnet`);
    expect(explorerTxUrl(sig, 'testnet')).toBe(`https://explorer.solana.com/tx/${sig}?cluster=testnet`);
    expect(explorerAddressUrl('So11111111111111111111111111111111111111112', 'devnet')).toBe(
      'https://explorer.solana.com/address/So11111111111111111111111111111111111111112?cluster=devnet',
    );
  });

  it('encodes the id so it cannot change the path or query', () => {
    expect(explorerTxUrl('../a?b=c#d', 'mainnet-beta')).toBe('https://explorer.solana.com/tx/..%2Fa%3Fb%3Dc%23d');
  });
});

describe('formatExact', () => {
  it('keeps every decimal a value carries and groups the whole part', () => {
    expect(formatExact('0.5')).toBe('0.5');
    expect(formatExact('1250000.00000001')).toBe('1,250,000.00000001');
    expect(formatExact('100')).toBe('100');
  });
});
