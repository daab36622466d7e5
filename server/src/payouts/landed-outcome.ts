import { msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { fromRawAmount, toRawAmount } from '@stakedesk/shared/money';
import type { LandedTransaction } from '../chain/chain.js';
import { splitTransaction } from '../chain/signed-copy.js';
import type { BuiltPayoutRow } from './payout-records.js';

/** What one token account gained of `mint` in the transaction, and who owned it afterwards. */
function accountChange(landed: LandedTransaction, account: string, mint: string): { received: bigint; owner: string | null } {
  const index = landed.accountKeys.indexOf(account);
  const find = (balances: LandedTransaction['preTokenBalances']) => balances.find((b) => b.accountIndex === index && b.mint === mint);
  const before = find(landed.preTokenBalances);
  const after = find(landed.postTokenBalances);
  return { received: (after?.amount ?? 0n) - (before?.amount ?? 0n), owner: after?.owner ?? null };
}

/**
 * How a landed, successful copy of the payout paid each withdrawal: null when the holder's token
 * account received exactly what is owed and still belonged to the holder's wallet, else why not
 * (the account changed hands between preparing and landing; a transfer fee took a share). Read
 * from the transaction's own token balances, never from what anyone says it did.
 */
export function recipientReasons(payout: BuiltPayoutRow, landed: LandedTransaction): Map<number, CodedMessage | null> {
  const reasons = new Map<number, CodedMessage | null>();
  for (const recipient of payout.recipients) {
    const account = recipient.tokenAccount!;
    const owed = toRawAmount(recipient.amount, payout.decimals);
    const { received, owner } = accountChange(landed, account, payout.mint);
    if (owner !== recipient.wallet) {
      reasons.set(recipient.withdrawalId, msg('payoutDestinationChangedHands', { account, owner: owner ?? '?', wallet: recipient.wallet }));
    } else if (received !== owed) {
      const tokens = (raw: bigint) => fromRawAmount(raw, payout.decimals);
      reasons.set(recipient.withdrawalId, msg('payoutReceivedShort', { account, received: tokens(received), amount: recipient.amount }));
    } else {
      reasons.set(recipient.withdrawalId, null);
    }
  }
  return reasons;
}

/** Whether `wallet` signed the transaction (the fee payer is its first signer): signers are the first keys, one per signature. */
function signedBy(landed: LandedTransaction, wallet: string): boolean {
  const signatures = splitTransaction(landed.wire)?.signatures.length ?? 0;
  return landed.accountKeys.slice(0, signatures).includes(wallet);
}

/**
 * The first recipient account that a transaction the server did not prepare, signed by the
 * payout's payer, sent tokens of the payout's mint to, if any (DESIGN 15): tokens the payer's
 * wallet sent another way. Anyone may send a holder tokens; a transfer the payer did not sign is
 * not the payout's business.
 */
export function foreignPayment(payout: BuiltPayoutRow, landed: LandedTransaction): string | null {
  if (landed.failed || !signedBy(landed, payout.payer)) return null;
  const paid = payout.recipients.find((recipient) => accountChange(landed, recipient.tokenAccount!, payout.mint).received > 0n);
  return paid?.tokenAccount ?? null;
}
