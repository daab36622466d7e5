import { createI18n, type Translate as TranslateOf } from './create-i18n.js';
import { en, type MessageKey } from './en.js';

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

/** The Portuguese module once loaded (it carries the server's messages by code). */
export const portugueseModule = () => portuguese;

// Showing an error in words lives in localize-error.ts: the landing page loads it only when it has one.
