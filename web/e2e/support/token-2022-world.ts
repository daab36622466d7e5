import { rmSync } from 'node:fs';
import path from 'node:path';
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeMint2Instruction,
  createInitializeTransferFeeConfigInstruction,
  createMintToInstruction,
  ExtensionType,
  getAssociatedTokenAddressSync,
  getMintLen,
  TOKEN_2022_PROGRAM_ID,
} from '@solana/spl-token';
import { Keypair, LAMPORTS_PER_SOL, SystemProgram, type PublicKey } from '@solana/web3.js';
import { confirmed, connection, send } from './chain.js';
import { startServer, stopServer, type ServerProcess } from '@stakedesk/test-support/browser/server-process';
import { serverCall } from '@stakedesk/test-support/browser/server-call';
import { serverDataDir } from '@stakedesk/test-support/browser/server-env';
import { e2eServerEnv } from './server-env.js';
import { readState, STATE_DIR } from './state.js';

/**
 * A second Stakedesk for the run's chain whose token is a Token-2022 mint with a 1% transfer fee
 * (capped at 1,000 tokens): its own server, database and staking wallet, so that the main run's
 * token (which cannot change while stakes are live) stays as it is. Started by the specs that
 * need it, as a worker fixture.
 */
export const FEE_DECIMALS = 6;
export const FEE_SYMBOL = 'FEE';
export const FEE_BASIS_POINTS = 100;
const MAXIMUM_FEE_TOKENS = 1_000n;
const ADMIN = { username: 'fee-admin', password: 'fee admin password, long enough' };

export const feeTokens = (whole: number | bigint) => BigInt(whole) * 10n ** BigInt(FEE_DECIMALS);

export type Token2022World = {
  baseURL: string;
  mint: PublicKey;
  stakingWallet: Keypair;
  admin: typeof ADMIN;
  /** A new holder with 2 SOL and `tokens` whole tokens of the mint. */
  fundedHolder(tokens: number): Promise<Keypair>;
  /** Raw units in the owner's associated token account of the mint (0n without one). */
  balanceOf(owner: PublicKey): Promise<bigint>;
  /** An admin token for the panel (`AdminPanel.open(tab, token)`). */
  adminToken(): Promise<string>;
  stop(): Promise<void>;
};

const accountOf = (mint: PublicKey, owner: PublicKey) => getAssociatedTokenAddressSync(mint, owner, true, TOKEN_2022_PROGRAM_ID);

async function funded(lamports: number): Promise<Keypair> {
  const keypair = Keypair.generate();
  await confirmed(await connection().requestAirdrop(keypair.publicKey, lamports));
  return keypair;
}

async function createFeeMint(authority: Keypair): Promise<PublicKey> {
  const mint = Keypair.generate();
  const space = getMintLen([ExtensionType.TransferFeeConfig]);
  await send(
    [
      SystemProgram.createAccount({
        fromPubkey: authority.publicKey,
        newAccountPubkey: mint.publicKey,
        space,
        lamports: await connection().getMinimumBalanceForRentExemption(space),
        programId: TOKEN_2022_PROGRAM_ID,
      }),
      createInitializeTransferFeeConfigInstruction(
        mint.publicKey,
        authority.publicKey,
        authority.publicKey,
        FEE_BASIS_POINTS,
        feeTokens(MAXIMUM_FEE_TOKENS),
        TOKEN_2022_PROGRAM_ID,
      ),
      createInitializeMint2Instruction(mint.publicKey, FEE_DECIMALS, authority.publicKey, null, TOKEN_2022_PROGRAM_ID),
    ],
    [authority, mint],
  );
  return mint.publicKey;
}

export async function startToken2022World(): Promise<Token2022World> {
  const authority = await funded(100 * LAMPORTS_PER_SOL);
  const stakingWallet = await funded(10 * LAMPORTS_PER_SOL);
  const mint = await createFeeMint(authority);
  const mintTo = async (owner: PublicKey, tokens: number) => {
    const account = accountOf(mint, owner);
    await send(
      [
        createAssociatedTokenAccountIdempotentInstruction(authority.publicKey, account, owner, mint, TOKEN_2022_PROGRAM_ID),
        createMintToInstruction(mint, account, authority.publicKey, feeTokens(tokens), [], TOKEN_2022_PROGRAM_ID),
      ],
      [authority],
    );
  };
  await mintTo(stakingWallet.publicKey, 1_000_000);

  const dataDir = serverDataDir('stakedesk-e2e-token-2022-');
  let server: ServerProcess;
  try {
    server = await startServer(
      e2eServerEnv({ dataDir, rpcUrl: readState().rpcUrl, admin: ADMIN }),
      path.join(STATE_DIR, `token-2022-server-${process.pid}.log`),
    );
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { baseURL } = server;
  const adminToken = async () => String((await serverCall<{ token: string }>(baseURL, 'POST', '/api/admin/login', ADMIN)).token);
  const stop = async () => {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await serverCall(
      baseURL,
      'PUT',
      '/api/admin/settings',
      {
        currentPassword: ADMIN.password,
        tokenName: 'Fee Token',
        tokenSymbol: FEE_SYMBOL,
        tokenContract: mint.toBase58(),
        stakingWallet: stakingWallet.publicKey.toBase58(),
      },
      await adminToken(),
    );
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    baseURL,
    mint,
    stakingWallet,
    admin: ADMIN,
    async fundedHolder(tokens) {
      const holder = await funded(2 * LAMPORTS_PER_SOL);
      await mintTo(holder.publicKey, tokens);
      return holder;
    },
    async balanceOf(owner) {
      const account = accountOf(mint, owner);
      if (!(await connection().getAccountInfo(account))) return 0n;
      return BigInt((await connection().getTokenAccountBalance(account)).value.amount);
    },
    adminToken,
    stop,
  };
}
