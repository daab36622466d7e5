import { formatExact, type DisplayLocale } from '../format.js';
import { en } from './en.js';

/** A stable name for one message: what API clients and the catalogues key on. */
export type MessageCode = keyof typeof en;

/** Every code, from the one source (the English catalogue). */
export const MESSAGE_CODES = Object.keys(en) as MessageCode[];

/** A catalogue of one language: a text for every code, with the same `{parameters}` as the English one. */
export type Catalogue = Readonly<Record<MessageCode, string>>;

/** An amount of the staked token in whole tokens (a decimal string), written in the reader's number format with its symbol. */
export type TokenAmount = { readonly tokens: string; readonly symbol: string };

export const tokenAmount = (tokens: string, symbol: string): TokenAmount => ({ tokens, symbol });

export function isTokenAmount(value: unknown): value is TokenAmount {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as TokenAmount).tokens === 'string' &&
    typeof (value as TokenAmount).symbol === 'string'
  );
}

/** "10,000 SDT" in English, "10.000 SDT" in Portuguese. */
export const formatTokenAmount = ({ tokens, symbol }: TokenAmount, locale: DisplayLocale): string =>
  `${formatExact(tokens, locale)} ${symbol}`.trim();

/**
 * A parameter is a value, a message of its own (a reason inside a refusal), shown in the reader's
 * language too, or an amount of tokens, in the reader's number format.
 */
export type MessageParam = string | number | CodedMessage | TokenAmount;
export type MessageParams = Readonly<Record<string, MessageParam>>;

/** What the server sends beside its English text, and what the clients translate. */
export type CodedMessage = {
  readonly code: MessageCode;
  readonly params?: MessageParams;
};

type ParamNames<T extends string> = T extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
type ParamsOf<C extends MessageCode> = [ParamNames<(typeof en)[C]>] extends [never]
  ? []
  : [Record<ParamNames<(typeof en)[C]>, MessageParam>];

/** A message by code; the compiler asks for exactly the parameters its English text names. */
export function msg<C extends MessageCode>(code: C, ...params: ParamsOf<C>): CodedMessage {
  return params[0] === undefined ? { code } : { code, params: params[0] };
}

export function isCodedMessage(value: unknown): value is CodedMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'string' &&
    Object.hasOwn(en, (value as { code: string }).code)
  );
}

const PARAMETER = /\{(\w+)\}/g;

/** The `{parameters}` a text names, in order of appearance. */
export function parameterNames(template: string): string[] {
  return [...template.matchAll(PARAMETER)].map((match) => match[1]!);
}

/** The message in one language; a parameter that is itself a message is shown in that language too. */
export function formatMessage(catalogue: Catalogue, message: CodedMessage, locale: DisplayLocale = 'en'): string {
  const template = Object.hasOwn(catalogue, message.code) ? catalogue[message.code] : undefined;
  if (typeof template !== 'string') return String(message.code);
  const params = message.params ?? {};
  return template.replace(PARAMETER, (whole, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    if (value === undefined) return whole;
    if (isTokenAmount(value)) return formatTokenAmount(value, locale);
    return typeof value === 'object' ? formatMessage(catalogue, value, locale) : String(value);
  });
}

/** The English text, as the server sends it in `message`. */
export const english = (message: CodedMessage): string => formatMessage(en, message);
