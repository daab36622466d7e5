import { useMemo } from 'react';
import { formatAmount, formatDate, formatDateTime, formatExact } from '@stakedesk/shared/format';
import { useI18n } from './i18n.js';

/**
 * shared/format's helpers in the reader's language: "1,000" and "12/25/2026, 8:18 PM" in English
 * (SPEC's US formats), "1.000" and "25/12/2026 20:18" in Portuguese. Holder pages format figures
 * through this only.
 */
export function useFormat() {
  const { language } = useI18n();
  return useMemo(
    () => ({
      amount: (value: string | number, decimals: number) => formatAmount(value, decimals, language),
      exact: (value: string) => formatExact(value, language),
      /** A whole number of tokens with its symbol: "1,000 SDT". */
      tokens: (value: string | number, symbol: string) => `${formatAmount(value, 0, language)} ${symbol}`.trim(),
      percent: (rate: string) => `${formatExact(rate, language)}%`,
      dateTime: (value: Date | string) => formatDateTime(value, undefined, language),
      date: (value: Date | string) => formatDate(value, undefined, language),
    }),
    [language],
  );
}

export type Format = ReturnType<typeof useFormat>;
