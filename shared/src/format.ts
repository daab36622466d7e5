/**
 * Display formatting, in the reader's language: English keeps SPEC's US formats ("1,000.50",
 * "12/25/2026, 8:18 PM"), Brazilian Portuguese writes "1.000,50" and "25/12/2026 20:18". Display
 * helpers never throw on bad data: an unparsable amount or date is shown as given.
 */

import { numberToDecimalString, parseDecimal } from './decimal.js';
import type { ScaledDecimal } from './decimal.js';

export const SOLANA_CLUSTERS = ['mainnet-beta', 'devnet', 'testnet'] as const;
export type SolanaCluster = (typeof SOLANA_CLUSTERS)[number];

const EXPLORER_URL = 'https://explorer.solana.com';

/** The languages figures are written in (the apps' languages). */
export type DisplayLocale = 'en' | 'pt-BR';

const SEPARATORS: Record<DisplayLocale, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  'pt-BR': { group: '.', decimal: ',' },
};

/**
 * Grouped, with exactly `decimals` fraction digits, rounding half away from zero like Intl. Exact
 * for any decimal string ("123456789012345678" keeps every digit).
 */
export function formatAmount(value: string | number, decimals: number, locale: DisplayLocale = 'en'): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 100) {
    throw new RangeError(`Invalid number of decimals: ${decimals}`);
  }
  const parsed = parseAmount(value);
  if (!parsed) return String(value);
  const negative = parsed.units < 0n;
  const magnitude = negative ? -parsed.units : parsed.units;
  const rounded = roundToScale(magnitude, parsed.scale, decimals);
  const digits = rounded.toString().padStart(decimals + 1, '0');
  const { group, decimal } = SEPARATORS[locale];
  const integerPart = groupThousands(digits.slice(0, digits.length - decimals), group);
  const fractionPart = digits.slice(digits.length - decimals);
  const body = decimals > 0 ? `${integerPart}${decimal}${fractionPart}` : integerPart;
  return negative && rounded !== 0n ? `-${body}` : body;
}

/** A decimal string with exactly the decimals it carries, grouped: "1250000.5" reads "1,250,000.5". */
export function formatExact(value: string, locale: DisplayLocale = 'en'): string {
  return formatAmount(value, value.split('.')[1]?.length ?? 0, locale);
}

/** English: US format, 12-hour clock, "11/23/2026, 2:05 PM". Portuguese: "23/11/2026 14:05". */
export function formatDateTime(value: Date | string, timeZone?: string, locale: DisplayLocale = 'en'): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '';
  if (locale === 'pt-BR') {
    const parts = Object.fromEntries(
      dateTimeFormatter(locale, timeZone)
        .formatToParts(date)
        .map((part) => [part.type, part.value]),
    );
    return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
  }
  // ICU 72+ puts a narrow no-break space before AM/PM; a plain space reads the same and compares predictably.
  return dateTimeFormatter(locale, timeZone)
    .format(date)
    .replace(/[\u202f\u00a0]/g, ' ');
}

/** The date alone, as formatDateTime writes it: "11/23/2026" in English, "23/11/2026" in Portuguese. */
export function formatDate(value: Date | string, timeZone?: string, locale: DisplayLocale = 'en'): string {
  return formatDateTime(value, timeZone, locale).split(locale === 'en' ? ', ' : ' ')[0]!;
}

export function explorerTxUrl(txId: string, cluster: SolanaCluster): string {
  return `${EXPLORER_URL}/tx/${encodeURIComponent(txId)}${clusterQuery(cluster)}`;
}

export function explorerAddressUrl(address: string, cluster: SolanaCluster): string {
  return `${EXPLORER_URL}/address/${encodeURIComponent(address)}${clusterQuery(cluster)}`;
}

function clusterQuery(cluster: SolanaCluster): string {
  return cluster === 'mainnet-beta' ? '' : `?cluster=${encodeURIComponent(cluster)}`;
}

function parseAmount(value: string | number): ScaledDecimal | undefined {
  try {
    if (typeof value === 'number') return parseDecimal(numberToDecimalString(value));
    return typeof value === 'string' ? parseDecimal(value.trim()) : undefined;
  } catch {
    return undefined;
  }
}

function roundToScale(units: bigint, scale: number, targetScale: number): bigint {
  if (targetScale >= scale) return units * 10n ** BigInt(targetScale - scale);
  const divisor = 10n ** BigInt(scale - targetScale);
  const quotient = units / divisor;
  return (units % divisor) * 2n >= divisor ? quotient + 1n : quotient;
}

function groupThousands(digits: string, separator: string): string {
  let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `${separator}${digits.slice(i, i + 3)}`;
  return grouped;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormatter(locale: DisplayLocale, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(
      locale === 'en' ? 'en-US' : locale,
      locale === 'en'
        ? {
            year: 'numeric',
            month: 'numeric',
            day: 'numeric',
            hour: 'numeric',
            minute: '2-digit',
            hour12: true,
            ...(timeZone ? { timeZone } : {}),
          }
        : {
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            hourCycle: 'h23',
            ...(timeZone ? { timeZone } : {}),
          },
    );
    formatters.set(key, formatter);
  }
  return formatter;
}
