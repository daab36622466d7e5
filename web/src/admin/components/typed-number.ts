import type { DisplayLocale } from '@stakedesk/shared/format';

const PT_GROUPED = /^-?\d{1,3}(\.\d{3})+(,\d*)?$/;
const PT_DECIMAL_COMMA = /^-?\d*,\d*$/;
const DOT_DECIMAL = /^-?\d*\.\d*$/;

/**
 * What a number box's text means in the panel's language, as the shared schema reads numbers (a dot
 * for the decimal point, no grouping). Portuguese writes "1.500,25": dots group thousands and the
 * comma is the decimal point, so "2,5" is 2.5 and "1.500" is 1500. Any other text goes as typed, and
 * the schema says what is wrong with it ("2.5" is still 2.5; "abc" is not a number).
 */
export function fromTyped(text: string, language: DisplayLocale): string {
  if (language !== 'pt-BR') return text;
  const trimmed = text.trim();
  if (PT_GROUPED.test(trimmed)) return trimmed.replace(/\./g, '').replace(',', '.');
  if (PT_DECIMAL_COMMA.test(trimmed)) return trimmed.replace(',', '.');
  return text;
}

/** A stored number as a box shows it in the panel's language: "2.5" reads "2,5" in Portuguese. */
export function toShown(value: string, language: DisplayLocale): string {
  return language === 'pt-BR' && DOT_DECIMAL.test(value) ? value.replace('.', ',') : value;
}
