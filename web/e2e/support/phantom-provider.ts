import type { WalletReply, WalletRequest } from './wallet-backend.js';

/**
 * The in-page half of the fake Phantom: window.phantom.solana (and window.solana). Every decision
 * and every key operation is a call to the Node half through the exposed binding.
 * `injectPhantomProvider` is serialized into the page by addInitScript: it must stay self-contained.
 */

export type ProviderConfig = { binding: string; address: string; bytes: number[] };

/** What tests may call on window.phantom.solana from page.evaluate. */
export type InjectedPhantom = {
  isPhantom: true;
  isConnected: boolean;
  publicKey: { toBase58(): string; toString(): string; toBytes(): Uint8Array; equals(other: unknown): boolean } | null;
  connect(options?: { onlyIfTrusted?: boolean }): Promise<{ publicKey: { toBase58(): string } }>;
  disconnect(): Promise<void>;
  signMessage(message: Uint8Array, display?: 'utf8' | 'hex'): Promise<{ signature: Uint8Array; publicKey: { toBase58(): string } }>;
  signAndSendTransaction(
    transaction: Serializable,
    options?: Record<string, unknown>,
  ): Promise<{ signature: string; publicKey: { toBase58(): string } }>;
  signTransaction(transaction: Serializable): Promise<{ serialize(): Uint8Array }>;
  on(event: 'connect' | 'disconnect' | 'accountChanged', handler: Handler): void;
  off(event: string, handler: Handler): void;
};
declare global {
  interface Window {
    phantom?: { solana: InjectedPhantom };
    solana?: InjectedPhantom;
  }
}

type Handler = (...args: unknown[]) => void;
type Serializable = { serialize(config?: { requireAllSignatures?: boolean; verifySignatures?: boolean }): Uint8Array };

export function injectPhantomProvider({ binding, address, bytes }: ProviderConfig): void {
  const walletError = (code: number, message: string) => Object.assign(new Error(message), { code });
  const call = async (request: WalletRequest): Promise<string | undefined> => {
    const reply = await (window as unknown as Record<string, (r: WalletRequest) => Promise<WalletReply>>)[binding]!(request);
    if (!reply.ok) throw walletError(reply.code, reply.message);
    return reply.value;
  };
  const toBase64 = (data: Uint8Array) => btoa(Array.from(data, (byte) => String.fromCharCode(byte)).join(''));
  const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

  const publicKey = {
    toBase58: () => address,
    toString: () => address,
    toJSON: () => address,
    toBytes: () => Uint8Array.from(bytes),
    equals: (other: unknown) => String(other) === address,
  };
  const listeners = new Map<string, Set<Handler>>();
  const emit = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((handler) => handler(...args));
  const off = (event: string, handler: Handler) => void listeners.get(event)?.delete(handler);
  const requireConnected = () => {
    if (!provider.isConnected) throw walletError(4100, 'The requested method and/or account has not been authorized by the user.');
  };

  const provider = {
    isPhantom: true as const,
    isConnected: false,
    publicKey: null as typeof publicKey | null,
    async connect(options?: { onlyIfTrusted?: boolean }) {
      await call({ op: 'connect', onlyIfTrusted: options?.onlyIfTrusted === true });
      provider.publicKey = publicKey;
      provider.isConnected = true;
      emit('connect', publicKey);
      return { publicKey };
    },
    async disconnect() {
      await call({ op: 'disconnect' });
      provider.publicKey = null;
      provider.isConnected = false;
      emit('disconnect');
    },
    async signMessage(message: Uint8Array, _display?: 'utf8' | 'hex') {
      requireConnected();
      if (!(message instanceof Uint8Array)) throw walletError(-32602, 'signMessage expects a Uint8Array');
      const signature = await call({ op: 'signMessage', message: toBase64(message) });
      return { signature: fromBase64(signature!), publicKey };
    },
    async signAndSendTransaction(transaction: Serializable, options?: Record<string, unknown>) {
      requireConnected();
      // A web3.js Transaction takes the config; a VersionedTransaction ignores it.
      const wire = transaction.serialize({ requireAllSignatures: false, verifySignatures: false });
      const signature = await call({
        op: 'signAndSendTransaction',
        transaction: toBase64(wire),
        options: options && JSON.parse(JSON.stringify(options)),
      });
      return { signature: signature!, publicKey };
    },
    // Phantom answers the signed transaction; the app only serializes it.
    async signTransaction(transaction: Serializable) {
      requireConnected();
      const wire = transaction.serialize({ requireAllSignatures: false, verifySignatures: false });
      const signed = fromBase64((await call({ op: 'signTransaction', transaction: toBase64(wire) }))!);
      return { serialize: () => signed };
    },
    async signAllTransactions(): Promise<never> {
      throw walletError(-32603, 'signAllTransactions is not supported by the fake Phantom: use signAndSendTransaction');
    },
    on(event: string, handler: Handler) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(handler);
    },
    off,
    removeListener: off,
    removeAllListeners(event?: string) {
      if (event) listeners.delete(event);
      else listeners.clear();
    },
  };
  const injected: InjectedPhantom = provider;
  Object.assign(window, { phantom: { solana: injected }, solana: injected });
}
