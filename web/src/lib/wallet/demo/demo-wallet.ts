import { ed25519 } from '@noble/curves/ed25519';
import { Connection, VersionedTransaction, type Keypair } from '@solana/web3.js';
import type { IdentifierArray, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base';
import bs58 from 'bs58';

/**
 * The demo's own wallet (DESIGN 16): a Wallet Standard wallet in the page itself, registered the way
 * an extension registers, so the app finds and uses it like any other. It signs with a key the demo
 * hands it (the holder's, kept in this browser; in the panel, the demo's staking wallet) and sends
 * to the demo's local chain. Loaded only on a demo server: no other site has it.
 */

export const DEMO_WALLET_NAME = 'Demo wallet';

/** Where the wallet's key comes from: asked once per connection. */
export type DemoKeySource = () => Promise<Keypair>;

const ICON: WalletIcon = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 28 28"><rect width="28" height="28" rx="6" fill="#ffb547"/><path d="M8 9h12v10H8z" fill="none" stroke="#0b1020" stroke-width="2"/><circle cx="17" cy="14" r="1.6" fill="#0b1020"/></svg>',
)}`;
const CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:testnet'] as const;
const FEATURES: IdentifierArray = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'];

type ChangeListener = (properties: { accounts: readonly WalletAccount[] }) => void;
type Api = { register(...wallets: Wallet[]): () => void };
type DemoWallet = { wallet: Wallet; use(keySource: DemoKeySource, chainUrl: string): void };

const walletError = (code: number, message: string) => Object.assign(new Error(message), { code });

function demoWallet(initialKeySource: DemoKeySource, initialChainUrl: string): DemoWallet {
  let keySource = initialKeySource;
  let chainUrl = initialChainUrl;
  let keypair: Keypair | undefined;
  let accounts: readonly WalletAccount[] = [];
  const listeners = new Set<ChangeListener>();

  const setAccount = (next: Keypair | undefined) => {
    keypair = next;
    accounts = next
      ? [Object.freeze({ address: next.publicKey.toBase58(), publicKey: next.publicKey.toBytes(), chains: CHAINS, features: FEATURES })]
      : [];
    listeners.forEach((listener) => listener({ accounts }));
  };
  const signer = (account: WalletAccount): Keypair => {
    if (!keypair || account.address !== keypair.publicKey.toBase58()) {
      throw walletError(4100, 'The requested account has not been authorized by the user.');
    }
    return keypair;
  };
  const signed = (account: WalletAccount, transaction: Uint8Array): VersionedTransaction => {
    const parsed = VersionedTransaction.deserialize(transaction);
    parsed.sign([signer(account)]);
    return parsed;
  };

  const wallet: Wallet = {
    version: '1.0.0',
    name: DEMO_WALLET_NAME,
    icon: ICON,
    chains: CHAINS,
    get accounts() {
      return accounts;
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect() {
          const next = await keySource();
          if (keypair?.publicKey.toBase58() !== next.publicKey.toBase58()) setAccount(next);
          return { accounts };
        },
      },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => setAccount(undefined) },
      'standard:events': {
        version: '1.0.0',
        on(event: string, listener: ChangeListener) {
          if (event !== 'change') return () => undefined;
          listeners.add(listener);
          return () => void listeners.delete(listener);
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: async (...inputs: { account: WalletAccount; message: Uint8Array }[]) =>
          inputs.map(({ account, message }) => ({
            signedMessage: message,
            signature: ed25519.sign(message, signer(account).secretKey.subarray(0, 32)),
          })),
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: async (...inputs: { account: WalletAccount; transaction: Uint8Array }[]) =>
          inputs.map(({ account, transaction }) => ({ signedTransaction: signed(account, transaction).serialize() })),
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signAndSendTransaction(...inputs: { account: WalletAccount; transaction: Uint8Array }[]) {
          // Sent as a wallet sends: to its own chain endpoint, here the demo's local chain.
          const connection = new Connection(chainUrl, 'confirmed');
          const outputs = [];
          for (const { account, transaction } of inputs) {
            const signature = await connection.sendRawTransaction(signed(account, transaction).serialize(), { skipPreflight: true });
            outputs.push({ signature: bs58.decode(signature) });
          }
          return outputs;
        },
      },
    },
  };

  return {
    wallet,
    // Another part of the site (the panel, the holder pages) hands it another key: the connected account ends.
    use(nextKeySource, nextChainUrl) {
      if (nextKeySource === keySource && nextChainUrl === chainUrl) return;
      keySource = nextKeySource;
      chainUrl = nextChainUrl;
      setAccount(undefined);
    },
  };
}

let registered: DemoWallet | undefined;

/**
 * Offers the demo wallet with this key to the app (the Wallet Standard's registration, both ways
 * round, as an extension does). One per page: a second call hands the registered wallet the new key.
 */
export function registerDemoWallet(keySource: DemoKeySource, chainUrl: string): void {
  if (registered) return registered.use(keySource, chainUrl);
  registered = demoWallet(keySource, chainUrl);
  const { wallet } = registered;
  const register = ({ register }: Api) => register(wallet);
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }));
  window.addEventListener('wallet-standard:app-ready', (event) => register((event as CustomEvent<Api>).detail));
}
