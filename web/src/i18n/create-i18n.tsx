import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { initialLanguage, storeLanguage, type Language } from './language.js';

export type Translate<K extends string> = (key: K, values?: Record<string, string | number>) => string;
export type I18n<K extends string> = { language: Language; setLanguage: (l: Language) => Promise<void>; t: Translate<K> };

/**
 * A message catalogue: English ships with the code that uses it, Portuguese loads when chosen.
 * `{name}` in a message is replaced by values.name. English may come in parts: `english` with the
 * first page, the rest through `extendEnglish` by the lazily loaded code that uses it (a key whose
 * part has not loaded shows as itself).
 */
export function createI18n<K extends string>(english: Partial<Record<K, string>>, loadPortuguese: () => Promise<Record<K, string>>) {
  const englishParts: Partial<Record<K, string>> = { ...english };
  const loaded: Partial<Record<Language, Partial<Record<K, string>>>> = { en: englishParts };

  async function load(language: Language): Promise<void> {
    if (!loaded[language]) loaded[language] = await loadPortuguese();
  }

  const Context = createContext<I18n<K> | null>(null);

  /** Expects the initial language's catalogue to be loaded already (call `load` before rendering). */
  function Provider({ children }: { children: ReactNode }) {
    const [language, setLanguageState] = useState<Language>(initialLanguage);
    const setLanguage = useCallback(async (next: Language) => {
      await load(next);
      storeLanguage(next);
      setLanguageState(next);
    }, []);
    const t = useCallback<Translate<K>>(
      (key, values) =>
        ((loaded[language] ?? englishParts)[key] ?? key).replace(/\{(\w+)\}/g, (match, name: string) => String(values?.[name] ?? match)),
      [language],
    );
    const value = useMemo(() => ({ language, setLanguage, t }), [language, setLanguage, t]);
    document.documentElement.lang = language;
    return <Context.Provider value={value}>{children}</Context.Provider>;
  }

  function useI18n(): I18n<K> {
    const context = useContext(Context);
    if (!context) throw new Error('useI18n outside its Provider');
    return context;
  }

  /** Adds a part of the English catalogue (i18n-pages.ts: the lazily loaded screens' strings). */
  function extendEnglish(part: Partial<Record<K, string>>): void {
    Object.assign(englishParts, part);
  }

  return { load, Provider, useI18n, extendEnglish };
}
