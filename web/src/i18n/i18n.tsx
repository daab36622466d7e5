import { createI18n, type I18n, type Translate as TranslateOf } from './create-i18n.js';
import { en, type CoreKey, type MessageKey } from './en.js';

/**
 * The holder pages' catalogue. Portuguese brings the server's messages by code with it; English
 * needs none: a server error's `message` is its English catalogue text already, and the landing
 * page stays small without the catalogue.
 */
let portuguese: typeof import('./pt-BR.js') | undefined;
const holder = createI18n<MessageKey>(en, async () => (portuguese = await import('./pt-BR.js')).ptBR);

export const loadCatalogue = holder.load;
export const I18nProvider = holder.Provider;
/** The strings every page has (en.ts); a lazily loaded screen uses i18n-pages.ts's, which brings the rest. */
export const useI18n: () => I18n<CoreKey> = holder.useI18n;
export type Translate = TranslateOf<CoreKey>;
export const extendEnglish = holder.extendEnglish;
/** Every key: for i18n-pages.ts alone, which loads the rest of English first. */
export const useEveryKey = holder.useI18n;

/** The Portuguese module once loaded (it carries the server's messages by code). */
export const portugueseModule = () => portuguese;

// Showing an error in words lives in localize-error.ts: the landing page loads it only when it has one.
