import { PublicKey } from '@solana/web3.js';
import { msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { fromRawAmount, toRawAmount } from '@stakedesk/shared/money';
import { grossUp } from '@stakedesk/shared/transfer-fee';
import { associatedTokenAccount } from '../chain/associated-account.js';
import type { Chain, TokenAccountState } from '../chain/chain.js';
import { conflict } from '../errors.js';
import type { PayableWithdrawal } from './payable-withdrawals.js';
import type { PayoutPlan } from './payout-transaction.js';

/** A payout plan before it has an id (the memo names it) and the withdrawal each recipient pays. */
export type ChainReadPlan = Omit<PayoutPlan, 'memo'> & { withdrawalIds: number[]; historyTip: string | null };

/** Why paying into this account would not pay the holder; null when it is theirs, of this mint, and open. */
function destinationProblem(account: TokenAccountState, wallet: string, mint: string, programId: string): CodedMessage | null {
  if (account.programId !== programId) return msg('destinationNotTokenAccount');
  if (account.owner !== wallet) return msg('destinationOwnedByOther', { owner: account.owner, wallet });
  if (account.mint !== mint) return msg('destinationOtherMint', { mint: account.mint });
  if (account.state === 'frozen') return msg('destinationFrozen');
  return null;
}

/**
 * Everything the payout transaction is made of, read by the server itself: the mint's program
 * and decimals and transfer fee (each holder is sent what they are owed plus the fee, so they
 * receive exactly that), the payer's account the tokens leave and its balance (less what open payouts
 * from it will take), each holder's associated token account under the mint's program (checked:
 * the holder's, this mint's, not frozen; created when missing), the payer's newest transaction
 * (looking back to it finds any copy of this payout that lands) and then a fresh blockhash.
 * Nothing here is claimed: a refusal leaves every withdrawal as it was.
 */
export async function readPayoutPlan(
  chain: Chain,
  withdrawals: PayableWithdrawal[],
  committedRaw: (source: string) => Promise<bigint>,
  /** The wallet that pays, when not the staking wallet the stakes record (the hot wallet). */
  payerOverride?: PublicKey,
): Promise<ChainReadPlan> {
  const mintAddress = withdrawals[0]!.tokenContract;
  const payerAddress = payerOverride?.toBase58() ?? withdrawals[0]!.stakingWallet;
  const mintState = await chain.mint(mintAddress);
  if (!mintState) throw conflict(msg('payoutMintUnknown', { mint: mintAddress }));
  const mint = new PublicKey(mintAddress);
  const programId = new PublicKey(mintState.programId);
  const payer = new PublicKey(payerAddress);
  const source = associatedTokenAccount(mint, payer, programId);
  const destinations = withdrawals.map((w) => associatedTokenAccount(mint, new PublicKey(w.walletAddress), programId));
  const [sourceAccount, ...destinationAccounts] = await chain.tokenAccounts([source, ...destinations].map((key) => key.toBase58()));

  if (!sourceAccount || destinationProblem(sourceAccount, payerAddress, mintAddress, mintState.programId)) {
    throw conflict(msg('payoutNoSourceAccount', { wallet: payerAddress, mint: mintAddress }));
  }
  withdrawals.forEach((withdrawal, index) => {
    const account = destinationAccounts[index];
    const problem = account && destinationProblem(account, withdrawal.walletAddress, mintAddress, mintState.programId);
    if (problem) {
      const message = msg('payoutDestinationUnsafe', {
        account: destinations[index]!.toBase58(),
        withdrawalId: withdrawal.id,
        reason: problem,
      });
      throw conflict(message, { withdrawalId: withdrawal.id });
    }
  });

  const recipients = withdrawals.map((withdrawal, index) => {
    const raw = toRawAmount(withdrawal.finalAmount, mintState.decimals);
    return {
      wallet: new PublicKey(withdrawal.walletAddress),
      tokenAccount: destinations[index]!,
      raw,
      sent: grossUp(raw, mintState.transferFee),
      createsAccount: !destinationAccounts[index],
      memoRequired: destinationAccounts[index]?.memoRequired ?? false,
    };
  });
  const needed = recipients.reduce((sum, recipient) => sum + recipient.sent, 0n);
  const available = sourceAccount.amount - (await committedRaw(source.toBase58()));
  if (available < needed) {
    const tokens = (raw: bigint) => fromRawAmount(raw > 0n ? raw : 0n, mintState.decimals);
    throw conflict(msg('payoutInsufficientBalance', { account: source.toBase58(), available: tokens(available), needed: tokens(needed) }));
  }

  const [tip] = await chain.signaturesForAddress(payerAddress, 1);
  const { blockhash, lastValidBlockHeight } = await chain.latestBlockhash();
  return {
    payer,
    source,
    mint,
    programId,
    decimals: mintState.decimals,
    blockhash,
    lastValidBlockHeight,
    recipients,
    withdrawalIds: withdrawals.map((w) => w.id),
    historyTip: tip?.signature ?? null,
  };
}
