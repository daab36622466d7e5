/** Exact decimal strings on BigInt. Money never passes through a JS float. */

const STRICT_DECIMAL = /^(?:0|[1-9]\d*)(?:\.(\d+))?$/;
const WHOLE_NUMBER = /^(?:0|[1-9]\d*)$/;
// Looser form read from storage: PostgreSQL NUMERIC text ("100.00000000", "-0.50") and plain input.
const LOOSE_DECIMAL = /^(-)?(\d+)(?:\.(\d*))?$/;

/** A decimal as an integer count of 10^-scale units: value = units / 10^scale. */
export type ScaledDecimal = { units: bigint; scale: number };

/** Plain non-negative decimal ("12", "12.5", "0.00000001") with at most maxDecimals fraction digits. */
export function isDecimalString(value: string, maxDecimals: number): boolean {
  if (typeof value !== 'string') return false;
  const match = STRICT_DECIMAL.exec(value);
  if (!match) return false;
  return (match[1]?.length ?? 0) <= maxDecimals;
}

/** "0", "123": no sign, no point, no leading zeros. */
export function isWholeNumberString(value: string): boolean {
  return typeof value === 'string' && WHOLE_NUMBER.test(value);
}

/** Parses a decimal string (strict or PostgreSQL NUMERIC form); throws RangeError on anything else. */
export function parseDecimal(value: string): ScaledDecimal {
  const match = typeof value === 'string' ? LOOSE_DECIMAL.exec(value) : null;
  if (!match) throw new RangeError(`Not a decimal number: ${describe(value)}`);
  const [, sign, integerDigits = '', fractionDigits = ''] = match;
  const magnitude = BigInt(integerDigits + fractionDigits);
  return { units: sign ? -magnitude : magnitude, scale: fractionDigits.length };
}

/** value x 10^scale, exactly; throws if value has more than `scale` fraction digits that are not zero. */
export function toScaled(value: string, scale: number): bigint {
  return rescale(parseDecimal(value), scale);
}

/** Canonical text: no leading zeros, no trailing fraction zeros, no trailing point ("12.50" -> "12.5"). */
export function normalizeDecimal(value: string): string {
  return formatScaled(parseDecimal(value));
}

export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const left = parseDecimal(a);
  const right = parseDecimal(b);
  const scale = Math.max(left.scale, right.scale);
  const x = rescale(left, scale);
  const y = rescale(right, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The exact sum of decimal strings, in canonical text ("0" for none). */
export function sumDecimals(values: readonly string[]): string {
  const parsed = values.map(parseDecimal);
  const scale = Math.max(0, ...parsed.map((value) => value.scale));
  return formatScaled({ units: parsed.reduce((sum, value) => sum + rescale(value, scale), 0n), scale });
}

/** Canonical decimal text of a scaled value. */
export function formatScaled({ units, scale }: ScaledDecimal): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const integerPart = digits.slice(0, digits.length - scale);
  const fractionPart = digits.slice(digits.length - scale).replace(/0+$/, '');
  const text = fractionPart ? `${integerPart}.${fractionPart}` : integerPart;
  return negative && text !== '0' ? `-${text}` : text;
}

/**
 * Exact decimal text of a finite JS number, as it would be typed: the shortest round-trip form, with
 * exponent notation expanded (1e-7 -> "0.0000001", 1e21 -> "1000000000000000000000").
 */
export function numberToDecimalString(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${String(value)}`);
  const text = String(value);
  const exponentAt = text.indexOf('e');
  if (exponentAt === -1) return text;
  const negative = text.startsWith('-');
  const mantissa = text.slice(negative ? 1 : 0, exponentAt);
  const exponent = Number(text.slice(exponentAt + 1));
  const pointAt = mantissa.indexOf('.');
  const digits = mantissa.replace('.', '');
  const integerLength = (pointAt === -1 ? mantissa.length : pointAt) + exponent;
  let expanded: string;
  if (integerLength <= 0) expanded = `0.${'0'.repeat(-integerLength)}${digits}`;
  else if (integerLength >= digits.length) expanded = digits + '0'.repeat(integerLength - digits.length);
  else expanded = `${digits.slice(0, integerLength)}.${digits.slice(integerLength)}`;
  return normalizeDecimal(negative ? `-${expanded}` : expanded);
}

function rescale({ units, scale }: ScaledDecimal, targetScale: number): bigint {
  if (targetScale >= scale) return units * 10n ** BigInt(targetScale - scale);
  const divisor = 10n ** BigInt(scale - targetScale);
  if (units % divisor !== 0n) {
    throw new RangeError(`${formatScaled({ units, scale })} has more than ${targetScale} decimal places`);
  }
  return units / divisor;
}

function describe(value: unknown): string {
  if (typeof value !== 'string') return `a value of type ${typeof value}`;
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
}
