import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Keypair, LAMPORTS_PER_SOL, type PublicKey } from '@solana/web3.js';
import { DEMO_KEY_FILES } from '@stakedesk/shared/demo';
import { startTestChain, type TestChain } from '@stakedesk/test-support/test-chain';

export const DECIMALS = 6;
const raw = (whole: bigint) => whole * 10n ** BigInt(DECIMALS);

/** The demo token: Token-2022 with a 1% transfer fee (DESIGN 16), its name and symbol in the mint. */
export const DEMO_TOKEN = { name: 'Demo Token', symbol: 'DEMO' };
/** The classic SPL token an owner may switch to in Token Config while nothing is staked. */
export const CLASSIC_TOKEN = { name: 'Classic Demo Token', symbol: 'CDEMO' };

/** What the staking wallet and the hot wallet hold of each token: enough for every payout of a demo. */
const STAKING_WALLET_TOKENS = raw(1_000_000n);
const HOT_WALLET_TOKENS = raw(200_000n);

export type DemoWorld = {
  chain: TestChain;
  demoMint: PublicKey;
  classicMint: PublicKey;
  stakingWallet: Keypair;
  hotWallet: Keypair;
  /** Where PAYOUT_SIGNER reads the hot wallet's key. */
  hotWalletKeyFile: string;
};

/** A solana-keygen key file, readable by its owner alone (the server refuses any other for PAYOUT_SIGNER). */
function writeKeyFile(dataDir: string, name: string, keypair: Keypair): string {
  const file = path.join(dataDir, name);
  writeFileSync(file, JSON.stringify([...keypair.secretKey]), { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

/**
 * The project's test chain (the real SPL Token and Token-2022 programs in litesvm, behind JSON-RPC)
 * with the demo's tokens and wallets, and their keys in the demo's data directory: the faucet
 * (both mints' authority, which "Get demo tokens" mints with), the staking wallet and the hot wallet.
 */
export async function makeDemoWorld(dataDir: string): Promise<DemoWorld> {
  const chain = await startTestChain();
  try {
    const faucet = Keypair.generate();
    const stakingWallet = Keypair.generate();
    const hotWallet = Keypair.generate();
    await chain.airdrop(faucet.publicKey, 100_000 * LAMPORTS_PER_SOL);
    await chain.airdrop(stakingWallet.publicKey, 100 * LAMPORTS_PER_SOL);
    await chain.airdrop(hotWallet.publicKey, 100 * LAMPORTS_PER_SOL);
    const demoMint = await chain.createMint(DECIMALS, faucet, {
      transferFee: { basisPoints: 100, maximumFee: raw(1_000_000n) },
      metadata: { ...DEMO_TOKEN, uri: '' },
    });
    const classicMint = await chain.createMint(DECIMALS, faucet);
    for (const mint of [demoMint, classicMint]) {
      await chain.mintTo(mint, stakingWallet.publicKey, STAKING_WALLET_TOKENS);
      await chain.mintTo(mint, hotWallet.publicKey, HOT_WALLET_TOKENS);
    }
    writeKeyFile(dataDir, DEMO_KEY_FILES.faucet, faucet);
    writeKeyFile(dataDir, DEMO_KEY_FILES.stakingWallet, stakingWallet);
    const hotWalletKeyFile = writeKeyFile(dataDir, DEMO_KEY_FILES.hotWallet, hotWallet);
    return { chain, demoMint, classicMint, stakingWallet, hotWallet, hotWalletKeyFile };
  } catch (error) {
    await chain.close();
    throw error;
  }
}
