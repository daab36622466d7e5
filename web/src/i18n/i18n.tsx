import { createI18n, type Translate as TranslateOf } from './create-i18n.js';
import { en, type MessageKey } from './en.js';

/** The holder pages' catalogue. */
const holder = createI18n<MessageKey>(en, async () => (await import('./pt-BR.js')).ptBR);

export const loadCatalogue = holder.load;
export const I18nProvider = holder.Provider;
export const useI18n = holder.useI18n;
export type Translate = TranslateOf<MessageKey>;
