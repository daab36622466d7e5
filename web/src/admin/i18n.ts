import { useCallback } from 'react';
import { createI18n } from '../i18n/create-i18n.js';
import { adminEn, type AdminMessageKey } from '../i18n/admin-en.js';
import { readableError } from './readable-error.js';

/** The admin panel's catalogue: English with the panel, pt-BR loaded when chosen. */
export const adminI18n = createI18n<AdminMessageKey>(adminEn, async () => (await import('../i18n/admin-pt-BR.js')).adminPtBR);
export const useAdminI18n = adminI18n.useI18n;

/**
 * Shows an error, or a coded message (msg()), in the reader's language: a server error by its code
 * (`server.<code>` in the catalogue); anything else as a plain sentence, never a status code, JSON
 * or a stack (readableError).
 */
export function useLocalizeMessage(): (source: unknown) => string {
  const { t, language } = useAdminI18n();
  return useCallback((source: unknown) => readableError(t, source, language), [t, language]);
}
