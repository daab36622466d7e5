import '../../lib/solana/buffer-global.js';
import { getMint } from '@solana/spl-token';
import { Connection, PublicKey, Transaction } from '@solana/web3.js';
import bs58 from 'bs58';
import type { Payout, Withdrawal } from '@stakedesk/shared/api-types';
import { formatScaled } from '@stakedesk/shared/decimal';
import { largestTokenAccount, waitForConfirmation } from '../../lib/solana/token-transfer.js';
import { TransferError } from '../../lib/solana/transfer-errors.js';
import { isUserRejection } from '../../lib/wallet/wallet-rejection.js';
import type { PhantomProvider } from '../../lib/wallet/phantom.js';
import { PayoutError, type PayoutOutcome } from './payout-errors.js';
import { planPayouts } from './payout-transactions.js';
import { CHAIN_COMMITMENT } from '@stakedesk/shared/constants';

export type PayWithdrawalsInput = {
  provider: PhantomProvider;
  /** The connected wallet must be the staking wallet every withdrawal is owed from. */
  stakingWallet: string;
  withdrawals: Withdrawal[];
  /** The server's RPC proxy (/api/rpc) and the admin token it wants for sending. */
  rpcUrl: string;
  adminToken: string;
  /**
   * POST /api/admin/payouts: the payout as the server records it (an earlier one when this very
   * transaction was registered before); throws, with the server's reason, when another payout holds a withdrawal.
   */
  register(withdrawals: Withdrawal[], signature: string, lastValidBlockHeight: number): Promise<Payout>;
  /** How long to watch for confirmation after sending; the server follows the payout either way. */
  confirmTimeoutMs?: number;
};

/** The one token and wallet the selected withdrawals are owed in and from (each records its stake's). */
function owedFrom(withdrawals: Withdrawal[], stakingWallet: string): PublicKey {
  const other = withdrawals.find((w) => w.stakingWallet !== stakingWallet);
  if (other) throw new PayoutError('otherStakingWallet', { values: { wallet: other.stakingWallet } });
  const mints = new Set(withdrawals.map((w) => w.tokenContract));
  if (mints.size !== 1) throw new PayoutError('mixedTokens');
  return new PublicKey([...mints][0]!);
}

async function signWithWallet(provider: PhantomProvider, transaction: Transaction): Promise<Uint8Array> {
  if (!provider.signTransaction) throw new PayoutError('cannotSign');
  try {
    return (await provider.signTransaction(transaction)).serialize();
  } catch (error) {
    if (isUserRejection(error)) throw new PayoutError('rejected');
    throw new PayoutError('sendFailed', { detail: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * Pays the withdrawals from the connected staking wallet (web3.js and spl-token load only with
 * this module), so that money moves exactly once: each transaction is signed by the wallet,
 * registered with the server (which refuses it while another payout of a withdrawal is open, and
 * from then on follows it to its end on chain by itself), and only then sent. A failure after
 * sending loses nothing: the server completes the withdrawals when the transaction lands, and
 * frees them if it never does.
 */
export async function payWithdrawals({
  provider,
  stakingWallet,
  withdrawals,
  rpcUrl,
  adminToken,
  register,
  confirmTimeoutMs = 60_000,
}: PayWithdrawalsInput): Promise<PayoutOutcome[]> {
  const connected = provider.publicKey?.toString();
  if (!connected) throw new PayoutError('noWallet');
  if (connected !== stakingWallet) throw new PayoutError('notStakingWallet', { values: { wallet: connected, stakingWallet } });
  const payer = new PublicKey(stakingWallet);
  const mint = owedFrom(withdrawals, stakingWallet);
  const connection = new Connection(rpcUrl, { commitment: CHAIN_COMMITMENT, httpHeaders: { authorization: `Bearer ${adminToken}` } });

  const { decimals } = await getMint(connection, mint, CHAIN_COMMITMENT);
  const source = await largestTokenAccount(connection, payer, mint);
  if (!source) throw new PayoutError('noSourceAccount');
  const { batches, totalRaw } = await planPayouts({ connection, payer, source: source.address, mint, decimals, items: withdrawals });
  if (source.raw < totalRaw) {
    const tokens = (units: bigint) => formatScaled({ units, scale: decimals });
    throw new PayoutError('insufficientBalance', { values: { available: tokens(source.raw), needed: tokens(totalRaw) } });
  }

  const outcomes: PayoutOutcome[] = [];
  const stop = (error: PayoutError) => Object.assign(error, { outcomes });
  for (const { items, transaction } of batches) {
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash(CHAIN_COMMITMENT);
    transaction.recentBlockhash = blockhash;
    transaction.lastValidBlockHeight = lastValidBlockHeight;
    let signed: Uint8Array;
    try {
      signed = await signWithWallet(provider, transaction);
    } catch (error) {
      throw stop(error as PayoutError);
    }
    const signature = bs58.encode(Transaction.from(signed).signature!);
    let registered: Payout;
    try {
      registered = await register(items, signature, lastValidBlockHeight);
    } catch (error) {
      // Registered nothing, sent nothing: the signed transaction is dropped here.
      throw stop(new PayoutError('refused', { detail: error instanceof Error ? error.message : String(error), cause: error }));
    }
    if (registered.status === 'completed') {
      // Two windows signed the very same transaction (same wallet, withdrawals and blockhash: the
      // same signature), and the other's copy already landed: it paid these; sending it again
      // would only be refused as already processed.
      outcomes.push({ withdrawals: items, signature, confirmed: true });
      continue;
    }
    try {
      await connection.sendRawTransaction(signed, { preflightCommitment: CHAIN_COMMITMENT });
    } catch (error) {
      // Refused before it went out (the simulation failed): it can never land; the server frees
      // its withdrawals when its blockhash expires.
      throw stop(new PayoutError('notSent', { detail: error instanceof Error ? error.message : String(error) }));
    }
    try {
      await waitForConfirmation(connection, signature, lastValidBlockHeight, confirmTimeoutMs);
      outcomes.push({ withdrawals: items, signature, confirmed: true });
    } catch (error) {
      if (error instanceof TransferError && error.code === 'failedOnChain') {
        throw stop(new PayoutError('failedOnChain', { detail: error.detail }));
      }
      // Sent, but its confirmation could not be read (RPC down, rate-limited, slow): the server follows it.
      outcomes.push({ withdrawals: items, signature, confirmed: false });
    }
  }
  return outcomes;
}
