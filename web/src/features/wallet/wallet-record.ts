/**
 * The connected wallet record: `{ publicKey, isConnected }` under a wallet-specific key,
 * stakedesk.wallet.{walletId}, so a reload reconnects the wallet that was used. One at a time.
 */
const PREFIX = 'stakedesk.wallet.';

export type WalletRecord = { walletId: string; publicKey: string };

const recordKeys = () => Object.keys(localStorage).filter((key) => key.startsWith(PREFIX));

export function readRecord(): WalletRecord | undefined {
  for (const key of recordKeys()) {
    try {
      const record = JSON.parse(localStorage.getItem(key) ?? 'null') as { publicKey?: unknown; isConnected?: unknown } | null;
      if (record?.isConnected && typeof record.publicKey === 'string')
        return { walletId: key.slice(PREFIX.length), publicKey: record.publicKey };
    } catch {
      // A damaged record reads as none.
    }
  }
  return undefined;
}

export function forgetRecords(): void {
  for (const key of recordKeys()) localStorage.removeItem(key);
}

export function writeRecord(walletId: string, publicKey: string): void {
  forgetRecords();
  localStorage.setItem(PREFIX + walletId, JSON.stringify({ publicKey, isConnected: true }));
}
