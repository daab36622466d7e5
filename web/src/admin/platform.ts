import { createContext, useContext } from 'react';

/**
 * What the admin panel needs from the shell it runs in: the browser at /admin, or the desktop
 * app (whose adapters go through its preload bridge). The panel itself never touches
 * localStorage, the clipboard, windows or files directly.
 */
export type AdminPlatform = {
  /** Where the API is: '' for the page's own origin, else the server's origin (desktop). */
  serverUrl: string;
  /** Keeps the admin's token between sessions. */
  tokenStore: {
    load(): Promise<string | null>;
    save(token: string): Promise<void>;
    clear(): Promise<void>;
  };
  /** Keeps a small view choice (a folded band) between sessions, on this machine only. */
  preferences: {
    read(name: string): string | null;
    write(name: string, value: string): void;
  };
  copyText(text: string): Promise<void>;
  /** Opens a block-explorer link outside the panel. */
  openExternal(url: string): void;
  /** Something an admin should see even with the panel in the background: a new withdrawal request, a security change by another admin. */
  notify(notice: { title: string; body: string }): void;
  /** How many withdrawals wait to be paid (a tray badge, the page title). */
  setPendingCount(count: number): void;
  /** Saves an export: a download in the browser, a save dialog on the desktop. */
  saveCsv(fileName: string, content: string): Promise<'saved' | 'cancelled'>;
  /**
   * Withdrawals can be paid from a browser wallet extension (Phantom, Wallet Standard) in the
   * panel. The desktop app has no wallet extensions: there the payout is pasted as a TXID.
   */
  walletPayouts: boolean;
  /**
   * Passkeys can be used: the panel's pages come from the site itself, the relying party its
   * passkeys are made for. The desktop app's pages come from the app (app://stakedesk), so no
   * passkey of the site answers there: it keeps two-factor codes.
   */
  passkeys: boolean;
};

export const PlatformContext = createContext<AdminPlatform | null>(null);

export function usePlatform(): AdminPlatform {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error('usePlatform outside the admin panel');
  return platform;
}
