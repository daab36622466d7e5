import { useCallback } from 'react';
import { useAdminI18n, useLocalizeMessage } from '../../i18n.js';
import { PasskeyNotUsed } from './webauthn.js';

/** Says why a passkey step failed: the browser's side in the panel's words, the server's by its code. */
export function usePasskeyFailure(): (error: unknown) => string {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  return useCallback((error: unknown) => (error instanceof PasskeyNotUsed ? t(error.reason) : localize(error)), [t, localize]);
}
