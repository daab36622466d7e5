import type { UnrecordedDeposit } from '@stakedesk/shared/api-types';
import {
  ChainUnavailableError,
  type Chain,
  type DepositClaim,
  type PayoutClaim,
  type Verdict,
} from '../chain/chain-verifier.js';

type PayoutTransfer = Omit<PayoutClaim, 'txId' | 'stakingWallet'> & { stakingWallet?: string };

/**
 * Stands in for the chain in API tests: a claim is proven only when the test put exactly that
 * transfer "on chain" first. (The real verifier runs against the SPL Token program in the
 * on-chain tests.)
 */
export class FakeChain implements Chain {
  reachable = true;
  /** Token balances "on chain", by mint then owner. */
  readonly balances = new Map<string, Map<string, string>>();
  readonly calls: { kind: 'deposit' | 'payout'; txId: string }[] = [];
  private readonly deposits = new Map<string, Omit<DepositClaim, 'txId'>>();
  /** A payout transaction may pay several holders: its transfers, by txId. */
  private readonly payouts = new Map<string, PayoutTransfer[]>();

  addDeposit(claim: DepositClaim): void {
    const { txId, ...transfer } = claim;
    this.deposits.set(txId, transfer);
  }

  /** One more transfer in payout transaction `txId`; without `stakingWallet` it counts as sent from the configured one. */
  addPayout({ txId, ...transfer }: Omit<PayoutClaim, 'stakingWallet'> & { stakingWallet?: string }): void {
    this.payouts.set(txId, [...(this.payouts.get(txId) ?? []), transfer]);
  }

  private check<T extends object>(kind: 'deposit' | 'payout', transfers: Map<string, T>, txId: string, claim: T): Verdict {
    this.calls.push({ kind, txId });
    if (!this.reachable) throw new ChainUnavailableError('The Solana RPC endpoint is unreachable');
    const onChain = transfers.get(txId);
    if (!onChain) return { ok: false, reason: 'Transaction not found on chain' };
    const differing = (Object.keys(claim) as (keyof T)[]).find((key) => onChain[key] !== claim[key]);
    return differing ? { ok: false, reason: `The transaction's ${String(differing)} does not match` } : { ok: true };
  }

  async verifyDeposit({ txId, ...claim }: DepositClaim): Promise<Verdict> {
    return this.check('deposit', this.deposits, txId, claim);
  }

  /** The holder's own transfer in the transaction is the one checked, as the real verifier measures by owner. */
  async verifyPayout({ txId, ...claim }: PayoutClaim): Promise<Verdict> {
    const transfers = this.payouts.get(txId) ?? [];
    const own = transfers.find((transfer) => transfer.walletAddress === claim.walletAddress) ?? transfers[0];
    const onChain = own && { ...own, stakingWallet: own.stakingWallet ?? claim.stakingWallet };
    return this.check('payout', new Map(onChain ? [[txId, onChain]] : []), txId, claim);
  }

  setBalance(mint: string, owner: string, tokens: string): void {
    this.balances.set(mint, (this.balances.get(mint) ?? new Map()).set(owner, tokens));
  }

  async tokenBalance(mint: string, owner: string): Promise<string> {
    if (!this.reachable) throw new ChainUnavailableError('The Solana RPC endpoint is unreachable');
    return this.balances.get(mint)?.get(owner) ?? '0';
  }

  async unrecordedDeposits(mint: string, stakingWallet: string, limit: number, recorded: (txIds: string[]) => Promise<Set<string>>) {
    const deposits = [...this.deposits].filter(([, d]) => d.mint === mint && d.stakingWallet === stakingWallet).slice(-limit);
    const known = await recorded(deposits.map(([txId]) => txId));
    return deposits
      .filter(([txId]) => !known.has(txId))
      .map(([txId, d]): UnrecordedDeposit => ({ txId, sender: d.walletAddress, amount: d.amount, blockTime: null }));
  }
}
