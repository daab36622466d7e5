import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { en, type MessageKey } from './en.js';

export type Language = 'en' | 'pt-BR';
export const LANGUAGES: Language[] = ['en', 'pt-BR'];
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'pt-BR': 'Português' };
type Catalogue = Record<MessageKey, string>;
const STORAGE_KEY = 'stakedesk.language';

// English ships with the app; other catalogues load when chosen.
const loaded: Partial<Record<Language, Catalogue>> = { en };

export async function loadCatalogue(language: Language): Promise<void> {
  if (!loaded[language]) loaded[language] = (await import('./pt-BR.js')).ptBR;
}

/** The stored choice, else the browser's language (any Portuguese reads pt-BR), else English. */
export function initialLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored === 'en' || stored === 'pt-BR') return stored;
  return navigator.languages?.some((l) => l.toLowerCase().startsWith('pt')) ? 'pt-BR' : 'en';
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

const I18nContext = createContext<{ language: Language; setLanguage: (l: Language) => Promise<void>; t: Translate } | null>(null);

/** Expects the initial language's catalogue to be loaded already (main.tsx does it before rendering). */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(initialLanguage);
  const setLanguage = useCallback(async (next: Language) => {
    await loadCatalogue(next);
    localStorage.setItem(STORAGE_KEY, next);
    setLanguageState(next);
  }, []);
  const t = useCallback<Translate>(
    (key, values) => (loaded[language] ?? en)[key].replace(/\{(\w+)\}/g, (match, name: string) => String(values?.[name] ?? match)),
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
