export type Language = 'en' | 'pt-BR';
export const LANGUAGES: Language[] = ['en', 'pt-BR'];
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'pt-BR': 'Português' };
/** One choice for the whole site: the holder pages and the admin panel read and write it. */
const STORAGE_KEY = 'stakedesk.language';

/** The stored choice, else the browser's language (any Portuguese reads pt-BR), else English. */
export function initialLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored === 'en' || stored === 'pt-BR') return stored;
  return navigator.languages?.some((l) => l.toLowerCase().startsWith('pt')) ? 'pt-BR' : 'en';
}

export function storeLanguage(language: Language): void {
  localStorage.setItem(STORAGE_KEY, language);
}
