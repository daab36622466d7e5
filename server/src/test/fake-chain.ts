import { PublicKey } from '@solana/web3.js';
import type { UnrecordedDeposit } from '@stakedesk/shared/api-types';
import { toScaled } from '@stakedesk/shared/decimal';
import { associatedTokenAccount } from '../chain/associated-account.js';
import {
  ChainUnavailableError,
  type Chain,
  type DepositClaim,
  type DepositVerdict,
  type LandedTransaction,
  type MintState,
  type PayoutClaim,
  type ReserveBalances,
  type TokenAccountState,
  type TokenActivity,
  type SignatureInfo,
  type SignatureState,
  type Verdict,
} from '../chain/chain.js';

const CLASSIC_MINT: MintState = {
  programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  decimals: 6,
  extensions: [],
  transferFee: null,
  recentTransferFees: [null],
  frozenByDefault: false,
  freezeAuthority: null,
};

const FAKE_BLOCKHASH = 'GHtXQBsoZHVnNFa9YevAzFr17DJjgHXk3ycTKD5xD3Zi';

type PayoutTransfer = Omit<PayoutClaim, 'txId' | 'stakingWallet' | 'notBefore'> & { stakingWallet?: string };
/** A transfer on chain always has its sender, even when the claim about it (scan to stake) names none. */
type DepositTransfer = DepositClaim & { walletAddress: string };

/**
 * Stands in for the chain in API tests: a claim is proven only when the test put exactly that
 * transfer "on chain" first. (The real verifier runs against the SPL Token program in the
 * on-chain tests.)
 */
export class FakeChain implements Chain {
  reachable = true;
  mintDecimals = 6;
  /** Mints other than a plain classic one, by address. */
  readonly mints = new Map<string, MintState | null>();
  /** The chain's block height (every commitment). */
  height = 1_000;
  /** Token balances "on chain", by mint then owner. */
  readonly balances = new Map<string, Map<string, string>>();
  readonly calls: { kind: 'deposit' | 'payout'; txId: string }[] = [];
  private readonly deposits = new Map<string, Omit<DepositTransfer, 'txId'>>();
  /** A payout transaction may pay several holders: its transfers, by txId, and when it landed. */
  private readonly payouts = new Map<string, { transfers: PayoutTransfer[]; at: Date }>();

  addDeposit({ txId, reference, ...transfer }: DepositTransfer): void {
    this.deposits.set(txId, reference ? { ...transfer, reference } : transfer);
  }

  /** One more transfer in payout transaction `txId`; without `stakingWallet` it counts as sent from the configured one. */
  addPayout({ txId, ...transfer }: Omit<PayoutClaim, 'stakingWallet' | 'notBefore'> & { stakingWallet?: string }, at = new Date()): void {
    const known = this.payouts.get(txId);
    this.payouts.set(txId, { transfers: [...(known?.transfers ?? []), transfer], at: known?.at ?? at });
  }

  private check<T extends object>(kind: 'deposit' | 'payout', onChain: T | undefined, txId: string, claim: Partial<T>): Verdict {
    this.calls.push({ kind, txId });
    if (!this.reachable) throw new ChainUnavailableError('The Solana RPC endpoint is unreachable');
    if (!onChain) return { ok: false, reason: 'Transaction not found on chain', retryable: true };
    const differing = (Object.keys(claim) as (keyof T)[]).find((key) => claim[key] !== undefined && onChain[key] !== claim[key]);
    return differing ? { ok: false, reason: `The transaction's ${String(differing)} does not match` } : { ok: true };
  }

  /** A claim without a wallet (scan to stake) matches whoever sent the transfer. */
  async verifyDeposit({ txId, walletAddress, ...claim }: DepositClaim): Promise<DepositVerdict> {
    const onChain = this.deposits.get(txId);
    const verdict = this.check('deposit', onChain, txId, { ...claim, walletAddress: walletAddress ?? undefined });
    return verdict.ok ? { ok: true, sender: onChain!.walletAddress } : verdict;
  }

  /** The holder's own transfer in the transaction is the one checked, as the real verifier measures by owner. */
  async verifyPayout({ txId, notBefore, ...claim }: PayoutClaim): Promise<Verdict> {
    const payout = this.payouts.get(txId);
    const own = payout?.transfers.find((transfer) => transfer.walletAddress === claim.walletAddress) ?? payout?.transfers[0];
    const onChain = own && { ...own, stakingWallet: own.stakingWallet ?? claim.stakingWallet };
    const verdict = this.check('payout', onChain, txId, claim);
    if (verdict.ok && Math.floor(payout!.at.getTime() / 1000) < Math.floor(notBefore.getTime() / 1000)) {
      return { ok: false, reason: 'The transaction is older than the withdrawal request' };
    }
    return verdict;
  }

  async accountKeys(txId: string): Promise<string[] | null> {
    if (!this.reachable) throw new ChainUnavailableError('The Solana RPC endpoint is unreachable');
    const deposit = this.deposits.get(txId);
    if (deposit) return [deposit.walletAddress, deposit.stakingWallet, ...(deposit.reference ? [deposit.reference] : [])];
    const payout = this.payouts.get(txId);
    return payout ? payout.transfers.map((transfer) => transfer.walletAddress) : null;
  }

  /** The transaction's accounts, with no token balances: the fake chain keeps only claims (the follower runs on the test chain). */
  async tokenActivity(txId: string): Promise<TokenActivity | null> {
    const accountKeys = await this.accountKeys(txId);
    return accountKeys && { accountKeys, preTokenBalances: [], postTokenBalances: [] };
  }

  async signaturesForAddress(address: string, limit: number): Promise<SignatureInfo[]> {
    if (!this.reachable) throw new ChainUnavailableError('The Solana RPC endpoint is unreachable');
    return [...this.deposits]
      .filter(([, deposit]) => deposit.reference === address)
      .reverse()
      .slice(0, limit)
      .map(([signature]) => ({ signature, failed: false, blockTime: null }));
  }

  async signatureStatuses(signatures: string[]): Promise<(SignatureState | null)[]> {
    if (!this.reachable) throw new ChainUnavailableError('The Solana RPC endpoint is unreachable');
    return signatures.map((signature) =>
      this.payouts.has(signature) || this.deposits.has(signature) ? { finalized: true, failed: false } : null,
    );
  }

  async blockHeight(): Promise<number> {
    if (!this.reachable) throw new ChainUnavailableError('The Solana RPC endpoint is unreachable');
    return this.height;
  }

  /** Payouts are built, sent and followed against the test chain (the real token programs), never this stand-in. */
  private noPayouts(): never {
    throw new ChainUnavailableError('The fake chain builds no payouts: payout tests run on the test chain');
  }

  /** Deposit intents build their transaction with one (payouts never get as far as sending). */
  async latestBlockhash(): Promise<{ blockhash: string; lastValidBlockHeight: number }> {
    if (!this.reachable) throw new ChainUnavailableError('The Solana RPC endpoint is unreachable');
    return { blockhash: FAKE_BLOCKHASH, lastValidBlockHeight: this.height + 150 };
  }

  /** Any address is a classic mint of `mintDecimals` with no extension (what a test sets otherwise, by address, in `mints`). */
  async mint(address: string): Promise<MintState | null> {
    if (!this.reachable) throw new ChainUnavailableError('The Solana RPC endpoint is unreachable');
    return this.mints.has(address) ? this.mints.get(address)! : { ...CLASSIC_MINT, decimals: this.mintDecimals };
  }

  /** Every token account asked about exists and holds plenty: what a deposit intent reads before building its transaction. */
  async tokenAccounts(addresses: string[]): Promise<(TokenAccountState | null)[]> {
    if (!this.reachable) throw new ChainUnavailableError('The Solana RPC endpoint is unreachable');
    return addresses.map(() => ({
      programId: CLASSIC_MINT.programId,
      mint: '',
      owner: '',
      amount: 10n ** 30n,
      state: 'initialized',
      memoRequired: false,
    }));
  }

  async sendTransaction(): Promise<void> {
    return this.noPayouts();
  }

  async landedTransaction(): Promise<LandedTransaction | null> {
    return this.noPayouts();
  }

  /** Deposits are found by following token accounts on the test chain (the real token programs), never this stand-in. */
  async tokenAccountsOf(): Promise<string[]> {
    throw new ChainUnavailableError('The fake chain has no token accounts to follow: deposits are found on the test chain');
  }

  setBalance(mint: string, owner: string, tokens: string): void {
    this.balances.set(mint, (this.balances.get(mint) ?? new Map()).set(owner, tokens));
  }

  async tokenBalance(mint: string, owner: string): Promise<string> {
    if (!this.reachable) throw new ChainUnavailableError('The Solana RPC endpoint is unreachable');
    return this.balances.get(mint)?.get(owner) ?? '0';
  }

  async unrecordedDeposits(mint: string, stakingWallet: string, limit: number, recorded: (txIds: string[]) => Promise<Set<string>>) {
    if (!this.reachable) throw new ChainUnavailableError('The Solana RPC endpoint is unreachable');
    const deposits = [...this.deposits].filter(([, d]) => d.mint === mint && d.stakingWallet === stakingWallet).slice(-limit);
    const known = await recorded(deposits.map(([txId]) => txId));
    return deposits
      .filter(([txId]) => !known.has(txId))
      .map(([txId, d]): UnrecordedDeposit => ({ txId, sender: d.walletAddress, amount: d.amount, blockTime: null }));
  }

  /** Each owner's balance set with setBalance as one token account (its associated one), at the chain's height as its slot. */
  async reserveBalances(mint: string, owners: string[]): Promise<ReserveBalances> {
    if (!this.reachable) throw new ChainUnavailableError('The Solana RPC endpoint is unreachable');
    const { decimals, programId } = (await this.mint(mint))!;
    const accounts = owners.flatMap((owner) => {
      const tokens = this.balances.get(mint)?.get(owner);
      if (tokens === undefined) return [];
      const tokenAccount = associatedTokenAccount(new PublicKey(mint), new PublicKey(owner), new PublicKey(programId)).toBase58();
      return [{ wallet: owner, tokenAccount, balance: toScaled(tokens, decimals).toString() }];
    });
    return { slot: this.height, accounts };
  }
}
