import { createTransferCheckedInstruction } from '@solana/spl-token';
import { PublicKey, Transaction } from '@solana/web3.js';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { fromRawAmount, toRawAmount } from '@stakedesk/shared/money';
import { grossUp, type TransferFee } from '@stakedesk/shared/transfer-fee';
import { associatedTokenAccount } from '../chain/associated-account.js';
import { ChainUnavailableError, type MintState, type PayoutChain } from '../chain/chain.js';
import { memoInstruction } from '../chain/memo.js';
import { badRequest, unavailable } from '../errors.js';

/** Everything a deposit transaction is made of; the server reads each part from the chain itself. */
export type DepositPlan = {
  /** The mint as read now (the settings keep its profile current from it). */
  mintState: MintState;
  holder: PublicKey;
  /** The holder's associated token account of the mint, under the mint's own program. */
  source: PublicKey;
  destination: PublicKey;
  /** Token-2022's MemoTransfer on the destination: the transfer must follow a memo. */
  memoRequired: boolean;
  mint: PublicKey;
  programId: PublicKey;
  decimals: number;
  /** Raw units the staking wallet receives: the stake. */
  raw: bigint;
  /** Raw units the holder sends: the stake plus the mint's transfer fee, grossed up as the program rounds it. */
  gross: bigint;
  transferFee: TransferFee | null;
  blockhash: string;
  lastValidBlockHeight: number;
};

export type DepositRequest = { mint: string; stakingWallet: string; walletAddress: string; amount: string; symbol: string };

/**
 * Reads what a deposit of `amount` whole tokens from `walletAddress` needs (the mint's program,
 * decimals and fee in force, both token accounts, a blockhash) and refuses, before anything is
 * signed, a deposit that cannot succeed. A chain that cannot be asked is 503 `retryable`.
 */
export async function readDepositPlan(chain: PayoutChain, request: DepositRequest): Promise<DepositPlan> {
  if (request.walletAddress === request.stakingWallet) throw badRequest(msg('depositSameWallet'));
  try {
    return await readPlan(chain, request);
  } catch (error) {
    if (error instanceof ChainUnavailableError)
      throw unavailable(msg('intentNotCreatedRetry', { reason: error.reason }), { retryable: true });
    throw error;
  }
}

async function readPlan(chain: PayoutChain, { mint: mintAddress, stakingWallet, walletAddress, amount, symbol }: DepositRequest) {
  const mintState = await chain.mint(mintAddress);
  if (!mintState) throw unavailable(msg('tokenNotMint'));
  const mint = new PublicKey(mintAddress);
  const programId = new PublicKey(mintState.programId);
  const holder = new PublicKey(walletAddress);
  const staking = new PublicKey(stakingWallet);
  const source = associatedTokenAccount(mint, holder, programId);
  const destination = associatedTokenAccount(mint, staking, programId);
  const [[sourceAccount, destinationAccount], { blockhash, lastValidBlockHeight }] = await Promise.all([
    chain.tokenAccounts([source.toBase58(), destination.toBase58()]),
    chain.latestBlockhash(),
  ]);
  const raw = toRawAmount(amount, mintState.decimals);
  const gross = grossUp(raw, mintState.transferFee);
  if (!sourceAccount || sourceAccount.amount === 0n) throw badRequest(msg('depositNoTokens', { symbol }));
  if (sourceAccount.state === 'frozen') throw badRequest(msg('depositSourceFrozen', { symbol }));
  if (sourceAccount.amount < gross) {
    const tokens = (value: bigint) => fromRawAmount(value, mintState.decimals);
    throw badRequest(msg('depositInsufficientBalance', { balance: tokens(sourceAccount.amount), needed: tokens(gross), symbol }));
  }
  // SPEC's rule: a staking wallet without an account of the token takes no deposit (the holder would pay its rent).
  if (!destinationAccount) throw unavailable(msg('stakingAccountMissing', { wallet: stakingWallet }));
  if (destinationAccount.state === 'frozen') throw unavailable(msg('stakingAccountFrozen'));
  return {
    mintState,
    holder,
    source,
    destination,
    memoRequired: destinationAccount.memoRequired,
    mint,
    programId,
    decimals: mintState.decimals,
    raw,
    gross,
    transferFee: mintState.transferFee,
    blockhash,
    lastValidBlockHeight,
  };
}

export const depositMemo = (intentId: number) => `Stakedesk deposit ${intentId}`;

/**
 * The holder's deposit, unsigned, as DESIGN 12 pins it: the holder pays the fee; a memo if the
 * destination requires one; one
 * transferChecked with the mint's program and decimals, of the grossed-up amount, listing the
 * intent's reference as an extra read-only account so the server finds the transfer by itself.
 */
export function depositTransaction(plan: DepositPlan, reference: string, memo: string): Transaction {
  const { holder, source, destination, mint, programId } = plan;
  const transfer = createTransferCheckedInstruction(source, mint, destination, holder, plan.gross, plan.decimals, [], programId);
  transfer.keys.push({ pubkey: new PublicKey(reference), isSigner: false, isWritable: false });
  return new Transaction({ feePayer: holder, blockhash: plan.blockhash, lastValidBlockHeight: plan.lastValidBlockHeight }).add(
    ...(plan.memoRequired ? [memoInstruction(memo)] : []),
    transfer,
  );
}

/** The unsigned transaction as the wallet takes it: base64 of its wire form, the holder's signature still blank. */
export const unsignedBase64 = (transaction: Transaction): string =>
  transaction.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');
