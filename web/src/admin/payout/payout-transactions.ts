import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { toRawAmount } from '@stakedesk/shared/money';
import { PACKET_DATA_SIZE, PublicKey, Transaction, type Connection, type TransactionInstruction } from '@solana/web3.js';
import { CHAIN_COMMITMENT } from '@stakedesk/shared/constants';

/** One holder to pay: finalAmount whole tokens to the wallet's associated token account. */
export type PayoutItem = { walletAddress: string; finalAmount: string };

export type PayoutPlan<T extends PayoutItem> = {
  /** The transactions to sign, in order, each with the items it pays; blockhash set when sending. */
  batches: { items: T[]; transaction: Transaction }[];
  /** Raw units the payouts need in total. */
  totalRaw: bigint;
};

type PlanInput<T extends PayoutItem> = {
  connection: Connection;
  /** The staking wallet: signs, pays the fees and any new token account's rent. */
  payer: PublicKey;
  /** The staking wallet's token account the tokens leave. */
  source: PublicKey;
  mint: PublicKey;
  decimals: number;
  items: T[];
};

// Any valid blockhash serializes to the same size: 32 bytes.
const PLACEHOLDER_BLOCKHASH = PublicKey.default.toBase58();
const GET_MULTIPLE_ACCOUNTS_LIMIT = 100;

/** Bytes on the wire once signed: the signatures and the message. */
function wireSize(transaction: Transaction): number {
  const message = transaction.compileMessage();
  return 1 + 64 * message.header.numRequiredSignatures + message.serialize().length;
}

async function missingAccounts(connection: Connection, accounts: PublicKey[]): Promise<Set<string>> {
  const missing = new Set<string>();
  for (let start = 0; start < accounts.length; start += GET_MULTIPLE_ACCOUNTS_LIMIT) {
    const chunk = accounts.slice(start, start + GET_MULTIPLE_ACCOUNTS_LIMIT);
    const infos = await connection.getMultipleAccountsInfo(chunk, CHAIN_COMMITMENT);
    infos.forEach((info, index) => !info && missing.add(chunk[index]!.toBase58()));
  }
  return missing;
}

/**
 * Turns payouts into as few transactions as fit Solana's 1232-byte limit. Each pays one wallet at
 * most once, because the server proves a payout by what the wallet received in the transaction:
 * two withdrawals of one holder go in separate transactions. A holder without a token account of
 * the mint gets its associated one created (idempotent, so a race with the holder is harmless).
 */
export async function planPayouts<T extends PayoutItem>({
  connection,
  payer,
  source,
  mint,
  decimals,
  items,
}: PlanInput<T>): Promise<PayoutPlan<T>> {
  const destinations = items.map((item) => getAssociatedTokenAddressSync(mint, new PublicKey(item.walletAddress), true));
  const missing = await missingAccounts(connection, [...new Map(destinations.map((d) => [d.toBase58(), d])).values()]);

  const instructionsOf = (item: T, index: number): TransactionInstruction[] => {
    const destination = destinations[index]!;
    const owner = new PublicKey(item.walletAddress);
    const create = missing.has(destination.toBase58())
      ? [createAssociatedTokenAccountIdempotentInstruction(payer, destination, owner, mint)]
      : [];
    return [
      ...create,
      createTransferCheckedInstruction(source, mint, destination, payer, toRawAmount(item.finalAmount, decimals), decimals),
    ];
  };
  const emptyTransaction = () => new Transaction({ feePayer: payer, recentBlockhash: PLACEHOLDER_BLOCKHASH });

  const batches: PayoutPlan<T>['batches'] = [];
  let current: { items: T[]; transaction: Transaction } | undefined;
  items.forEach((item, index) => {
    const instructions = instructionsOf(item, index);
    const paysWalletAlready = current?.items.some((paid) => paid.walletAddress === item.walletAddress);
    if (current && !paysWalletAlready) {
      const tried = emptyTransaction().add(...current.transaction.instructions, ...instructions);
      if (wireSize(tried) <= PACKET_DATA_SIZE) {
        current.transaction = tried;
        current.items.push(item);
        return;
      }
    }
    current = { items: [item], transaction: emptyTransaction().add(...instructions) };
    batches.push(current);
  });
  const totalRaw = items.reduce((sum, item) => sum + toRawAmount(item.finalAmount, decimals), 0n);
  return { batches, totalRaw };
}
