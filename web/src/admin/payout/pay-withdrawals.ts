import '../../features/staking/buffer-global.js';
import { getMint } from '@solana/spl-token';
import { Connection, PublicKey, type Transaction } from '@solana/web3.js';
import type { Withdrawal } from '@stakedesk/shared/api-types';
import { formatScaled } from '@stakedesk/shared/decimal';
import { largestTokenAccount, signSendAndConfirm, type SigningWallet } from '../../features/staking/token-transfer.js';
import { TransferError } from '../../features/staking/transfer-errors.js';
import type { PhantomProvider } from '../../features/wallet/phantom.js';
import { PayoutError, type PayoutOutcome } from './payout-errors.js';
import { planPayouts } from './payout-transactions.js';

export type PayWithdrawalsInput = {
  provider: PhantomProvider;
  /** The configured staking wallet: the connected wallet must be it. */
  stakingWallet: string;
  mint: string;
  withdrawals: Withdrawal[];
  /** The server's RPC proxy (/api/rpc). */
  rpcUrl: string;
  /** The same completion the paste-TXID dialog sends; throws with the server's reason when refused. */
  complete(withdrawal: Withdrawal, signature: string): Promise<void>;
};

const fromTransferError = (error: unknown, outcomes: PayoutOutcome[]): PayoutError => {
  if (error instanceof TransferError && error.code === 'rejected') return new PayoutError('rejected', { outcomes });
  if (error instanceof TransferError && error.code === 'failedOnChain') return new PayoutError('failedOnChain', { detail: error.detail, outcomes });
  const detail = error instanceof TransferError ? error.detail || error.message : error instanceof Error ? error.message : String(error);
  return new PayoutError('sendFailed', { detail, outcomes });
};

/**
 * Pays the withdrawals from the connected staking wallet (web3.js and spl-token load only with
 * this module): as few transactions as fit, each signed and sent by the wallet and confirmed,
 * then every withdrawal it paid is completed on the server with its signature. A refusal from
 * the server leaves that withdrawal pending with the signature kept in its outcome.
 */
export async function payWithdrawals({ provider, stakingWallet, mint, withdrawals, rpcUrl, complete }: PayWithdrawalsInput): Promise<PayoutOutcome[]> {
  const connected = provider.publicKey?.toString();
  if (!connected) throw new PayoutError('noWallet');
  if (connected !== stakingWallet) throw new PayoutError('notStakingWallet', { values: { wallet: connected, stakingWallet } });
  const payer = new PublicKey(stakingWallet);
  const mintKey = new PublicKey(mint);
  const connection = new Connection(rpcUrl, 'confirmed');
  const wallet: SigningWallet = { publicKey: payer, signAndSendTransaction: (transaction: Transaction) => provider.signAndSendTransaction(transaction) };

  const { decimals } = await getMint(connection, mintKey, 'confirmed');
  const source = await largestTokenAccount(connection, payer, mintKey);
  if (!source) throw new PayoutError('noSourceAccount');
  const { batches, totalRaw } = await planPayouts({ connection, payer, source: source.address, mint: mintKey, decimals, items: withdrawals });
  if (source.raw < totalRaw) {
    const tokens = (units: bigint) => formatScaled({ units, scale: decimals });
    throw new PayoutError('insufficientBalance', { values: { available: tokens(source.raw), needed: tokens(totalRaw) } });
  }

  const outcomes: PayoutOutcome[] = [];
  for (const { items, transaction } of batches) {
    let signature: string;
    try {
      const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash('confirmed');
      transaction.recentBlockhash = blockhash;
      transaction.lastValidBlockHeight = lastValidBlockHeight;
      signature = await signSendAndConfirm(connection, wallet, transaction, lastValidBlockHeight);
    } catch (error) {
      throw fromTransferError(error, outcomes);
    }
    for (const withdrawal of items) {
      try {
        await complete(withdrawal, signature);
        outcomes.push({ withdrawal, signature, verified: true });
      } catch (error) {
        outcomes.push({ withdrawal, signature, verified: false, reason: error instanceof Error ? error.message : String(error) });
      }
    }
  }
  return outcomes;
}
