import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { en, type MessageKey } from './en.js';
import { ptBR } from './pt-BR.js';

export type Language = 'en' | 'pt-BR';
export const LANGUAGES: Language[] = ['en', 'pt-BR'];
const CATALOGUES: Record<Language, Record<MessageKey, string>> = { en, 'pt-BR': ptBR };
const STORAGE_KEY = 'stakedesk.language';

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** The stored choice, else the browser's language (any Portuguese reads pt-BR), else English. */
function initialLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored === 'en' || stored === 'pt-BR') return stored;
  return navigator.languages?.some((l) => l.toLowerCase().startsWith('pt')) ? 'pt-BR' : 'en';
}

const I18nContext = createContext<{ language: Language; setLanguage: (l: Language) => void; t: Translate } | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(initialLanguage);
  const setLanguage = useCallback((next: Language) => {
    localStorage.setItem(STORAGE_KEY, next);
    document.documentElement.lang = next;
    setLanguageState(next);
  }, []);
  const t = useCallback<Translate>(
    (key, values) => CATALOGUES[language][key].replace(/\{(\w+)\}/g, (match, name: string) => String(values?.[name] ?? match)),
    [language],
  );
  const value = useMemo(() => ({ language, setLanguage, t }), [language, setLanguage, t]);
  document.documentElement.lang = language;
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n() {
  const context = useContext(I18nContext);
  if (!context) throw new Error('useI18n outside I18nProvider');
  return context;
}
