import { useMemo } from 'react';
import { numberToDecimalString } from '@stakedesk/shared/decimal';
import { formatDateTime, formatExact, type DisplayLocale } from '@stakedesk/shared/format';
import { useAdminI18n } from './i18n.js';

/**
 * Every figure and date the panel shows, written as its reader's language writes them: "1,003,325"
 * and "12/5/2026, 3:20 AM" in English (SPEC's US formats), "1.003.325" and "05/12/2026 03:20" in
 * Portuguese. The panel formats through this alone (the lint refuses shared/format's helpers and
 * toLocaleString elsewhere in web/src/admin), so no screen stays American in Portuguese.
 */
export function adminFormat(language: DisplayLocale) {
  const exact = (value: string) => formatExact(value, language);
  return {
    /** A decimal string with the digits it carries, grouped: "1,250,000.5". */
    exact,
    /** An amount of tokens with the token's symbol (none when the token is not the configured one): "1,000 SDT". */
    tokens: (value: string, symbol: string) => `${exact(value)} ${symbol}`.trim(),
    /** A count or a plain figure (days, hours), grouped: "1,003,325", "12.5". */
    count: (value: number) => exact(numberToDecimalString(value)),
    /** A rate given as a decimal string of percent: "12.5%". */
    percent: (value: string) => `${exact(value)}%`,
    dateTime: (value: Date | string) => formatDateTime(value, undefined, language),
  };
}

export type AdminFormat = ReturnType<typeof adminFormat>;

/** The panel's formatter in the language the panel shows now. */
export function useAdminFormat(): AdminFormat {
  const { language } = useAdminI18n();
  return useMemo(() => adminFormat(language), [language]);
}
