import type { I18n, Translate as TranslateOf } from './create-i18n.js';
import { enPages } from './en-pages.js';
import type { MessageKey } from './en.js';
import { extendEnglish, useEveryKey } from './i18n.js';

// Loaded with the first lazily loaded screen that imports this module, before it renders.
extendEnglish(enPages);

/** The holder catalogue with every key: for the dashboard, the dialogs and the other lazily loaded screens. */
export const useI18n: () => I18n<MessageKey> = useEveryKey;
export type Translate = TranslateOf<MessageKey>;
