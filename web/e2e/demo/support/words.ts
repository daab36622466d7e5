import { enPages } from '../../../src/i18n/en-pages.js';
import { en, type MessageKey } from '../../../src/i18n/en.js';
import { ptBR } from '../../../src/i18n/pt-BR.js';

export type Language = 'en' | 'pt-BR';

/** The holder site's words in a language, from its own catalogues: the test reads the screens as a holder of that language does. */
export function wordsOf(language: Language) {
  const catalogue: Record<MessageKey, string> = language === 'en' ? { ...en, ...enPages } : ptBR;
  return (key: MessageKey, values: Record<string, string | number> = {}) =>
    catalogue[key].replace(/\{(\w+)\}/g, (match, name: string) => String(values[name] ?? match));
}
