import bs58 from 'bs58';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { describe, expect, it, vi } from 'vitest';
import { standardProvider } from './standard-provider.js';

const ADDRESS = 'Hx7Y4yKGaP3LDfY2ZXcw4Pk5Btk8ndyFDmqm6oD7yH7x';
const OTHER = '9yjKoSHUSn7GkSmPVtq5Ka8ZQTdJVnQjLYv6vCe3uJsB';
const accountOf = (address: string): WalletAccount => ({
  address,
  publicKey: bs58.decode(address),
  chains: ['solana:devnet'],
  features: [],
});

/** A Wallet Standard wallet whose holder has approved `approved` (or nothing yet). */
function fakeWallet({ approved = false, signature = new Uint8Array(64).fill(7) } = {}) {
  let accounts: WalletAccount[] = approved ? [accountOf(ADDRESS)] : [];
  const listeners: ((properties: { accounts?: WalletAccount[] }) => void)[] = [];
  const sent: { chain: string; transaction: Uint8Array }[] = [];
  const wallet = {
    version: '1.0.0',
    name: 'Solflare',
    icon: 'data:image/svg+xml;base64,',
    chains: ['solana:mainnet', 'solana:devnet'],
    get accounts() {
      return accounts;
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: vi.fn(async ({ silent }: { silent?: boolean } = {}) => {
          if (!silent) accounts = [accountOf(ADDRESS)];
          return { accounts };
        }),
      },
      'standard:disconnect': { version: '1.0.0', disconnect: vi.fn(async () => void (accounts = [])) },
      'standard:events': {
        version: '1.0.0',
        on: (_event: string, listener: (properties: { accounts?: WalletAccount[] }) => void) => void listeners.push(listener),
      },
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: async ({ message }: { message: Uint8Array }) => [{ signedMessage: message, signature: new Uint8Array(64).fill(1) }],
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy'],
        signAndSendTransaction: async (input: { chain: string; transaction: Uint8Array }) => {
          sent.push(input);
          return [{ signature }];
        },
      },
    },
  } as unknown as Wallet;
  const change = (next: WalletAccount[]) => {
    accounts = next;
    listeners.forEach((listener) => listener({ accounts: next }));
  };
  return { wallet, sent, change };
}

const transaction = { serialize: () => Uint8Array.from([1, 2, 3]) };

describe('a Wallet Standard wallet behind the provider interface', () => {
  it('connects, and reads a silent connect the holder never approved as a refusal (code 4001)', async () => {
    const provider = standardProvider(fakeWallet().wallet, () => 'devnet');
    await expect(provider.connect({ onlyIfTrusted: true })).rejects.toMatchObject({ code: 4001 });
    expect(provider.isConnected).toBe(false);
    const { publicKey } = await provider.connect();
    expect(publicKey.toBase58()).toBe(ADDRESS);
    expect(provider.publicKey?.toString()).toBe(ADDRESS);
  });

  it('is connected at once when the wallet already shares an account', () => {
    expect(standardProvider(fakeWallet({ approved: true }).wallet, () => 'devnet').publicKey?.toString()).toBe(ADDRESS);
  });

  it("sends the serialized transaction to the settings' cluster and answers the signature in base58", async () => {
    const { wallet, sent } = fakeWallet({ approved: true });
    let cluster: 'mainnet-beta' | 'devnet' = 'mainnet-beta';
    const provider = standardProvider(wallet, () => cluster);
    expect(await provider.signAndSendTransaction(transaction)).toEqual({ signature: bs58.encode(new Uint8Array(64).fill(7)) });
    cluster = 'devnet';
    await provider.signAndSendTransaction(transaction);
    expect(sent.map(({ chain }) => chain)).toEqual(['solana:mainnet', 'solana:devnet']);
    expect(Array.from(sent[0]!.transaction)).toEqual([1, 2, 3]);
  });

  it('answers no signature when the wallet returns empty signature bytes', async () => {
    const provider = standardProvider(fakeWallet({ approved: true, signature: new Uint8Array() }).wallet, () => 'devnet');
    expect(await provider.signAndSendTransaction(transaction)).toBeUndefined();
  });

  it('refuses to sign before it is connected', async () => {
    const provider = standardProvider(fakeWallet().wallet, () => 'devnet');
    await expect(provider.signMessage(new Uint8Array([1]))).rejects.toThrow('Wallet not connected');
  });

  it("reports the wallet's account changes as accountChanged, and an empty account list as disconnect", async () => {
    const { wallet, change } = fakeWallet({ approved: true });
    const provider = standardProvider(wallet, () => 'devnet');
    const events: string[] = [];
    provider.on!('accountChanged', (publicKey) => events.push(`accountChanged ${String(publicKey)}`));
    provider.on!('disconnect', () => events.push('disconnect'));
    change([accountOf(ADDRESS)]);
    change([accountOf(OTHER)]);
    change([]);
    expect(events).toEqual([`accountChanged ${OTHER}`, 'disconnect']);
    expect(provider.isConnected).toBe(false);
  });
});
