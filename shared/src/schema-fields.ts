/**
 * Field builders for the request schemas. yup's own coercion is removed from every field (it turns
 * 12 into "12", [5] into 5, "0x10" into 16 and can throw on odd objects) and replaced with explicit,
 * documented conversions; every type error has a readable message.
 */

import { array, boolean, mixed, number, object, string, ValidationError } from 'yup';
import type { AnyObject, ObjectShape, Schema } from 'yup';
import { MAX_EMAIL_LENGTH } from './constants.js';
import { compareDecimal, isDecimalString, isWholeNumberString, normalizeDecimal, numberToDecimalString } from './decimal.js';
import { checkLogoDataUrl } from './logo.js';
import { msg, type CodedMessage } from './i18n/catalogue.js';
import { isSolanaAddress, isTransactionSignature } from './solana.js';
import { isPasskeyResponseJson, type PasskeyResponseJson } from './passkeys.js';

/** Stands in for a value of the wrong type so that the field's typeError reports it. */
const WRONG_TYPE = Symbol('wrong type');
const MAX_UNKNOWN_FIELDS_REPORTED = 20;
const CANONICAL_INTEGER = /^-?(?:0|[1-9]\d*)$/;
const NEGATIVE_DECIMAL = /^-(?:0|[1-9]\d*)(?:\.\d+)?$/;
/** Longer decimal input is judged without BigInt work (which grows with the length). */
const MAX_DECIMAL_INPUT_LENGTH = 100;

function withoutCoercion<S extends Schema>(schema: S): S {
  const next = schema.clone();
  next.transforms = [];
  return next;
}

/**
 * An object that refuses unknown keys: one 'Unknown field: x' error per key, at that key's path.
 * Unknown keys are dropped before yup casts the object: yup looks every key up in a plain object
 * of fields, so "constructor" or "__proto__" would otherwise crash it or set a prototype. The check
 * reads the raw input, so it still sees every key the client sent.
 */
export function strictObject<S extends ObjectShape>(shape: S, typeErrorMessage: CodedMessage = msg('requestBodyMustBeObject')) {
  return object(shape)
    .transform((value: unknown, _raw, schema) => keepKnownKeys(value, schema.fields))
    .typeError(typeErrorMessage)
    .nonNullable(typeErrorMessage)
    .test({
      name: 'no-unknown-fields',
      test(_value, context) {
        const raw: unknown = context.originalValue;
        if (raw === null || typeof raw !== 'object') return true;
        const known = (context.schema as { fields: AnyObject }).fields;
        const unknownKeys = Object.keys(raw).filter((key) => !Object.hasOwn(known, key));
        if (unknownKeys.length === 0) return true;
        return new ValidationError(
          unknownKeys.slice(0, MAX_UNKNOWN_FIELDS_REPORTED).map((key) =>
            // A message function, so that a key like "${value}" is not interpolated by yup.
            context.createError({ path: context.path ? `${context.path}.${key}` : key, message: () => msg('unknownField', { name: key }) }),
          ),
        );
      },
    });
}

/**
 * An object that keeps the fields it knows and drops the rest without a word: for a body another
 * protocol defines and may extend (a Solana Actions client's POST), where the spec says to allow them.
 */
export function openObject<S extends ObjectShape>(shape: S, typeErrorMessage: CodedMessage = msg('requestBodyMustBeObject')) {
  return object(shape)
    .transform((value: unknown, _raw, schema) => keepKnownKeys(value, schema.fields))
    .typeError(typeErrorMessage)
    .nonNullable(typeErrorMessage);
}

export function nestedObject<S extends ObjectShape>(shape: S, label: CodedMessage) {
  return strictObject(shape, msg('mustBeObject', { label }));
}

/** PostgreSQL text cannot hold U+0000; refusing it here keeps it from becoming a database error. */
const hasNoNul = (value: string | null | undefined) => value == null || !value.includes('\u0000');

/** Trimmed text; null reads as ''. */
export function text(label: CodedMessage, max: number) {
  return withoutCoercion(string())
    .transform((_value, raw: unknown) => (typeof raw === 'string' ? raw.trim() : raw === null ? '' : wrongType(raw)))
    .typeError(msg('mustBeText', { label }))
    .max(max, msg('tooLong', { label, max: max }))
    .test('no-nul', msg('noNul', { label }), hasNoNul);
}

export function requiredText(label: CodedMessage, max: number, requiredMessage: CodedMessage) {
  return text(label, max).required(requiredMessage);
}

/** Optional text where '' and null both mean "none" and come out as null. */
export function nullableText(label: CodedMessage, max: number) {
  return text(label, max)
    .nullable()
    .transform((value: unknown) => (value === '' ? null : value));
}

/** Text kept exactly as sent (not trimmed: spaces can belong to a password), at most maxBytes of UTF-8. */
export function exactText(label: CodedMessage, maxBytes: number) {
  return withoutCoercion(string())
    .transform((_value, raw: unknown) => (typeof raw === 'string' ? raw : raw === null ? '' : wrongType(raw)))
    .typeError(msg('mustBeText', { label }))
    .test('max-bytes', msg('tooManyBytes', { label, max: maxBytes }), (value) => value == null || utf8Length(value, maxBytes) <= maxBytes)
    .test('no-nul', msg('noNul', { label }), hasNoNul);
}

export function email(label: CodedMessage, invalidMessage: CodedMessage = msg('mustBeEmail', { label })) {
  return text(label, MAX_EMAIL_LENGTH).email(invalidMessage);
}

/** '' or an http(s) URL (https only when httpsOnly). */
export function url(label: CodedMessage, max: number, { httpsOnly }: { httpsOnly: boolean }) {
  const message = httpsOnly ? msg('mustBeHttpsUrl', { label }) : msg('mustBeUrl', { label });
  return text(label, max).test('url', message, (value) => !value || isWebUrl(value, httpsOnly));
}

export function solanaAddress(requiredMessage: CodedMessage, invalidMessage: CodedMessage) {
  return withoutCoercion(string())
    .transform((_value, raw: unknown) => (typeof raw === 'string' ? raw.trim() : raw == null ? undefined : wrongType(raw)))
    .typeError(invalidMessage)
    .required(requiredMessage)
    .test('solana-address', invalidMessage, (value) => value == null || isSolanaAddress(value));
}

export function transactionSignature(invalidMessage: CodedMessage) {
  return withoutCoercion(string())
    .transform((_value, raw: unknown) => (typeof raw === 'string' ? raw.trim() : raw == null ? undefined : wrongType(raw)))
    .typeError(invalidMessage)
    .test('transaction-signature', invalidMessage, (value) => !value || isTransactionSignature(value));
}

/**
 * A passkey's answer (WebAuthn JSON, as @simplewebauthn/browser gives it), kept as sent once its
 * shape and size are right: the server's WebAuthn library checks everything it says.
 */
export function passkeyResponse(label: CodedMessage) {
  const message = msg('passkeyResponseInvalid', { label });
  return mixed<PasskeyResponseJson>((value): value is PasskeyResponseJson => isPasskeyResponseJson(value))
    .transform((_value, raw: unknown) => (raw == null ? undefined : raw))
    .typeError(message)
    .nonNullable(message);
}

export function booleanField(label: CodedMessage) {
  const message = msg('mustBeBoolean', { label });
  return withoutCoercion(boolean())
    .transform((_value, raw: unknown) => (typeof raw === 'boolean' ? raw : raw == null ? undefined : wrongType(raw)))
    .typeError(message)
    .nonNullable(message);
}

/** One of fixed strings; '' and null read as absent so that a default can apply. */
export function choice<const T extends string>(values: readonly T[], message: CodedMessage) {
  return withoutCoercion(string())
    .transform((_value, raw: unknown) => {
      if (raw == null) return undefined;
      if (typeof raw !== 'string') return wrongType(raw);
      const trimmed = raw.trim();
      return trimmed === '' ? undefined : trimmed;
    })
    .typeError(message)
    .nonNullable(message)
    .oneOf(values, message);
}

export type IntegerRules = { min: number; max: number; message?: CodedMessage };

/**
 * An integer from a JSON number or a canonical decimal string (path and query params arrive as
 * strings): "12" -> 12; "12abc", "1.5", "1e3", "0x10", "+1", "012" are refused; '' and null read as absent.
 */
export function integer(label: CodedMessage, { min, max, message }: IntegerRules) {
  const typeMessage = message ?? msg('mustBeInteger', { label });
  return withoutCoercion(number())
    .transform((_value, raw: unknown) => toIntegerInput(raw))
    .typeError(typeMessage)
    .nonNullable(typeMessage)
    .integer(typeMessage)
    .min(min, message ?? msg('mustBeAtLeast', { label, min: min }))
    .max(max, message ?? msg('mustBeAtMost', { label, max: max }));
}

/** A JSON array of distinct integers (ids), 1 to `max` of them; `itemMessage` for an item that is not one. */
export function integerList(
  label: CodedMessage,
  item: ReturnType<typeof integer>,
  {
    max,
    requiredMessage,
    repeatedMessage,
    itemMessage,
  }: { max: number; requiredMessage: CodedMessage; repeatedMessage: CodedMessage; itemMessage: CodedMessage },
) {
  return withoutCoercion(array().of(item.required(itemMessage)))
    .transform((_value, raw: unknown) => (Array.isArray(raw) ? raw : wrongType(raw)))
    .typeError(msg('mustBeList', { label }))
    .nonNullable(msg('mustBeList', { label }))
    .required(requiredMessage)
    .min(1, requiredMessage)
    .max(max, msg('tooManyItems', { label, max: max }))
    .test('distinct', repeatedMessage, (values) => !values || new Set(values).size === values.length);
}

/** A non-empty list of distinct values, each one of `values`. */
export function choiceList<const T extends string>(
  label: CodedMessage,
  values: readonly T[],
  { requiredMessage, itemMessage }: { requiredMessage: CodedMessage; itemMessage: CodedMessage },
) {
  return withoutCoercion(array().of(choice(values, itemMessage).required(itemMessage)))
    .transform((_value, raw: unknown) => (Array.isArray(raw) ? raw : raw == null ? undefined : wrongType(raw)))
    .typeError(msg('mustBeList', { label }))
    .required(requiredMessage)
    .min(1, requiredMessage)
    .max(values.length, msg('tooManyItems', { label, max: values.length }))
    .test('distinct', msg('listRepeats', { label }), (list) => !list || new Set(list).size === list.length);
}

export type DecimalRules = {
  maxDecimals: number;
  maxIntegerDigits?: number;
  /** Exclusive lower bound (value must be greater). */
  above?: string;
  /** Inclusive lower bound. */
  atLeast?: string;
  /** Inclusive upper bound. */
  atMost?: string;
  /** Exclusive upper bound (value must be less), with its own message. */
  below?: { value: string; message: CodedMessage };
};

/**
 * A non-negative decimal from a string or a JSON number, returned in canonical string form
 * ("12.50" -> "12.5", 12.5 -> "12.5", 1e-7 -> "0.0000001"); '' and null read as absent.
 */
export function decimal(label: CodedMessage, rules: DecimalRules) {
  return withoutCoercion(string())
    .transform((_value, raw: unknown) => toDecimalInput(raw))
    .typeError(msg('mustBeNumber', { label }))
    .nonNullable(msg('mustBeNumber', { label }))
    .test('decimal', '', function (value) {
      const problem = value == null ? undefined : decimalProblem(label, value, rules);
      return problem === undefined || this.createError({ message: problem });
    });
}

/**
 * A decimal as `decimal` reads it, or '' for "none" (a setting that may be switched off): '' and
 * null read as '' here, not as absent; an absent field stays absent (keep the stored value).
 */
export function decimalOrNone(label: CodedMessage, rules: DecimalRules) {
  return withoutCoercion(string())
    .transform((_value, raw: unknown) => (raw === null || (typeof raw === 'string' && raw.trim() === '') ? '' : toDecimalInput(raw)))
    .typeError(msg('mustBeNumber', { label }))
    .test('decimal', '', function (value) {
      const problem = value == null || value === '' ? undefined : decimalProblem(label, value, rules);
      return problem === undefined || this.createError({ message: problem });
    });
}

export type WholeNumberRules = {
  notWholeMessage: CodedMessage;
  maxDigits: number;
  tooManyDigitsMessage: CodedMessage;
  /** Also what a negative number is told: it is below the minimum, whether or not it is whole. */
  min: { value: bigint; message: CodedMessage };
};

/** Why a whole-number field's value breaks its rules, or undefined (absent values break none). */
function wholeNumberProblem(value: string | null | undefined, rules: WholeNumberRules): CodedMessage | undefined {
  if (value == null) return undefined;
  if (NEGATIVE_DECIMAL.test(value)) return rules.min.message;
  if (!isWholeNumberString(value)) return rules.notWholeMessage;
  if (value.length > rules.maxDigits) return rules.tooManyDigitsMessage;
  if (BigInt(value) < rules.min.value) return rules.min.message;
  return undefined;
}

/** A whole number as a string, from a string or a safe JSON integer (1000 -> "1000"); '' and null read as absent. */
export function wholeNumber(rules: WholeNumberRules) {
  return withoutCoercion(string())
    .transform((_value, raw: unknown) => toWholeNumberInput(raw))
    .typeError(rules.notWholeMessage)
    .nonNullable(rules.notWholeMessage)
    .test('whole-number', '', function (value) {
      const problem = wholeNumberProblem(value, rules);
      return problem === undefined || this.createError({ message: problem });
    });
}

/** A whole number that may be cleared: absent stays undefined (keep), null or '' is null (none). */
export function nullableWholeNumber(rules: WholeNumberRules) {
  return withoutCoercion(string())
    .transform((_value, raw: unknown) => (raw === null || (typeof raw === 'string' && raw.trim() === '') ? null : toWholeNumberInput(raw)))
    .nullable()
    .typeError(rules.notWholeMessage)
    .test('whole-number', '', function (value) {
      const problem = wholeNumberProblem(value, rules);
      return problem === undefined || this.createError({ message: problem });
    });
}

/** A PNG/JPEG/WebP/GIF data URL within LOGO_MAX_BYTES; '' and null mean "no logo" and come out as null. */
export function logoDataUrl(label: CodedMessage) {
  return withoutCoercion(string())
    .transform((_value, raw: unknown) => {
      if (raw === undefined) return undefined;
      if (raw === null) return null;
      if (typeof raw !== 'string') return wrongType(raw);
      const trimmed = raw.trim();
      return trimmed === '' ? null : trimmed;
    })
    .nullable()
    .typeError(msg('mustBeText', { label }))
    .test('logo', '', function (value) {
      if (value == null) return true;
      const check = checkLogoDataUrl(value);
      return check.ok || this.createError({ message: check.message });
    });
}

function keepKnownKeys(value: unknown, known: AnyObject): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  if (keys.every((key) => Object.hasOwn(known, key))) return value;
  return Object.fromEntries(keys.filter((key) => Object.hasOwn(known, key)).map((key) => [key, (value as AnyObject)[key]]));
}

function wrongType(raw: unknown): unknown {
  return raw === undefined ? undefined : WRONG_TYPE;
}

function toIntegerInput(raw: unknown): unknown {
  if (typeof raw === 'number') return raw;
  if (raw == null) return undefined;
  if (typeof raw !== 'string') return Number.NaN;
  const trimmed = raw.trim();
  if (trimmed === '') return undefined;
  return CANONICAL_INTEGER.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function toDecimalInput(raw: unknown): unknown {
  if (typeof raw === 'number') return Number.isFinite(raw) ? numberToDecimalString(raw) : WRONG_TYPE;
  if (raw == null) return undefined;
  if (typeof raw !== 'string') return WRONG_TYPE;
  const trimmed = raw.trim();
  if (trimmed === '') return undefined;
  const canonical = trimmed.length <= MAX_DECIMAL_INPUT_LENGTH && isDecimalString(trimmed, Number.POSITIVE_INFINITY);
  return canonical ? normalizeDecimal(trimmed) : trimmed;
}

function toWholeNumberInput(raw: unknown): unknown {
  if (typeof raw === 'number') {
    if (Number.isSafeInteger(raw)) return String(raw);
    return Number.isFinite(raw) ? numberToDecimalString(raw) : WRONG_TYPE;
  }
  if (raw == null) return undefined;
  if (typeof raw !== 'string') return WRONG_TYPE;
  const trimmed = raw.trim();
  return trimmed === '' ? undefined : trimmed;
}

function decimalProblem(label: CodedMessage, value: string, rules: DecimalRules): CodedMessage | undefined {
  if (NEGATIVE_DECIMAL.test(value)) {
    return rules.above !== undefined
      ? msg('mustBeGreaterThan', { label, min: rules.above })
      : msg('mustBeAtLeast', { label, min: rules.atLeast ?? '0' });
  }
  if (!isDecimalString(value, Number.POSITIVE_INFINITY)) return msg('mustBeNumber', { label });
  if (!isDecimalString(value, rules.maxDecimals)) return msg('tooManyDecimals', { label, decimals: rules.maxDecimals });
  if (value.length > MAX_DECIMAL_INPUT_LENGTH) {
    // Few decimals and no leading zeros: the integer part alone is enormous.
    if (rules.atMost !== undefined) return msg('mustBeAtMost', { label, max: rules.atMost });
    if (rules.below !== undefined) return rules.below.message;
    if (rules.maxIntegerDigits !== undefined) return msg('tooManyDigits', { label, digits: rules.maxIntegerDigits });
  }
  const integerDigits = value.split('.')[0]?.length ?? 0;
  if (rules.maxIntegerDigits !== undefined && integerDigits > rules.maxIntegerDigits) {
    return msg('tooManyDigits', { label, digits: rules.maxIntegerDigits });
  }
  if (rules.above !== undefined && compareDecimal(value, rules.above) <= 0) return msg('mustBeGreaterThan', { label, min: rules.above });
  if (rules.atLeast !== undefined && compareDecimal(value, rules.atLeast) < 0) return msg('mustBeAtLeast', { label, min: rules.atLeast });
  if (rules.atMost !== undefined && compareDecimal(value, rules.atMost) > 0) return msg('mustBeAtMost', { label, max: rules.atMost });
  if (rules.below !== undefined && compareDecimal(value, rules.below.value) >= 0) return rules.below.message;
  return undefined;
}

function isWebUrl(value: string, httpsOnly: boolean): boolean {
  if (!(httpsOnly ? /^https:\/\//i : /^https?:\/\//i).test(value) || /\s/.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

/** UTF-8 length, stopping early once it is known to exceed `limit` (each UTF-16 unit is at least 1 byte). */
function utf8Length(value: string, limit: number): number {
  if (value.length > limit) return value.length;
  return new TextEncoder().encode(value).length;
}
