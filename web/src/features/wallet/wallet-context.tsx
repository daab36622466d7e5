import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api } from '../../lib/api-client.js';
import { isMobile, phantomBrowseLink, phantomProvider, WALLET_RECORD_KEY, type PhantomProvider } from './phantom.js';

export type WalletStatus = 'disconnected' | 'connecting' | 'connected';

// Signing in needs bs58; it loads with the first connect, not with the page.
const ensureSession = async (provider: PhantomProvider, wallet: string) => (await import('./sign-in.js')).ensureSession(provider, wallet);

/** Thrown by connect() when no wallet is installed (desktop): the caller decides what to show. */
export class WalletMissingError extends Error {
  constructor() {
    super('Wallet not found');
  }
}

type WalletState = {
  status: WalletStatus;
  address: string | undefined;
  /** Connects (then signs in once); resolves the address, or undefined after redirecting to the mobile app. */
  connect(): Promise<string | undefined>;
  disconnect(): Promise<void>;
  /** The provider to sign with, after making sure the server session is for this wallet. */
  signedInProvider(): Promise<PhantomProvider>;
};

const WalletContext = createContext<WalletState | null>(null);

type StoredRecord = { publicKey: string; isConnected: boolean };

function readRecord(): StoredRecord | undefined {
  try {
    const record = JSON.parse(localStorage.getItem(WALLET_RECORD_KEY) ?? 'null') as StoredRecord | null;
    return record?.isConnected && typeof record.publicKey === 'string' ? record : undefined;
  } catch {
    return undefined;
  }
}

export function WalletProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<WalletStatus>('disconnected');
  const [address, setAddress] = useState<string>();

  const becomeConnected = useCallback((publicKey: string) => {
    localStorage.setItem(WALLET_RECORD_KEY, JSON.stringify({ publicKey, isConnected: true } satisfies StoredRecord));
    setAddress(publicKey);
    setStatus('connected');
  }, []);

  const forget = useCallback(() => {
    localStorage.removeItem(WALLET_RECORD_KEY);
    setAddress(undefined);
    setStatus('disconnected');
  }, []);

  // On load: the live wallet object first, then the stored record with a silent reconnect,
  // falling back to the record itself (SPEC 4). A failure to read the wallet is ignored.
  useEffect(() => {
    const provider = phantomProvider();
    const live = provider?.isConnected ? provider.publicKey?.toString() : undefined;
    if (live) return becomeConnected(live);
    const record = readRecord();
    if (!record) return;
    provider
      ?.connect({ onlyIfTrusted: true })
      .then(({ publicKey }) => becomeConnected(publicKey.toString()))
      .catch(() => becomeConnected(record.publicKey));
    if (!provider) becomeConnected(record.publicKey);
  }, [becomeConnected]);

  useEffect(() => {
    const provider = phantomProvider();
    if (!provider?.on) return;
    const onDisconnect = () => forget();
    const onAccountChanged = (publicKey: unknown) => (publicKey ? becomeConnected(String(publicKey)) : forget());
    provider.on('disconnect', onDisconnect);
    provider.on('accountChanged', onAccountChanged);
    return () => {
      provider.off?.('disconnect', onDisconnect);
      provider.off?.('accountChanged', onAccountChanged);
    };
  }, [becomeConnected, forget]);

  const connect = useCallback(async () => {
    const provider = phantomProvider();
    if (!provider) {
      if (isMobile()) {
        window.location.href = phantomBrowseLink(window.location.href);
        return undefined;
      }
      throw new WalletMissingError();
    }
    setStatus('connecting');
    try {
      const { publicKey } = await provider.connect();
      const wallet = publicKey.toString();
      becomeConnected(wallet);
      // Sign in once now, so later requests are authorised; a refusal here is asked again when needed.
      await ensureSession(provider, wallet).catch(() => undefined);
      return wallet;
    } catch (error) {
      setStatus(readRecord() ? 'connected' : 'disconnected');
      throw error;
    }
  }, [becomeConnected]);

  const disconnect = useCallback(async () => {
    await phantomProvider()?.disconnect().catch(() => undefined);
    await api('/api/auth/logout', { method: 'POST' }).catch(() => undefined);
    forget();
  }, [forget]);

  const signedInProvider = useCallback(async () => {
    const provider = phantomProvider();
    if (!provider || !address) throw new Error('Wallet not connected');
    await ensureSession(provider, address);
    return provider;
  }, [address]);

  const value = useMemo(() => ({ status, address, connect, disconnect, signedInProvider }), [status, address, connect, disconnect, signedInProvider]);
  return <WalletContext.Provider value={value}>{children}</WalletContext.Provider>;
}

export function useWallet(): WalletState {
  const context = useContext(WalletContext);
  if (!context) throw new Error('useWallet outside WalletProvider');
  return context;
}
