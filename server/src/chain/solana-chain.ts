import { msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import type { UnrecordedDeposit } from '@stakedesk/shared/api-types';
import { Connection, PublicKey, type ParsedTransactionWithMeta, type TokenBalance } from '@solana/web3.js';
import {
  ChainUnavailableError,
  type Chain,
  type DepositClaim,
  type DepositVerdict,
  type HistoryBounds,
  type LandedTransaction,
  MAX_RESERVE_ACCOUNTS,
  type ReserveBalances,
  type MintState,
  type PayoutClaim,
  type SignatureInfo,
  type SignatureState,
  type TokenAccountState,
  type TokenActivity,
  type Verdict,
} from './chain.js';
import { mintProfile } from './mint-profile.js';
import { landedFromRpc, tokenAccountFromAccount, type RpcEncodedTransaction } from './raw-accounts.js';
import { grossUp, transferFeeOn } from '@stakedesk/shared/transfer-fee';
import { fromRawAmount, toRawAmount } from '@stakedesk/shared/money';
import { tokenMovement } from './token-deltas.js';
import { RefusedAddressError } from './upstream-fetch.js';
import { CHAIN_COMMITMENT } from '@stakedesk/shared/constants';
import { isTransactionSignature } from '@stakedesk/shared/solana';

const keysOf = (tx: ParsedTransactionWithMeta) => tx.transaction.message.accountKeys.map((key) => key.pubkey.toBase58());
const balancesOf = (balances: TokenBalance[] | null | undefined) =>
  (balances ?? []).map((balance) => ({
    accountIndex: balance.accountIndex,
    mint: balance.mint,
    owner: balance.owner ?? null,
    amount: BigInt(balance.uiTokenAmount.amount),
  }));

/** How long one RPC call may take before the chain counts as unavailable. */
const DEFAULT_RPC_TIMEOUT_MS = 10_000;
/**
 * A transaction read once is kept this long: recording a deposit asks for its accounts, then
 * verifies it, and both answers come from one getTransaction. Short, because a confirmed (not
 * yet finalized) transaction may still be dropped by a fork.
 */
const TRANSACTION_MEMORY_MS = 30_000;
const TRANSACTIONS_REMEMBERED = 500;
/** A mint's program and decimals never change, its transfer fee may (at an epoch boundary, announced two epochs ahead). */
const MINT_MEMORY_MS = 60_000;
const NOT_FOUND = { ok: false, reason: msg('txNotFoundOnChain'), retryable: true } as const;
const MULTIPLE_ACCOUNTS_LIMIT = 100;

/**
 * The chain as the server sees it, through `endpoint()` (re-read on every use, so a provider
 * changed in settings applies at once). Any failure to ask the chain is ChainUnavailableError:
 * callers record nothing and the client retries.
 */
export class SolanaChain implements Chain {
  private readonly mints = new Map<string, { mint: MintState; until: number }>();
  private readonly recentTransactions = new Map<string, { tx: ParsedTransactionWithMeta; until: number }>();

  /** `upstreamFetch`: how requests reach the endpoint (upstream-fetch.ts: the server passes its address-checking one). */
  constructor(
    private readonly endpoint: () => Promise<string>,
    private readonly timeoutMs = DEFAULT_RPC_TIMEOUT_MS,
    private readonly upstreamFetch: typeof fetch = fetch,
  ) {}

  private async connection(): Promise<Connection> {
    const fetchWithTimeout: typeof fetch = (input, init) =>
      this.upstreamFetch(input, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    return new Connection(await this.endpoint(), {
      commitment: CHAIN_COMMITMENT,
      fetch: fetchWithTimeout,
      httpAgent: false, // the fetch above keeps its own connections
      disableRetryOnRateLimit: true,
    });
  }

  private async ask<T>(question: () => Promise<T>): Promise<T> {
    try {
      return await question();
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof RefusedAddressError ? error.cause : error;
      throw new ChainUnavailableError(msg('chainNotAsked', { cause: cause instanceof Error ? cause.message.slice(0, 120) : 'error' }));
    }
  }

  private async decimals(mint: string): Promise<number | undefined> {
    return (await this.mint(mint))?.decimals;
  }

  private async transaction(txId: string): Promise<ParsedTransactionWithMeta | null> {
    // What is not a signature names no transaction: asked, the RPC refuses the question, not the chain's answer.
    if (!isTransactionSignature(txId)) return null;
    const remembered = this.recentTransactions.get(txId);
    if (remembered && remembered.until > Date.now()) return remembered.tx;
    const connection = await this.connection();
    const tx = await this.ask(() =>
      connection.getParsedTransaction(txId, { commitment: CHAIN_COMMITMENT, maxSupportedTransactionVersion: 0 }),
    );
    if (tx?.meta) {
      if (this.recentTransactions.size >= TRANSACTIONS_REMEMBERED)
        this.recentTransactions.delete(this.recentTransactions.keys().next().value!);
      this.recentTransactions.set(txId, { tx, until: Date.now() + TRANSACTION_MEMORY_MS });
    }
    return tx;
  }

  /** Shared checks of a transaction that should move `wholeTokens` of `mint`, in the order the refusals read. */
  private async movementOf(txId: string, mintAddress: string, wholeTokens: string) {
    const mint = await this.mint(mintAddress);
    const refuse = (reason: CodedMessage) => ({ ok: false as const, reason });
    if (!mint) return refuse(msg('tokenNotMint'));
    const { decimals } = mint;
    const tx = await this.transaction(txId);
    if (!tx || !tx.meta) return NOT_FOUND;
    if (tx.meta.err) return refuse(msg('txFailedOnChain'));
    const movement = tokenMovement(tx.meta.preTokenBalances ?? [], tx.meta.postTokenBalances ?? [], mintAddress);
    if (movement.byOwner.size === 0) {
      return refuse(movement.otherMints.size > 0 ? msg('txMovedOtherToken') : msg('txMovedNoTokens'));
    }
    if (movement.ownerChanged) return refuse(msg('tokenAccountOwnerChanged'));
    return { ok: true as const, tx, movement, raw: toRawAmount(wholeTokens, decimals), decimals, mint };
  }

  async verifyDeposit(claim: DepositClaim): Promise<DepositVerdict> {
    const checked = await this.movementOf(claim.txId, claim.mint, claim.amount);
    if (!checked.ok) return checked;
    const { movement, raw, decimals, mint } = checked;
    const received = movement.byOwner.get(claim.stakingWallet) ?? 0n;
    const tokens = (value: bigint) => fromRawAmount(value, decimals);
    if (received <= 0n) return { ok: false, reason: msg('depositNotToStakingWallet') };
    if (received !== raw)
      return { ok: false, reason: msg('depositWrongAmountReceived', { received: tokens(received), amount: claim.amount }) };
    const senders = [...movement.byOwner].filter(([owner, delta]) => delta < 0n && owner !== claim.stakingWallet).map(([owner]) => owner);
    // Scan to stake: the holder is whoever paid, so exactly one wallet may have paid.
    if (claim.walletAddress === null && senders.length !== 1) return { ok: false, reason: msg('depositSenderUnclear') };
    const sender = claim.walletAddress ?? senders[0]!;
    const sent = -(movement.byOwner.get(sender) ?? 0n);
    // The staking wallet received the stake; the holder paid it plus the token program's fee on what they sent, nothing else.
    if (!mint.recentTransferFees.some((fee) => sent - received === transferFeeOn(sent, fee)))
      return {
        ok: false,
        reason: msg('depositWrongAmountSent', {
          wallet: sender,
          sent: tokens(sent),
          amount: tokens(grossUp(raw, mint.transferFee)),
        }),
      };
    if (claim.reference && !keysOf(checked.tx).includes(claim.reference)) {
      return { ok: false, reason: msg('depositReferenceMissing') };
    }
    return { ok: true, sender };
  }

  async verifyPayout(claim: PayoutClaim): Promise<Verdict> {
    const checked = await this.movementOf(claim.txId, claim.mint, claim.amount);
    if (!checked.ok) return checked;
    const { movement, raw, decimals } = checked;
    const received = movement.byOwner.get(claim.walletAddress) ?? 0n;
    if (received <= 0n) return { ok: false, reason: msg('payoutNothingToHolder', { wallet: claim.walletAddress }) };
    if (received !== raw) {
      return { ok: false, reason: msg('payoutWrongAmount', { received: fromRawAmount(received, decimals), amount: claim.amount }) };
    }
    // A batch pays several holders, so the staking wallet may have sent more than this one share.
    const sent = -(movement.byOwner.get(claim.stakingWallet) ?? 0n);
    if (sent < raw) return { ok: false, reason: msg('payoutNotFromStakingWallet', { wallet: claim.stakingWallet }) };
    // Block times are whole seconds: a payout in the second of the request counts as after it.
    const blockTime = checked.tx.blockTime;
    if (blockTime === null || blockTime === undefined) return { ok: false, reason: msg('txTimeUnknown') };
    if (blockTime < Math.floor(claim.notBefore.getTime() / 1000)) {
      return { ok: false, reason: msg('txOlderThanRequest') };
    }
    return { ok: true };
  }

  async accountKeys(txId: string): Promise<string[] | null> {
    const tx = await this.transaction(txId);
    return tx?.meta ? keysOf(tx) : null;
  }

  async tokenActivity(txId: string): Promise<TokenActivity | null> {
    const tx = await this.transaction(txId);
    if (!tx?.meta) return null;
    return {
      accountKeys: keysOf(tx),
      preTokenBalances: balancesOf(tx.meta.preTokenBalances),
      postTokenBalances: balancesOf(tx.meta.postTokenBalances),
    };
  }

  async signaturesForAddress(address: string, limit: number, bounds: HistoryBounds = {}): Promise<SignatureInfo[]> {
    const connection = await this.connection();
    const found = await this.ask(() => connection.getSignaturesForAddress(new PublicKey(address), { limit, ...bounds }));
    return found.map((entry) => ({ signature: entry.signature, failed: entry.err !== null, blockTime: entry.blockTime ?? null }));
  }

  async signatureStatuses(signatures: string[]): Promise<(SignatureState | null)[]> {
    const connection = await this.connection();
    const { value } = await this.ask(() => connection.getSignatureStatuses(signatures, { searchTransactionHistory: true }));
    return value.map((status) => status && { finalized: status.confirmationStatus === 'finalized', failed: status.err !== null });
  }

  async blockHeight(commitment: 'confirmed' | 'finalized'): Promise<number> {
    const connection = await this.connection();
    return this.ask(() => connection.getBlockHeight(commitment));
  }

  async latestBlockhash(): Promise<{ blockhash: string; lastValidBlockHeight: number }> {
    const connection = await this.connection();
    return this.ask(() => connection.getLatestBlockhash(CHAIN_COMMITMENT));
  }

  async mint(address: string): Promise<MintState | null> {
    const known = this.mints.get(address);
    if (known && known.until > Date.now()) return known.mint;
    const connection = await this.connection();
    const [account, { epoch }] = await Promise.all([
      this.ask(() => connection.getAccountInfo(new PublicKey(address), CHAIN_COMMITMENT)),
      this.ask(() => connection.getEpochInfo(CHAIN_COMMITMENT)),
    ]);
    const mint = account && mintProfile(address, account, BigInt(epoch));
    if (mint) this.mints.set(address, { mint, until: Date.now() + MINT_MEMORY_MS });
    return mint;
  }

  async tokenAccounts(addresses: string[]): Promise<(TokenAccountState | null)[]> {
    const connection = await this.connection();
    const found: (TokenAccountState | null)[] = [];
    for (let start = 0; start < addresses.length; start += MULTIPLE_ACCOUNTS_LIMIT) {
      const chunk = addresses.slice(start, start + MULTIPLE_ACCOUNTS_LIMIT);
      const accounts = await this.ask(() =>
        connection.getMultipleAccountsInfo(
          chunk.map((address) => new PublicKey(address)),
          CHAIN_COMMITMENT,
        ),
      );
      accounts.forEach((account, index) => found.push(account && tokenAccountFromAccount(chunk[index]!, account)));
    }
    return found;
  }

  async sendTransaction(wire: Uint8Array): Promise<void> {
    const connection = await this.connection();
    await this.ask(() => connection.sendRawTransaction(wire, { skipPreflight: true, maxRetries: 0 }));
  }

  async landedTransaction(signature: string): Promise<LandedTransaction | null> {
    const found = await this.call<RpcEncodedTransaction | null>('getTransaction', [
      signature,
      { encoding: 'base64', commitment: CHAIN_COMMITMENT, maxSupportedTransactionVersion: 0 },
    ]);
    return found && landedFromRpc(signature, found);
  }

  /** A JSON-RPC call web3.js has no raw form of (a transaction's exact bytes). */
  private async call<T>(method: string, params: unknown[]): Promise<T> {
    const url = await this.endpoint();
    return this.ask(async () => {
      const response = await this.upstreamFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
      const body = (await response.json()) as { result?: T; error?: { message?: string } };
      if (body.error) throw new Error(body.error.message ?? 'RPC error');
      return body.result as T;
    });
  }

  async tokenBalance(mint: string, owner: string): Promise<string> {
    const decimals = await this.decimals(mint);
    if (decimals === undefined) throw new ChainUnavailableError(msg('tokenNotMint'));
    const connection = await this.connection();
    const accounts = await this.ask(() => connection.getTokenAccountsByOwner(new PublicKey(owner), { mint: new PublicKey(mint) }));
    const balances = await Promise.all(accounts.value.map(({ pubkey }) => this.ask(() => connection.getTokenAccountBalance(pubkey))));
    const raw = balances.reduce((total, balance) => total + BigInt(balance.value.amount), 0n);
    return fromRawAmount(raw, decimals);
  }

  async unrecordedDeposits(
    mint: string,
    stakingWallet: string,
    limit: number,
    recorded: (txIds: string[]) => Promise<Set<string>>,
  ): Promise<UnrecordedDeposit[]> {
    const connection = await this.connection();
    const decimals = await this.decimals(mint);
    if (decimals === undefined) return [];
    const accounts = await this.ask(() => connection.getTokenAccountsByOwner(new PublicKey(stakingWallet), { mint: new PublicKey(mint) }));
    const found: UnrecordedDeposit[] = [];
    for (const { pubkey } of accounts.value) {
      const signatures = await this.ask(() => connection.getSignaturesForAddress(pubkey, { limit }));
      const successful = signatures.filter((s) => s.err === null).map((s) => s.signature);
      const known = await recorded(successful);
      for (const txId of successful.filter((s) => !known.has(s))) {
        const tx = await this.transaction(txId);
        if (!tx?.meta || tx.meta.err) continue;
        const movement = tokenMovement(tx.meta.preTokenBalances ?? [], tx.meta.postTokenBalances ?? [], mint);
        const received = movement.byOwner.get(stakingWallet) ?? 0n;
        if (received <= 0n) continue;
        const sender = [...movement.byOwner].find(([, delta]) => delta < 0n)?.[0] ?? null;
        const blockTime = tx.blockTime ? new Date(tx.blockTime * 1000).toISOString() : null;
        found.push({ txId, sender, amount: fromRawAmount(received, decimals), blockTime });
      }
    }
    return found;
  }

  async tokenAccountsOf(owner: string, mint: string): Promise<string[]> {
    const connection = await this.connection();
    const accounts = await this.ask(() => connection.getTokenAccountsByOwner(new PublicKey(owner), { mint: new PublicKey(mint) }));
    return accounts.value.map(({ pubkey }) => pubkey.toBase58());
  }

  async reserveBalances(mint: string, owners: string[]): Promise<ReserveBalances> {
    const addresses = (await Promise.all(owners.map((owner) => this.tokenAccountsOf(owner, mint)))).map((found) => found.sort());
    const all = addresses.flat();
    if (all.length > MAX_RESERVE_ACCOUNTS) throw new ChainUnavailableError(msg('reservesTooManyAccounts', { max: MAX_RESERVE_ACCOUNTS }));
    const connection = await this.connection();
    // One call, one context slot: every balance of the reserves at the same moment.
    const { context, value } = await this.ask(() =>
      connection.getMultipleAccountsInfoAndContext(
        all.map((address) => new PublicKey(address)),
        CHAIN_COMMITMENT,
      ),
    );
    const accounts: ReserveBalances['accounts'] = [];
    let at = 0;
    owners.forEach((owner, index) => {
      for (const tokenAccount of addresses[index]!) {
        const raw = value[at++];
        const state = raw && tokenAccountFromAccount(tokenAccount, raw);
        // Closed or handed to another owner between the two reads: not this owner's any more.
        if (state && state.mint === mint && state.owner === owner)
          accounts.push({ wallet: owner, tokenAccount, balance: state.amount.toString() });
      }
    });
    return { slot: context.slot, accounts };
  }
}
