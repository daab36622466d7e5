import { useCallback } from 'react';
import { english, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { useI18n } from '../../i18n/i18n-pages.js';
import { useLocalizeError } from '../../i18n/localize-error.js';

/** Why a check did not pass, in the reader's language: the shared catalogue's text for its code, with its values. */
export function useSayReason(): (reason: CodedMessage) => string {
  const { language } = useI18n();
  const localizeError = useLocalizeError();
  return useCallback((reason: CodedMessage) => (language === 'en' ? english(reason) : localizeError(reason)), [language, localizeError]);
}
