import type { IdentifierArray, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base';
import type { WalletReply, WalletRequest } from './wallet-backend.js';

/**
 * The in-page half of a fake Wallet Standard wallet. It registers itself as a wallet extension
 * does, through the standard's window events, and every decision and key operation is a call to
 * the Node half through the exposed binding. `registerStandardWallet` is serialized into the page
 * by addInitScript: it must stay self-contained.
 */

/**
 * `changeHook` names the window function a test calls when the holder switches account in the
 * wallet; `signsOnly` false leaves out solana:signTransaction (a wallet that can only sign and send).
 */
export type StandardWalletConfig = { binding: string; changeHook: string; name: string; icon: WalletIcon; signsOnly: boolean };

export function registerStandardWallet({ binding, changeHook, name, icon, signsOnly }: StandardWalletConfig): void {
  const walletError = (code: number, message: string) => Object.assign(new Error(message), { code });
  const call = async (request: WalletRequest): Promise<string | undefined> => {
    const reply = await (window as unknown as Record<string, (r: WalletRequest) => Promise<WalletReply>>)[binding]!(request);
    if (!reply.ok) throw walletError(reply.code, reply.message);
    return reply.value;
  };
  const toBase64 = (data: Uint8Array) => btoa(Array.from(data, (byte) => String.fromCharCode(byte)).join(''));
  const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  const fromBase58 = (text: string) => {
    let value = 0n;
    for (const char of text) value = value * 58n + BigInt(BASE58.indexOf(char));
    const bytes: number[] = [];
    for (; value > 0n; value >>= 8n) bytes.unshift(Number(value & 255n));
    for (const char of text) {
      if (char !== '1') break;
      bytes.unshift(0);
    }
    return Uint8Array.from(bytes);
  };

  const CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:testnet'] as const;
  const features: IdentifierArray = [
    'solana:signMessage',
    'solana:signAndSendTransaction',
    ...(signsOnly ? ['solana:signTransaction' as const] : []),
  ];
  const accountOf = (address: string): WalletAccount =>
    Object.freeze({
      address,
      publicKey: fromBase58(address),
      chains: CHAINS,
      features,
    });
  let accounts: readonly WalletAccount[] = [];
  const listeners = new Set<(properties: { accounts: readonly WalletAccount[] }) => void>();
  const setAccounts = (next: readonly WalletAccount[]) => {
    accounts = next;
    listeners.forEach((listener) => listener({ accounts }));
  };
  const authorized = (account: WalletAccount) => {
    if (account.address !== accounts[0]?.address) throw walletError(4100, 'The requested account has not been authorized by the user.');
  };

  const connect = async ({ silent = false }: { silent?: boolean } = {}) => {
    try {
      const address = (await call({ op: 'connect', onlyIfTrusted: silent }))!;
      if (accounts[0]?.address !== address) setAccounts([accountOf(address)]);
    } catch (error) {
      // Asked silently, a wallet that was never approved answers no account instead of prompting.
      if (!silent) throw error;
    }
    return { accounts };
  };

  const wallet: Wallet = {
    version: '1.0.0',
    name,
    icon,
    chains: CHAINS,
    get accounts() {
      return accounts;
    },
    features: {
      'standard:connect': { version: '1.0.0', connect },
      'standard:disconnect': {
        version: '1.0.0',
        async disconnect() {
          await call({ op: 'disconnect' });
          setAccounts([]);
        },
      },
      'standard:events': {
        version: '1.0.0',
        on(event: string, listener: (properties: { accounts: readonly WalletAccount[] }) => void) {
          if (event !== 'change') return () => undefined;
          listeners.add(listener);
          return () => void listeners.delete(listener);
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]) {
          const outputs = [];
          for (const { account, message } of inputs) {
            authorized(account);
            const signature = await call({ op: 'signMessage', message: toBase64(message) });
            outputs.push({ signedMessage: message, signature: fromBase64(signature!) });
          }
          return outputs;
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signAndSendTransaction(...inputs: { account: WalletAccount; chain: string; transaction: Uint8Array; options?: object }[]) {
          const outputs = [];
          for (const { account, chain, transaction, options } of inputs) {
            authorized(account);
            const signature = await call({
              op: 'signAndSendTransaction',
              transaction: toBase64(transaction),
              chain,
              options: options && (JSON.parse(JSON.stringify(options)) as Record<string, unknown>),
            });
            outputs.push({ signature: signature ? fromBase58(signature) : new Uint8Array() });
          }
          return outputs;
        },
      },
      ...(signsOnly && {
        'solana:signTransaction': {
          version: '1.0.0',
          supportedTransactionVersions: ['legacy', 0],
          async signTransaction(...inputs: { account: WalletAccount; chain?: string; transaction: Uint8Array }[]) {
            const outputs = [];
            for (const { account, chain, transaction } of inputs) {
              authorized(account);
              const signed = await call({ op: 'signTransaction', transaction: toBase64(transaction), chain });
              outputs.push({ signedTransaction: fromBase64(signed!) });
            }
            return outputs;
          },
        },
      }),
    },
  };

  // The Wallet Standard registration protocol, both ways round: announce the wallet now (an app
  // already listening registers it), and register with any app that announces itself later.
  type Api = { register(...wallets: Wallet[]): () => void };
  const register = ({ register }: Api) => register(wallet);
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }));
  window.addEventListener('wallet-standard:app-ready', (event) => register((event as CustomEvent<Api>).detail));

  (window as unknown as Record<string, unknown>)[changeHook] = (address: string | null) => setAccounts(address ? [accountOf(address)] : []);
}
