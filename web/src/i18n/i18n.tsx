import { useCallback } from 'react';
import { createI18n, type Translate as TranslateOf } from './create-i18n.js';
import { en, type MessageKey } from './en.js';
import { localizeError } from './server-messages.js';

/** The holder pages' catalogue. */
const holder = createI18n<MessageKey>(en, async () => (await import('./pt-BR.js')).ptBR);

export const loadCatalogue = holder.load;
export const I18nProvider = holder.Provider;
export const useI18n = holder.useI18n;
export type Translate = TranslateOf<MessageKey>;

/** Shows an error in the reader's language: a server error by its code, anything else as its own text. */
export function useLocalizeError(): (error: unknown) => string {
  const { t } = useI18n();
  return useCallback((error: unknown) => localizeError(t, error), [t]);
}
