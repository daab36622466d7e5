/**
 * Which dashboard /dashboard shows. `?wallet=<address>` asks for a read-only view of that wallet
 * (the link scan to stake gives a walletless browser); it is the connected wallet's own dashboard
 * when it names the connected wallet, and without it the page is the connected wallet's, or the
 * card that connects one. Kept free of the address check (bs58), which loads with the view.
 */
export type DashboardView = { kind: 'own' } | { kind: 'connect' } | { kind: 'wallet'; requested: string };

export const WALLET_PARAM = 'wallet';

/** `connected`: the connected wallet's address, if any; `requested`: the ?wallet= parameter as given, null without one. */
export function dashboardView(connected: string | undefined, requested: string | null): DashboardView {
  if (requested === null) return connected ? { kind: 'own' } : { kind: 'connect' };
  const wallet = requested.trim();
  if (connected && wallet === connected) return { kind: 'own' };
  return { kind: 'wallet', requested: wallet };
}

/** The dashboard's link to one wallet's records. */
export function walletDashboardPath(wallet: string): string {
  return `/dashboard?${new URLSearchParams({ [WALLET_PARAM]: wallet }).toString()}`;
}
