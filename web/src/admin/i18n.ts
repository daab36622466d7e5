import { MESSAGES, roleRequiredMessage } from '@stakedesk/shared/messages';
import { ADMIN_ROLES } from '@stakedesk/shared/roles';
import { useCallback } from 'react';
import { createI18n } from '../i18n/create-i18n.js';
import { adminEn, type AdminMessageKey } from '../i18n/admin-en.js';

/** The admin panel's catalogue: English with the panel, pt-BR loaded when chosen. */
export const adminI18n = createI18n<AdminMessageKey>(adminEn, async () => (await import('../i18n/admin-pt-BR.js')).adminPtBR);
export const useAdminI18n = adminI18n.useI18n;

const SERVER_MESSAGE_KEYS = new Map<string, string>([
  ...Object.entries(MESSAGES).map(([key, text]): [string, string] => [text, `server.${key}`]),
  // A role refusal (403 with requiredRole) names the role: one sentence per role in the catalogue.
  ...ADMIN_ROLES.map((role): [string, string] => [roleRequiredMessage(role), `role.required.${role}`]),
]);

/**
 * The server and the shared schemas speak English (MESSAGES); a message the catalogue also has
 * under `server.<key>` is shown in the reader's language.
 */
export function useLocalizeMessage(): (message: string) => string {
  const { t } = useAdminI18n();
  return useCallback(
    (message: string) => {
      const key = SERVER_MESSAGE_KEYS.get(message);
      return key && key in adminEn ? t(key as AdminMessageKey) : message;
    },
    [t],
  );
}
