import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base';
import {
  StandardConnect,
  StandardDisconnect,
  StandardEvents,
  type StandardConnectFeature,
  type StandardDisconnectFeature,
  type StandardEventsFeature,
} from '@wallet-standard/features';
import {
  SolanaSignAndSendTransaction,
  SolanaSignMessage,
  SolanaSignTransaction,
  type SolanaSignAndSendTransactionFeature,
  type SolanaSignMessageFeature,
  type SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features';
import type { SolanaCluster } from '@stakedesk/shared/format';
import type { PhantomProvider, PhantomPublicKey } from './phantom.js';

/** What standard-wallets.ts checks a wallet has before offering it. */
type StakingFeatures = StandardConnectFeature &
  Partial<StandardDisconnectFeature & StandardEventsFeature> &
  SolanaSignMessageFeature &
  SolanaSignAndSendTransactionFeature &
  Partial<SolanaSignTransactionFeature>;

type Handler = (...args: unknown[]) => void;
type Serializable = { serialize(config: { requireAllSignatures: boolean; verifySignatures: boolean }): Uint8Array };

const chainOf = (cluster: SolanaCluster = 'mainnet-beta'): IdentifierString => `solana:${cluster === 'mainnet-beta' ? 'mainnet' : cluster}`;
const keyOf = (address: string): PhantomPublicKey => ({ toString: () => address, toBase58: () => address });

/**
 * A Wallet Standard wallet (Solflare, Backpack...) behind the part of Phantom's provider the app
 * uses, so the rest of the app does not know which kind it talks to. `cluster` names the chain
 * the wallet sends to.
 */
export function standardProvider(wallet: Wallet, cluster: () => SolanaCluster | undefined): PhantomProvider {
  const features = wallet.features as StakingFeatures;
  let account: WalletAccount | undefined = wallet.accounts[0];
  const handlers = new Map<string, Set<Handler>>();
  const emit = (event: string, ...args: unknown[]) => handlers.get(event)?.forEach((handler) => handler(...args));
  let listening = false;
  const connectedAccount = () => {
    if (!account) throw new Error('Wallet not connected');
    return account;
  };

  // The wallet reports account switches and revocations as a change of its accounts.
  const onChange = ({ accounts }: { accounts?: readonly WalletAccount[] }) => {
    if (!accounts || accounts[0]?.address === account?.address) return;
    account = accounts[0];
    if (account) emit('accountChanged', keyOf(account.address));
    else emit('disconnect');
  };

  return {
    get publicKey() {
      return account ? keyOf(account.address) : null;
    },
    get isConnected() {
      return account !== undefined;
    },
    async connect(options) {
      const { accounts } = await features[StandardConnect].connect({ silent: options?.onlyIfTrusted === true });
      account = accounts[0];
      // A silent connect the holder never approved answers no account: read it as Phantom's refusal.
      if (!account) throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
      return { publicKey: keyOf(account.address) };
    },
    async disconnect() {
      await features[StandardDisconnect]?.disconnect();
      account = undefined;
    },
    async signMessage(message) {
      const [output] = await features[SolanaSignMessage].signMessage({ account: connectedAccount(), message });
      if (!output) throw new Error('The wallet returned no signature');
      return { signature: output.signature };
    },
    async signAndSendTransaction(transaction) {
      const bytes = (transaction as Serializable).serialize({ requireAllSignatures: false, verifySignatures: false });
      const [output] = await features[SolanaSignAndSendTransaction].signAndSendTransaction({
        account: connectedAccount(),
        chain: chainOf(cluster()),
        transaction: bytes,
      });
      if (!output?.signature.length) return undefined;
      // Loaded only when sending: a returning holder's silent reconnect does not need it.
      const { default: bs58 } = await import('bs58');
      return { signature: bs58.encode(output.signature) };
    },
    // Offered when the wallet has it: the admin panel prefers it for payouts (the server sends them).
    ...(features[SolanaSignTransaction] && {
      async signTransaction(transaction: unknown) {
        const bytes = (transaction as Serializable).serialize({ requireAllSignatures: false, verifySignatures: false });
        const [output] = await features[SolanaSignTransaction]!.signTransaction({
          account: connectedAccount(),
          chain: chainOf(cluster()),
          transaction: bytes,
        });
        if (!output) throw new Error('The wallet returned no signed transaction');
        return { serialize: () => output.signedTransaction };
      },
    }),
    on(event, handler) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
      if (!listening) features[StandardEvents]?.on('change', onChange);
      listening = true;
    },
    off(event, handler) {
      handlers.get(event)?.delete(handler);
    },
  };
}
