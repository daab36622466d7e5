import type { Sequelize } from 'sequelize';
import { createAssociatedTokenAccountIdempotentInstruction, createMintToInstruction } from '@solana/spl-token';
import { PublicKey, SystemProgram, Transaction, type Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import type { DemoTokensGiven } from '@stakedesk/shared/api-types';
import { DEMO_LAMPORTS_GIVEN, DEMO_TOKENS_GIVEN } from '@stakedesk/shared/demo';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { associatedTokenAccount } from '../chain/associated-account.js';
import { ChainUnavailableError, type Chain } from '../chain/chain.js';
import { unavailable } from '../errors.js';
import { loadSettings } from '../settings/index.js';

/** How long the faucet waits for its transaction to land on the local chain (it lands at once there). */
const LANDING_TIMEOUT_MS = 15_000;
const LOOK_EVERY_MS = 200;

async function landed(chain: Chain, signature: string): Promise<boolean> {
  const deadline = Date.now() + LANDING_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const transaction = await chain.landedTransaction(signature);
    if (transaction) return !transaction.failed;
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
  }
  return false;
}

/**
 * "Get demo tokens" (DESIGN 16): SOL for the fees and DEMO_TOKENS_GIVEN of the mint the settings
 * name now, minted by the demo mints' authority into the wallet's associated token account (made if
 * missing), in one transaction on the demo's local chain. Answers once it landed.
 */
export async function giveDemoTokens(db: Sequelize, chain: Chain, faucet: Keypair, walletAddress: string): Promise<DemoTokensGiven> {
  const { tokenContract } = await loadSettings(db);
  if (!tokenContract) throw unavailable(msg('stakingNotConfigured'));
  try {
    const mintState = await chain.mint(tokenContract);
    if (!mintState) throw unavailable(msg('tokenNotMint'));
    const mint = new PublicKey(tokenContract);
    const wallet = new PublicKey(walletAddress);
    const program = new PublicKey(mintState.programId);
    const account = associatedTokenAccount(mint, wallet, program);
    const tokens = DEMO_TOKENS_GIVEN * 10n ** BigInt(mintState.decimals);
    const transaction = new Transaction({ feePayer: faucet.publicKey, ...(await chain.latestBlockhash()) }).add(
      SystemProgram.transfer({ fromPubkey: faucet.publicKey, toPubkey: wallet, lamports: DEMO_LAMPORTS_GIVEN }),
      createAssociatedTokenAccountIdempotentInstruction(faucet.publicKey, account, wallet, mint, program),
      createMintToInstruction(mint, account, faucet.publicKey, tokens, [], program),
    );
    transaction.sign(faucet);
    await chain.sendTransaction(transaction.serialize());
    if (!(await landed(chain, bs58.encode(transaction.signature!)))) throw unavailable(msg('chainUnavailable'));
    return { walletAddress, mint: tokenContract, tokens: tokens.toString(), lamports: DEMO_LAMPORTS_GIVEN.toString() };
  } catch (error) {
    if (error instanceof ChainUnavailableError) throw unavailable(error.reason);
    throw error;
  }
}
