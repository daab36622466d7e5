import bs58 from 'bs58';
import {
  ChainUnavailableError,
  type Chain,
  type DepositClaim,
  type DepositVerdict,
  type HistoryBounds,
  type LandedTransaction,
  type MintState,
  type PayoutClaim,
  type ReserveBalances,
  type SignatureInfo,
  type SignatureState,
  type TokenAccountState,
  type TokenActivity,
  type Verdict,
} from '../chain/chain.js';
import type { UnrecordedDeposit } from '@stakedesk/shared/api-types';

/**
 * A real chain (SolanaChain over the test chain) behind an RPC provider that misbehaves the way
 * providers do: it drops sends (answers as if it forwarded them), holds them and delivers them
 * late, answers with an index that lags its block height (a transaction that landed stays unknown
 * to statuses and history for `lagBlocks`), or cannot be reached. Everything else is the real answer.
 */
export class FlakyChain implements Chain {
  /** Sends still to drop, from the next one. */
  dropSends = 0;
  /** Hold every send until deliverHeld() instead of forwarding it. */
  holdSends = false;
  /** Blocks a landed transaction stays unknown to signature statuses, history and transaction reads. */
  lagBlocks = 0;
  reachable = true;
  /** Blocks behind the real chain the block heights answer, as a node a provider's balancer sends some calls to. */
  heightsBehind = 0;
  /** Runs before each send is handed over (a test acting at that moment). */
  beforeSend: (() => Promise<void>) | null = null;
  /** While set, a read of a mint waits for it: a test holds a reader (an audit of the books) mid-way. */
  mintReadsWait: Promise<void> | null = null;
  /** Answers each mint without its transfer fee, as a provider with a stale or wrong view would. */
  hideTransferFees = false;
  /** Every signed transaction the server handed over, in order (as the provider saw them). */
  readonly sent: Uint8Array[] = [];
  private readonly held: Uint8Array[] = [];

  constructor(
    private inner: Chain,
    /** The chain's current block height, as a lagging node's index cannot hide it. */
    private readonly currentHeight: () => number,
    /** When each transaction landed (shared by providers in front of one chain). */
    private readonly landedHeights = new Map<string, number>(),
  ) {}

  /** The server restarted: a new client of its own, the same provider (and what it holds). */
  replaceClient(inner: Chain): void {
    this.inner = inner;
  }

  private reach(): void {
    if (!this.reachable) throw new ChainUnavailableError('The Solana RPC endpoint is unreachable');
  }

  /** A transaction that landed now (sent by anyone): from here, a lagging index hides it for lagBlocks. */
  noteLanded(signature: string): void {
    if (!this.landedHeights.has(signature)) this.landedHeights.set(signature, this.currentHeight());
  }

  private hidden(signature: string): boolean {
    if (this.lagBlocks === 0) return false;
    const landed = this.landedHeights.get(signature);
    return landed !== undefined && this.currentHeight() - landed < this.lagBlocks;
  }

  /** Delivers the held sends to the real chain, as a provider that sat on them; answers their signatures. */
  async deliverHeld(): Promise<string[]> {
    const signatures: string[] = [];
    for (const wire of this.held.splice(0)) {
      signatures.push(await this.forward(wire));
    }
    return signatures;
  }

  private async forward(wire: Uint8Array): Promise<string> {
    await this.inner.sendTransaction(wire).catch(() => undefined); // the chain may drop it (expired, already processed)
    const signature = bs58.encode(wire.subarray(1, 65));
    this.noteLanded(signature);
    return signature;
  }

  async sendTransaction(wire: Uint8Array): Promise<void> {
    this.reach();
    await this.beforeSend?.();
    this.sent.push(wire);
    if (this.dropSends > 0) {
      this.dropSends -= 1;
      return;
    }
    if (this.holdSends) {
      this.held.push(wire);
      return;
    }
    await this.forward(wire);
  }

  async signatureStatuses(signatures: string[]): Promise<(SignatureState | null)[]> {
    this.reach();
    const states = await this.inner.signatureStatuses(signatures);
    return states.map((state, index) => (this.hidden(signatures[index]!) ? null : state));
  }

  async signaturesForAddress(address: string, limit: number, bounds?: HistoryBounds): Promise<SignatureInfo[]> {
    this.reach();
    // A lagging index answers the newest transactions it has seen: ask beyond the hidden ones.
    const found = await this.inner.signaturesForAddress(address, this.lagBlocks > 0 ? 1000 : limit, bounds);
    return found.filter((entry) => !this.hidden(entry.signature)).slice(0, limit);
  }

  async landedTransaction(signature: string): Promise<LandedTransaction | null> {
    this.reach();
    return this.hidden(signature) ? null : this.inner.landedTransaction(signature);
  }

  async blockHeight(commitment: 'confirmed' | 'finalized'): Promise<number> {
    this.reach();
    return (await this.inner.blockHeight(commitment)) - this.heightsBehind;
  }

  async latestBlockhash() {
    this.reach();
    return this.inner.latestBlockhash();
  }

  async mint(address: string): Promise<MintState | null> {
    this.reach();
    await this.mintReadsWait;
    const mint = await this.inner.mint(address);
    return mint && this.hideTransferFees ? { ...mint, transferFee: null, recentTransferFees: [null] } : mint;
  }

  async tokenAccounts(addresses: string[]): Promise<(TokenAccountState | null)[]> {
    this.reach();
    return this.inner.tokenAccounts(addresses);
  }

  async verifyDeposit(claim: DepositClaim): Promise<DepositVerdict> {
    this.reach();
    return this.inner.verifyDeposit(claim);
  }

  async verifyPayout(claim: PayoutClaim): Promise<Verdict> {
    this.reach();
    return this.inner.verifyPayout(claim);
  }

  async accountKeys(txId: string): Promise<string[] | null> {
    this.reach();
    return this.inner.accountKeys(txId);
  }

  async tokenActivity(txId: string): Promise<TokenActivity | null> {
    this.reach();
    return this.hidden(txId) ? null : this.inner.tokenActivity(txId);
  }

  async tokenBalance(mint: string, owner: string): Promise<string> {
    this.reach();
    return this.inner.tokenBalance(mint, owner);
  }

  async unrecordedDeposits(
    mint: string,
    stakingWallet: string,
    limit: number,
    recorded: (txIds: string[]) => Promise<Set<string>>,
  ): Promise<UnrecordedDeposit[]> {
    this.reach();
    return this.inner.unrecordedDeposits(mint, stakingWallet, limit, recorded);
  }

  async tokenAccountsOf(owner: string, mint: string): Promise<string[]> {
    this.reach();
    return this.inner.tokenAccountsOf(owner, mint);
  }

  async reserveBalances(mint: string, owners: string[]): Promise<ReserveBalances> {
    this.reach();
    return this.inner.reserveBalances(mint, owners);
  }
}
