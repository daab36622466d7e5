import type { UnrecordedDeposit } from '@stakedesk/shared/api-types';
import { english, msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import type { ReserveAccount } from '@stakedesk/shared/reserves/snapshot';
import type { TransferFee } from '@stakedesk/shared/transfer-fee';

/**
 * The server believes the chain, not the browser. Every deposit is proven by
 * `verifyDeposit` before a stake is recorded, and every payout by `verifyPayout` before a
 * withdrawal is completed.
 */
export type DepositClaim = {
  txId: string;
  /**
   * The holder's wallet: owner of the token account the tokens left. Null for a scan-to-stake
   * intent, whose holder is whoever sent the transfer (the one wallet whose tokens left).
   */
  walletAddress: string | null;
  /** Whole tokens. */
  amount: string;
  mint: string;
  stakingWallet: string;
  /** A deposit intent's reference key (Solana Pay): the transaction must list it among its accounts. */
  reference?: string;
};

/**
 * One holder's share of a payout transaction, which may pay several holders at once. Measured by
 * owner, so what one wallet received in one transaction pays one withdrawal.
 */
export type PayoutClaim = {
  txId: string;
  /** The holder's wallet: owner of the token account the tokens must reach. */
  walletAddress: string;
  /** Whole tokens. */
  amount: string;
  mint: string;
  /** The tokens must leave the staking wallet. */
  stakingWallet: string;
  /** When the withdrawal was requested: a transaction from before then cannot be its payout. */
  notBefore: Date;
};

/**
 * `ok: false` carries a sentence for the person who sent the claim, saying what does not match
 * (coded; see chainReason for a plain string).
 * `retryable`: the chain does not know the transaction (yet); load-balanced RPC providers answer
 * so for a while after confirmation, so this is never a final refusal.
 */
export type Verdict = { ok: true } | { ok: false; reason: CodedMessage | string; retryable?: true };

/** A deposit's verdict names the wallet it proved the tokens left. */
export type DepositVerdict = { ok: true; sender: string } | Exclude<Verdict, { ok: true }>;

/** A transaction that mentions an address (getSignaturesForAddress), newest first. */
export type SignatureInfo = {
  signature: string;
  failed: boolean;
  /** When its block was made (seconds since the epoch), as the validators estimate it; null when unknown. */
  blockTime: number | null;
};

/** Where a sent transaction stands (getSignatureStatuses); null when the chain does not know it. */
export type SignatureState = { finalized: boolean; failed: boolean };

/** The chain could not be asked (RPC down, slow, rate-limited): nothing may be recorded; retry later. */
export class ChainUnavailableError extends Error {
  readonly reason: CodedMessage;

  constructor(reason: CodedMessage | string) {
    const coded = chainReason(reason);
    super(english(coded));
    this.reason = coded;
  }
}

/** A chain's reason as a coded message (a plain sentence, as test chains give, travels as the detail of `chainProblem`). */
export function chainReason(reason: CodedMessage | string): CodedMessage {
  return typeof reason === 'string' ? msg('chainProblem', { detail: reason }) : reason;
}

export interface ChainVerifier {
  verifyDeposit(claim: DepositClaim): Promise<DepositVerdict>;
  verifyPayout(claim: PayoutClaim): Promise<Verdict>;
  /** Every account the transaction lists (a deposit's reference among them); null when the chain does not know it. */
  accountKeys(txId: string): Promise<string[] | null>;
  /** Every account the transaction lists and its token balances before and after; null when the chain does not know it. */
  tokenActivity(txId: string): Promise<TokenActivity | null>;
}

/** What a transaction did to token accounts, as its own balances say: what the deposit follower and the outflow ledger read. */
export type TokenActivity = {
  /** Static keys, then those loaded from lookup tables, in the order the balances index them. */
  accountKeys: string[];
  preTokenBalances: AccountTokenBalance[];
  postTokenBalances: AccountTokenBalance[];
};

/** Bounds for a history read (getSignaturesForAddress): both exclusive, like the RPC's. */
export type HistoryBounds = { before?: string; until?: string };

/** What the server follows by itself: deposits by their reference, payouts by their signature. */
export interface ChainFollower {
  /** The latest `limit` successful or failed transactions that list `address`, newest first (within `bounds`). */
  signaturesForAddress(address: string, limit: number, bounds?: HistoryBounds): Promise<SignatureInfo[]>;
  signatureStatuses(signatures: string[]): Promise<(SignatureState | null)[]>;
  /** The block height at that commitment: a blockhash valid until a lower height can no longer land. */
  blockHeight(commitment: 'confirmed' | 'finalized'): Promise<number>;
}

/** A mint as the chain holds it (chain/mint-profile.ts reads it from its bytes). */
export type MintState = {
  /** The token program that owns it: classic SPL Token or Token-2022. */
  programId: string;
  decimals: number;
  /** spl-token's names (TransferFeeConfig, MetadataPointer, ...); an extension it does not know as `Extension<number>`. */
  extensions: string[];
  /** The transfer fee in force in the current epoch; null when transfers are free. */
  transferFee: TransferFee | null;
  /** The mint's older and newer fee (null: free): a transaction that landed near an epoch change paid one of them. */
  recentTransferFees: (TransferFee | null)[];
  /** A DefaultAccountState extension that makes every new token account frozen. */
  frozenByDefault: boolean;
  /** The wallet that can freeze any of the mint's token accounts (the staking wallet's too); null when none. */
  freezeAuthority: string | null;
};

/** A token account as the chain holds it (either token program). */
export type TokenAccountState = {
  programId: string;
  mint: string;
  owner: string;
  amount: bigint;
  state: 'initialized' | 'frozen';
  /** Token-2022's MemoTransfer: every transfer into the account must follow a memo instruction. */
  memoRequired: boolean;
};

/** One account's token balance before or after a transaction, by its index in the transaction's account keys. */
export type AccountTokenBalance = { accountIndex: number; mint: string; owner: string | null; amount: bigint };

/** A transaction that landed, with its exact bytes: what a payout's outcome is read from. */
export type LandedTransaction = {
  signature: string;
  /** The whole transaction as sent: signatures then message. */
  wire: Uint8Array;
  /** The slot it landed in: its token balances are the accounts' balances at that slot. */
  slot: number;
  failed: boolean;
  /** Every account the transaction used, in the order its token balances index them. */
  accountKeys: string[];
  preTokenBalances: AccountTokenBalance[];
  postTokenBalances: AccountTokenBalance[];
};

/** What building, sending and following a payout needs of the chain. */
export interface PayoutChain {
  /** A recent blockhash and the last block height at which a transaction carrying it can land. */
  latestBlockhash(): Promise<{ blockhash: string; lastValidBlockHeight: number }>;
  /** null when the address holds no mint of either token program. Fresh to within a minute (a mint's fee can change). */
  mint(address: string): Promise<MintState | null>;
  /** Each address's token account, or null where there is none (or not a token account). */
  tokenAccounts(addresses: string[]): Promise<(TokenAccountState | null)[]>;
  /** Hands a signed transaction to the network once (no preflight, no retries by the RPC): the caller sends again. */
  sendTransaction(wire: Uint8Array): Promise<void>;
  /** The transaction as it landed (confirmed or better), or null while the chain does not know it. */
  landedTransaction(signature: string): Promise<LandedTransaction | null>;
}

/** Every token account of a mint that some owners hold, with its balance, all read at one slot. */
export type ReserveBalances = { slot: number; accounts: ReserveAccount[] };

/** At most this many token accounts are read at one slot (one getMultipleAccounts call). */
export const MAX_RESERVE_ACCOUNTS = 100;

export interface Chain extends ChainVerifier, ChainFollower, PayoutChain {
  /** Among the staking wallet's latest `limit` transactions, deposits whose txId `recorded` does not know. */
  unrecordedDeposits(
    mint: string,
    stakingWallet: string,
    limit: number,
    recorded: (txIds: string[]) => Promise<Set<string>>,
  ): Promise<UnrecordedDeposit[]>;
  /** What `owner` holds of `mint` across its token accounts, in tokens (decimal string). */
  tokenBalance(mint: string, owner: string): Promise<string>;
  /** The address of every token account of `mint` that `owner` holds (either token program). */
  tokenAccountsOf(owner: string, mint: string): Promise<string[]>;
  /**
   * Every token account of `mint` (either token program) owned by one of `owners`, with its raw
   * balance, every balance at the one slot answered (DESIGN 14's reserves). Owners in the order
   * given, each one's accounts by address. More than MAX_RESERVE_ACCOUNTS accounts: refused.
   */
  reserveBalances(mint: string, owners: string[]): Promise<ReserveBalances>;
}
