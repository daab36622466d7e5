import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { msg, tokenAmount, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { badRequest, conflict, notFound, unavailable } from '../errors.js';
import { refuseFoundPaidOnChain, refuseWhileRestoreUnaudited } from '../books-audit/index.js';
import { refuseHeldWithdrawals, readPayout, toPayoutJson } from './store.js';
import { needsApproval } from '@stakedesk/shared/withdrawal-approval';
import { recordAudit, type Actor, type AnyActor } from '../audit/index.js';
import { findSettingsRow, storedThreshold } from '../settings/index.js';
import {
  type PayableWithdrawal,
  lockWithdrawal,
  markWithdrawalApproved,
  readWithdrawals,
  toWithdrawalJson,
  type Withdrawal,
  WITHDRAWAL_PAYEES_SQL,
} from '../withdrawals/index.js';
import { createAssociatedTokenAccountIdempotentInstruction, createTransferCheckedInstruction } from '@solana/spl-token';
import { PACKET_DATA_SIZE, PublicKey, Transaction as SolanaTransaction } from '@solana/web3.js';
import { memoInstruction } from '../chain/memo.js';
import { fromRawAmount, toRawAmount } from '@stakedesk/shared/money';
import { grossUp } from '@stakedesk/shared/transfer-fee';
import { associatedTokenAccount } from '../chain/associated-account.js';
import { type Chain, type TokenAccountState, ChainUnavailableError } from '../chain/chain.js';
import type { PreparedPayout } from '@stakedesk/shared/api-types';
import type { PayoutPrepareInput } from '@stakedesk/shared/schemas';
import { isUniqueViolation } from '../db/errors.js';

// A payout prepared (DESIGN 11): which pending withdrawals one payout may pay and whether four eyes
// allow it, the plan the server reads on chain itself (each holder's token account, the transfer fee,
// the payer's balance), the unsigned transaction, and the claim that holds the withdrawals.

/**
 * The withdrawals one payout may pay, or the refusal: each exists and is pending, none is held by
 * another payout, one wallet at most once (the chain proves a payout by what each account
 * received), one staking wallet (the payer) and one mint for all.
 */
async function payableWithdrawals(db: Sequelize, ids: number[], transaction?: Transaction): Promise<PayableWithdrawal[]> {
  const withdrawals = await readWithdrawals(db, ids, transaction, transaction !== undefined);
  if (withdrawals.length !== ids.length) throw notFound(msg('withdrawalNotFound'));
  if (withdrawals.some((w) => w.status !== 'pending')) throw conflict(msg('withdrawalAlreadyProcessed'));
  await refuseHeldWithdrawals(db, ids, transaction);
  // DESIGN 19: never pay what the chain shows paid, nor anything before a restored database is audited.
  await refuseFoundPaidOnChain(db, ids, transaction);
  await refuseWhileRestoreUnaudited(db, transaction);
  const field = (message: Parameters<typeof badRequest>[0]) => badRequest(message, { withdrawalIds: message });
  if (new Set(withdrawals.map((w) => w.walletAddress)).size !== withdrawals.length) throw field(msg('payoutPaysWalletTwice'));
  if (new Set(withdrawals.map((w) => w.stakingWallet)).size !== 1) throw field(msg('payoutMixedPayers'));
  if (new Set(withdrawals.map((w) => w.tokenContract)).size !== 1) throw field(msg('payoutMixedTokens'));
  return withdrawals;
}

/** What the approval rule reads of a withdrawal. */
type ApprovalOf = { finalAmount: string; approvedBy: number | null; approvedAt: Date | null };

/**
 * Four eyes (DESIGN 17): a withdrawal at or above the threshold is paid only once an admin has
 * approved it, and never by the admin who approved it (the server's own automatic payouts have no
 * admin behind them: any admin's approval is the second pair of eyes). 409 approvalRequired otherwise.
 * Read inside the claim's transaction, the threshold as that transaction sees it.
 */
async function requireApprovals(db: Sequelize, withdrawals: ApprovalOf[], payer: AnyActor, transaction?: Transaction): Promise<void> {
  const settings = await findSettingsRow(db, transaction);
  const threshold = settings ? storedThreshold(settings) : '';
  const waiting = withdrawals.find(
    (w) => needsApproval(w.finalAmount, threshold) && (w.approvedAt === null || (payer.id !== null && w.approvedBy === payer.id)),
  );
  if (waiting) throw conflict(msg('approvalRequired', { threshold: tokenAmount(threshold, settings?.tokenSymbol ?? '') }));
}

/**
 * POST /api/admin/withdrawals/{id}/approve: an operator or owner approves a pending withdrawal for
 * payment by someone else. The first approval stands (a second changes nothing and answers the same);
 * one below the threshold may be approved too, so a threshold lowered later does not hold it.
 */
export async function approveWithdrawal(db: Sequelize, id: number, actor: Actor): Promise<Withdrawal> {
  return db.transaction(async (transaction) => {
    const withdrawal = await lockWithdrawal(db, id, transaction);
    if (!withdrawal) throw notFound(msg('withdrawalNotFound'));
    if (withdrawal.status !== 'pending') throw conflict(msg('withdrawalAlreadyProcessed'));
    if (withdrawal.approvedAt !== null) return withdrawal;
    const before = toWithdrawalJson(withdrawal);
    await markWithdrawalApproved(withdrawal, actor, transaction);
    await recordAudit(db, transaction, actor, {
      action: 'withdrawal.approve',
      entityType: 'withdrawal',
      entityId: id,
      before,
      after: { ...toWithdrawalJson(withdrawal), approvedBy: actor.username },
    });
    return withdrawal;
  });
}

type PayoutRecipientPlan = {
  wallet: PublicKey;
  /** The wallet's associated token account of the mint, under the mint's own program. */
  tokenAccount: PublicKey;
  /** Raw units the holder must receive. */
  raw: bigint;
  /** Raw units sent: `raw` plus the mint's transfer fee, grossed up as the program rounds it. */
  sent: bigint;
  createsAccount: boolean;
  /** Token-2022's MemoTransfer on the holder's account: the transfer must follow a memo. */
  memoRequired: boolean;
};

/** Everything a payout transaction is made of; the server reads each part itself. */
type PayoutPlan = {
  payer: PublicKey;
  source: PublicKey;
  mint: PublicKey;
  programId: PublicKey;
  decimals: number;
  blockhash: string;
  lastValidBlockHeight: number;
  memo: string;
  recipients: PayoutRecipientPlan[];
};

const payoutMemo = (payoutId: number) => `Stakedesk payout ${payoutId}`;

/**
 * The payout transaction, unsigned: the missing token accounts created (idempotent, rent paid by
 * the payer), one transferChecked per withdrawal with the mint's program and decimals (the memo
 * right before it where the holder's account requires one), then the memo. The payer is the only
 * signer and pays the fee.
 */
function payoutTransaction(plan: PayoutPlan): SolanaTransaction {
  const { payer, source, mint, programId, decimals } = plan;
  const creations = plan.recipients
    .filter((recipient) => recipient.createsAccount)
    .map((recipient) =>
      createAssociatedTokenAccountIdempotentInstruction(payer, recipient.tokenAccount, recipient.wallet, mint, programId),
    );
  const transfers = plan.recipients.flatMap((recipient) => [
    ...(recipient.memoRequired ? [memoInstruction(plan.memo)] : []),
    createTransferCheckedInstruction(source, mint, recipient.tokenAccount, payer, recipient.sent, decimals, [], programId),
  ]);
  return new SolanaTransaction({ feePayer: payer, blockhash: plan.blockhash, lastValidBlockHeight: plan.lastValidBlockHeight }).add(
    ...creations,
    ...transfers,
    memoInstruction(plan.memo),
  );
}

/** The exact bytes the payer signs. */
const messageOf = (transaction: SolanaTransaction): Uint8Array => new Uint8Array(transaction.serializeMessage());

/** Bytes on the wire once signed: the signatures and the message. */
function signedSize(transaction: SolanaTransaction): number {
  const message = transaction.compileMessage();
  return 1 + 64 * message.header.numRequiredSignatures + message.serialize().length;
}

/** How many of the plan's recipients, from the first, fit one transaction (Solana's 1232 bytes). */
function recipientsThatFit(plan: PayoutPlan): number {
  let fit = 0;
  while (
    fit < plan.recipients.length &&
    signedSize(payoutTransaction({ ...plan, recipients: plan.recipients.slice(0, fit + 1) })) <= PACKET_DATA_SIZE
  ) {
    fit += 1;
  }
  return fit;
}

/** A payout plan before it has an id (the memo names it) and the withdrawal each recipient pays. */
type ChainReadPlan = Omit<PayoutPlan, 'memo'> & { withdrawalIds: number[]; historyTip: string | null };

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
async function readPayoutPlan(
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

/**
 * Raw units the open payouts from `source` will still take (what they send, transfer fees
 * included): the balance a new payout may count on is what is left.
 */
async function committedFrom(db: Sequelize, source: string): Promise<bigint> {
  const [row] = await db.query<{ raw: string }>(
    `SELECT coalesce(sum(coalesce(pw.sent_raw, pw.amount * power(10::numeric, p.decimals))), 0)::numeric(60, 0)::text AS raw
     FROM payouts p JOIN payout_withdrawals pw ON pw.payout_id = p.id
     WHERE p.status IN ('prepared', 'sent') AND p.source_account = :source`,
    { replacements: { source }, type: QueryTypes.SELECT },
  );
  return BigInt(row!.raw);
}

/** How the server itself prepares a payout (automatic payouts, DESIGN 13); an operator's prepare uses none. */
type PrepareOptions = {
  /** Pays from this wallet (the hot wallet) instead of the staking wallet the stakes record. */
  payer?: PublicKey;
  /** Marks the payout as the server's own: the automatic payouts' 24-hour limit counts it. */
  automatic?: boolean;
  /** Runs with the withdrawals locked, before the claim; throwing leaves them unclaimed. */
  beforeClaim?: (transaction: Transaction) => Promise<void>;
};

async function readPlan(db: Sequelize, chain: Chain, ids: number[], actor: AnyActor, payer?: PublicKey): Promise<ChainReadPlan> {
  const withdrawals = await payableWithdrawals(db, ids);
  // Refused before the chain is asked anything; asked again under the claim's locks.
  await requireApprovals(db, withdrawals, actor);
  try {
    return await readPayoutPlan(chain, withdrawals, (source) => committedFrom(db, source), payer);
  } catch (error) {
    if (error instanceof ChainUnavailableError) throw unavailable(msg('notPreparedRetry', { reason: error.reason }), { retryable: true });
    throw error;
  }
}

/** Claims the withdrawals for payout `plan` and keeps the exact message the payer must sign. */
async function claim(
  db: Sequelize,
  transaction: Transaction,
  plan: ChainReadPlan,
  actor: AnyActor,
  options: PrepareOptions,
): Promise<number> {
  // Still payable now that they are locked (another payout, a pasted TXID or a rejection may have come first).
  await requireApprovals(db, await payableWithdrawals(db, plan.withdrawalIds, transaction), actor, transaction);
  await options.beforeClaim?.(transaction);
  const [next] = await db.query<{ id: number }>(`SELECT nextval('payouts_id_seq')::int AS id`, {
    type: QueryTypes.SELECT,
    transaction,
  });
  const id = next!.id;
  const built = { ...plan, memo: payoutMemo(id) };
  const fit = recipientsThatFit(built);
  if (fit < plan.recipients.length)
    throw badRequest(msg('payoutTooLarge', { count: fit }), { withdrawalIds: msg('payoutTooLarge', { count: fit }) });
  const message = messageOf(payoutTransaction(built));
  await db.query(
    `INSERT INTO payouts (id, status, last_valid_block_height, blockhash, payer, mint, token_program, decimals, source_account,
       history_tip, message, created_by, created_by_username, automatic)
     VALUES (:id, 'prepared', :lastValidBlockHeight, :blockhash, :payer, :mint, :programId, :decimals, :source, :historyTip, :message,
       :adminId, :username, :automatic)`,
    {
      replacements: {
        id,
        lastValidBlockHeight: plan.lastValidBlockHeight,
        blockhash: plan.blockhash,
        payer: plan.payer.toBase58(),
        mint: plan.mint.toBase58(),
        programId: plan.programId.toBase58(),
        decimals: plan.decimals,
        source: plan.source.toBase58(),
        historyTip: plan.historyTip,
        message: Buffer.from(message),
        adminId: actor.id,
        username: actor.username,
        automatic: options.automatic ?? false,
      },
      transaction,
    },
  );
  await db.query(
    `INSERT INTO payout_withdrawals (payout_id, withdrawal_id, wallet, token_account, amount, sent_raw, creates_account)
     SELECT :id, r.withdrawal_id, r.wallet, r.token_account, w.final_amount, r.sent_raw::numeric, r.creates_account
     FROM jsonb_to_recordset(:recipients::jsonb) AS r(withdrawal_id integer, wallet text, token_account text, sent_raw text,
       creates_account boolean)
     JOIN ${WITHDRAWAL_PAYEES_SQL} w ON w.id = r.withdrawal_id`,
    {
      replacements: {
        id,
        recipients: JSON.stringify(
          plan.recipients.map((recipient, index) => ({
            withdrawal_id: plan.withdrawalIds[index],
            wallet: recipient.wallet.toBase58(),
            token_account: recipient.tokenAccount.toBase58(),
            sent_raw: recipient.sent.toString(),
            creates_account: recipient.createsAccount,
          })),
        ),
      },
      transaction,
    },
  );
  return id;
}

/**
 * POST /api/admin/payouts: the server builds the payout transaction for these withdrawals from
 * what it reads on chain itself, and claims them: until this payout ends no other payout, pasted
 * TXID or rejection of any of them is accepted (409), on any instance. The answer carries the
 * unsigned transaction for the staking wallet to sign, unchanged.
 */
export async function preparePayout(
  db: Sequelize,
  chain: Chain,
  input: PayoutPrepareInput,
  actor: AnyActor,
  options: PrepareOptions = {},
): Promise<PreparedPayout> {
  const ids = [...input.withdrawalIds].sort((a, b) => a - b);
  const plan = await readPlan(db, chain, ids, actor, options.payer);
  try {
    return await db.transaction(async (transaction) => {
      const id = await claim(db, transaction, plan, actor, options);
      const prepared = toPayoutJson((await readPayout(db, id, transaction))!) as PreparedPayout;
      const { transaction: _unsigned, ...logged } = prepared;
      await recordAudit(db, transaction, actor, { action: 'payout.prepare', entityType: 'payout', entityId: id, after: logged });
      return prepared;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(msg('payoutInFlight'));
    throw error;
  }
}
