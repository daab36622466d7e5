import type { UnrecordedDeposit } from '@stakedesk/shared/api-types';

/**
 * The server believes the chain, not the browser (DESIGN section 3). Every deposit is proven by
 * `verifyDeposit` before a stake is recorded, and every payout by `verifyPayout` before a
 * withdrawal is completed.
 */
export type DepositClaim = {
  txId: string;
  /** The holder's wallet: owner of the token account the tokens left. */
  walletAddress: string;
  /** Whole tokens. */
  amount: string;
  mint: string;
  stakingWallet: string;
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
};

/** `ok: false` carries a sentence for the person who sent the claim, saying what does not match. */
export type Verdict = { ok: true } | { ok: false; reason: string };

/** The chain could not be asked (RPC down, slow, rate-limited): nothing may be recorded; retry later. */
export class ChainUnavailableError extends Error {}

export interface ChainVerifier {
  verifyDeposit(claim: DepositClaim): Promise<Verdict>;
  verifyPayout(claim: PayoutClaim): Promise<Verdict>;
}

/** A transfer into the staking wallet that no stake records (the operator's safety net). */

export interface Chain extends ChainVerifier {
  /** Among the staking wallet's latest `limit` transactions, deposits whose txId `recorded` does not know. */
  unrecordedDeposits(
    mint: string,
    stakingWallet: string,
    limit: number,
    recorded: (txIds: string[]) => Promise<Set<string>>,
  ): Promise<UnrecordedDeposit[]>;
  /** What `owner` holds of `mint` across its token accounts, in tokens (decimal string). */
  tokenBalance(mint: string, owner: string): Promise<string>;
}
