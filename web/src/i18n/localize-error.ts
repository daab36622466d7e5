import { useCallback } from 'react';
import type { Translate as TranslateOf } from './create-i18n.js';
import { portugueseModule } from './i18n.js';
import { useI18n, type Translate } from './i18n-pages.js';
import type { Language } from './language.js';
import type { ServerMessageKey } from './server-catalogue.js';
import { errorWords } from '../lib/errors/error-words.js';
import { TransferError } from '../lib/solana/transfer-errors.js';

type ServerTranslate = TranslateOf<ServerMessageKey>;

/**
 * An error in the reader's language, and in words: a transfer's refusal by its code, a server
 * error by its code (its English message in English), a plain sentence as it is; a status line,
 * JSON or a stack never, but what kind of failure it was (network, service, other). The one place
 * holder pages turn an error into text.
 */
export function localizeError(language: Language, t: Translate, error: unknown): string {
  const portuguese = language === 'en' ? undefined : portugueseModule();
  if (error instanceof TransferError) return t(`transfer.${error.code}`, { detail: transferDetail(error, t) });
  if (portuguese && isCoded(error)) return portuguese.translateServerError(t as unknown as ServerTranslate, error, language);
  const words = errorWords(error);
  if (words.kind !== 'message') return t(`error.${words.kind}`);
  const translated =
    portuguese && words.code ? portuguese.translateCode(t as unknown as ServerTranslate, words.code, words.params, language) : undefined;
  return translated ?? words.text;
}

export function useLocalizeError(): (error: unknown) => string {
  const { language, t } = useI18n();
  return useCallback((error: unknown) => localizeError(language, t, error), [language, t]);
}

/** A coded message given as such (not an error): the Portuguese catalogue knows its code. */
const isCoded = (value: unknown) => typeof value === 'object' && value !== null && !(value instanceof Error) && 'code' in value;

/** The cause inside a transfer's refusal, in words: what the chain said, or the wallet's own sentence. */
function transferDetail(error: TransferError, t: Translate): string {
  if (error.code === 'failedOnChain') return t(/"Custom":1\b/.test(error.detail) ? 'chain.insufficientFunds' : 'chain.refused');
  if (error.code !== 'transferFailed') return error.detail;
  const words = errorWords(error.detail);
  return words.kind === 'message' ? words.text : t(`error.${words.kind}`);
}
