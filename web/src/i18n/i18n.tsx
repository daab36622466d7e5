import { useCallback } from 'react';
import { createI18n, type Translate as TranslateOf } from './create-i18n.js';
import { en, type MessageKey } from './en.js';
import type { ServerMessageKey } from './server-catalogue.js';

/**
 * The holder pages' catalogue. Portuguese brings the server's messages by code with it; English
 * needs none: a server error's `message` is its English catalogue text already, and the landing
 * page stays small without the catalogue.
 */
let portuguese: typeof import('./pt-BR.js') | undefined;
const holder = createI18n<MessageKey>(en, async () => (portuguese = await import('./pt-BR.js')).ptBR);

export const loadCatalogue = holder.load;
export const I18nProvider = holder.Provider;
export const useI18n = holder.useI18n;
export type Translate = TranslateOf<MessageKey>;

/** Shows an error in the reader's language: a server error by its code, anything else as its own text. */
export function useLocalizeError(): (error: unknown) => string {
  const { language, t } = useI18n();
  return useCallback(
    (error: unknown) =>
      language !== 'en' && portuguese
        ? portuguese.localizeError(t as unknown as TranslateOf<ServerMessageKey>, error)
        : error instanceof Error
          ? error.message
          : String(error),
    [language, t],
  );
}
