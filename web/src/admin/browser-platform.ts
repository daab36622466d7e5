import { ADMIN_TOKEN_STORAGE_KEY } from '@stakedesk/shared/constants';
import type { AdminPlatform } from './platform.js';

/** The admin panel's services in a browser tab at /admin (the token in localStorage 'admin_token'). */
export function browserPlatform(): AdminPlatform {
  return {
    serverUrl: '',
    tokenStore: {
      load: async () => localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY),
      save: async (token) => localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, token),
      clear: async () => localStorage.removeItem(ADMIN_TOKEN_STORAGE_KEY),
    },
    preferences: {
      read: (name) => localStorage.getItem(`admin_pref_${name}`),
      write: (name, value) => localStorage.setItem(`admin_pref_${name}`, value),
    },
    copyText: (text) => navigator.clipboard.writeText(text),
    openExternal: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
    // A browser tab has no tray: the panel's own notice and its page title ("(2) Admin Panel") do it.
    notify: () => undefined,
    setPendingCount: () => undefined,
    async saveCsv(fileName, content) {
      const url = URL.createObjectURL(new Blob([content], { type: 'text/csv;charset=utf-8' }));
      const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1_000);
      return 'saved';
    },
    walletPayouts: true,
    passkeys: true,
  };
}
