import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { LoadBoundary } from '../../components/LoadBoundary.js';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.js';
import { offerDemoWallet } from '../../lib/wallet/offer-demo-wallet.js';
import { settingsQuery, useSettings } from '../settings/api.js';
import { injectedPhantom, installedWallet, installedWallets } from '../../lib/wallet/installed-wallets.js';
import type { PhantomProvider, WalletOption } from '../../lib/wallet/phantom.js';
import { forgetRecords, readRecord, writeRecord } from './wallet-record.js';

export type WalletStatus = 'disconnected' | 'connecting' | 'connected';

// Signing in needs bs58; it loads with the first connect, not with the page.
const ensureSession = async (provider: PhantomProvider, wallet: string) => (await import('./sign-in.js')).ensureSession(provider, wallet);
// Shown only when more than one wallet is installed.
const WalletChooser = lazy(() => import('./WalletChooser.js').then((m) => ({ default: m.WalletChooser })));

/** Thrown by connect() when no wallet is installed: the caller offers the wallets (on a phone, their apps) and scan to stake. */
export class WalletMissingError extends Error {
  constructor() {
    super('Wallet not found');
  }
}

type WalletState = {
  status: WalletStatus;
  address: string | undefined;
  /**
   * Connects (the holder picks the wallet when several are installed), then signs in once; resolves
   * the address, or undefined when the holder picked none.
   */
  connect(): Promise<string | undefined>;
  disconnect(): Promise<void>;
  /** The provider to sign with, after making sure the server session is for this wallet. */
  signedInProvider(): Promise<PhantomProvider>;
  /** Whether any wallet the app can use is installed. */
  hasWallet(): Promise<boolean>;
};

const WalletContext = createContext<WalletState | null>(null);

type Choice = { wallets: WalletOption[]; choose: (wallet: WalletOption | undefined) => void };

export function WalletProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<WalletStatus>('disconnected');
  const [address, setAddress] = useState<string>();
  // Unset while connected from the stored record alone (no such wallet installed).
  const [wallet, setWallet] = useState<WalletOption>();
  const [choice, setChoice] = useState<Choice>();
  // Standard wallets send to the chain they are told; settings may arrive after the wallet is found.
  const settingsCluster = useSettings().data?.solanaCluster;
  const cluster = useRef(settingsCluster);
  useEffect(() => void (cluster.current = settingsCluster), [settingsCluster]);
  const clusterOf = useCallback(() => cluster.current, []);
  // A demo server's holder site offers its demo wallet (DESIGN 16): registered before any wallet is listed.
  const queryClient = useQueryClient();
  const demoWalletOffered = useCallback(
    () =>
      queryClient
        .ensureQueryData(settingsQuery)
        .then((settings) => offerDemoWallet(settings.demo, 'holder'))
        .catch(() => undefined),
    [queryClient],
  );

  const becomeConnected = useCallback((walletId: string, publicKey: string) => {
    writeRecord(walletId, publicKey);
    setAddress(publicKey);
    setStatus('connected');
  }, []);

  const forget = useCallback(() => {
    forgetRecords();
    setWallet(undefined);
    setAddress(undefined);
    setStatus('disconnected');
  }, []);

  // On load: the live wallet object first, then the stored record with a silent reconnect of the
  // wallet it names, falling back to the record itself. A failure to read the wallet is ignored.
  useEffect(() => {
    const phantom = injectedPhantom();
    const live = phantom?.provider.isConnected ? phantom.provider.publicKey?.toString() : undefined;
    if (phantom && live) {
      setWallet(phantom);
      return becomeConnected(phantom.id, live);
    }
    const record = readRecord();
    if (!record) return;
    void demoWalletOffered()
      .then(() => installedWallet(record.walletId, clusterOf))
      .then((found) => {
        if (!found) return becomeConnected(record.walletId, record.publicKey);
        setWallet(found);
        return found.provider.connect({ onlyIfTrusted: true }).then(
          ({ publicKey }) => becomeConnected(found.id, publicKey.toString()),
          () => becomeConnected(found.id, record.publicKey),
        );
      });
  }, [becomeConnected, clusterOf, demoWalletOffered]);

  useEffect(() => {
    if (!wallet) return;
    const { id, provider } = wallet;
    const onDisconnect = () => forget();
    const onAccountChanged = (publicKey: unknown) => (publicKey ? becomeConnected(id, String(publicKey)) : forget());
    provider.on?.('disconnect', onDisconnect);
    provider.on?.('accountChanged', onAccountChanged);
    return () => {
      provider.off?.('disconnect', onDisconnect);
      provider.off?.('accountChanged', onAccountChanged);
    };
  }, [wallet, becomeConnected, forget]);

  const connect = useCallback(async () => {
    await demoWalletOffered();
    const wallets = await installedWallets(clusterOf);
    if (wallets.length === 0) throw new WalletMissingError();
    const chosen =
      wallets.length === 1 ? wallets[0] : await new Promise<WalletOption | undefined>((choose) => setChoice({ wallets, choose }));
    setChoice(undefined);
    if (!chosen) return undefined;
    setStatus('connecting');
    try {
      const { publicKey } = await chosen.provider.connect();
      const connected = publicKey.toString();
      setWallet(chosen);
      becomeConnected(chosen.id, connected);
      // Sign in once now, so later requests are authorised; a refusal here is asked again when needed.
      await ensureSession(chosen.provider, connected).catch(() => undefined);
      return connected;
    } catch (error) {
      setStatus(readRecord() ? 'connected' : 'disconnected');
      throw error;
    }
  }, [becomeConnected, clusterOf, demoWalletOffered]);

  const disconnect = useCallback(async () => {
    await wallet?.provider.disconnect().catch(() => undefined);
    await api('/api/auth/logout', { method: 'POST' }).catch(() => undefined);
    forget();
  }, [wallet, forget]);

  const signedInProvider = useCallback(async () => {
    if (!wallet || !address) throw new Error('Wallet not connected');
    await ensureSession(wallet.provider, address);
    return wallet.provider;
  }, [wallet, address]);

  const hasWallet = useCallback(async () => {
    await demoWalletOffered();
    return (await installedWallets(clusterOf)).length > 0;
  }, [clusterOf, demoWalletOffered]);

  const value = useMemo(
    () => ({ status, address, connect, disconnect, signedInProvider, hasWallet }),
    [status, address, connect, disconnect, signedInProvider, hasWallet],
  );
  return (
    <WalletContext.Provider value={value}>
      {children}
      {choice && (
        <LoadBoundary placement="overlay">
          <Suspense fallback={null}>
            <WalletChooser wallets={choice.wallets} onChoose={choice.choose} />
          </Suspense>
        </LoadBoundary>
      )}
    </WalletContext.Provider>
  );
}

export function useWallet(): WalletState {
  const context = useContext(WalletContext);
  if (!context) throw new Error('useWallet outside WalletProvider');
  return context;
}
