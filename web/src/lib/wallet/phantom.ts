/** The part of Phantom's injected provider (window.phantom.solana) the app uses. */
export type PhantomPublicKey = { toString(): string; toBase58(): string };

export type PhantomProvider = {
  isPhantom?: boolean;
  isConnected?: boolean;
  publicKey: PhantomPublicKey | null;
  connect(options?: { onlyIfTrusted?: boolean }): Promise<{ publicKey: PhantomPublicKey }>;
  disconnect(): Promise<void>;
  signMessage(message: Uint8Array, display?: 'utf8'): Promise<{ signature: Uint8Array }>;
  signAndSendTransaction(transaction: unknown): Promise<{ signature?: string } | undefined>;
  /** Signs without sending (the admin panel hands a payout's signed copy to the server, which sends it). */
  signTransaction?(
    transaction: unknown,
  ): Promise<{ serialize(config?: { requireAllSignatures?: boolean; verifySignatures?: boolean }): Uint8Array }>;
  on?(event: 'connect' | 'disconnect' | 'accountChanged', handler: (...args: unknown[]) => void): void;
  off?(event: string, handler: (...args: unknown[]) => void): void;
};

declare global {
  interface Window {
    phantom?: { solana?: PhantomProvider };
  }
}

/** A wallet the holder can connect: Phantom's injected provider or an adapted Wallet Standard wallet. */
export type WalletOption = { id: string; name: string; icon?: string; provider: PhantomProvider };

export const PHANTOM_SITE = 'https://phantom.app/';

export function phantomProvider(): PhantomProvider | undefined {
  const provider = window.phantom?.solana;
  return provider?.isPhantom ? provider : undefined;
}
