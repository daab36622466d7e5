/**
 * The chain itself: one LiteSVM, a clock (blocks pass with time; each processed transaction also
 * gets a slot and blockhash of its own), the record of every transaction that landed, and a
 * history per address.
 */
import { createHash } from 'node:crypto';
import { address, isFullySignedTransaction, lamports, type Address } from '@solana/kit';
import { AddressLookupTableAccount, AddressLookupTableProgram, Keypair, SystemProgram, Transaction, type PublicKey } from '@solana/web3.js';
import bs58 from 'bs58';
import { FailedTransactionMetadata, LiteSVM } from 'litesvm';
import { decodeMint, decodeTokenAccount, uiTokenAmount } from './parse.js';
import { transactionErrorToRpc, type RpcTransactionError } from './transaction-errors.js';
import {
  decodeTransaction,
  executionMeta,
  type AccountKey,
  type DecodedTransaction,
  type ExecutionMeta,
  type TokenBalance,
  type TransactionRecord,
} from './transactions.js';

export const LAMPORTS_PER_SIGNATURE = 5000;
/** A blockhash stays usable for this many blocks, as on mainnet. */
const MAX_PROCESSING_AGE = 150;
const SLOT_DURATION_MS = 400;
const SLOT_HASHES_KEPT = 512;
const FAUCET_LAMPORTS = 10n ** 18n;
const ADDRESS_LOOKUP_TABLE_PROGRAM = AddressLookupTableProgram.programId.toBase58();

export interface AccountSnapshot {
  lamports: bigint;
  owner: string;
  data: Uint8Array;
  executable: boolean;
}

/** A transaction either lands (successful or failed, fee charged) or is dropped, as on a real chain. */
export type SubmitOutcome = { landed: true; record: TransactionRecord } | { landed: false; signature: string; err: RpcTransactionError };

export interface SimulationResult extends ExecutionMeta {
  accountKeys: AccountKey[];
  /** The account as it would be after the transaction (unchanged accounts as they are now). */
  accountAfter(pubkey: string): AccountSnapshot | null;
  replacementBlockhash: { blockhash: string; lastValidBlockHeight: number } | null;
}

type Listener<T> = (value: T) => void;

/** @solana/kit checks an address by decoding its base58 on every call; the ledger asks for the same few thousand again and again. */
const addresses = new Map<string, Address>();
function knownAddress(pubkey: string): Address {
  let known = addresses.get(pubkey);
  if (!known) {
    known = address(pubkey);
    if (addresses.size >= 100_000) addresses.clear();
    addresses.set(pubkey, known);
  }
  return known;
}

export class Ledger {
  private readonly svm: LiteSVM;
  readonly genesisHash: string;
  /** Pays out airdrops. */
  private readonly faucet = Keypair.generate();
  private readonly genesisTime = Date.now();
  private skippedBlocks = 0;
  /** While set, time stands still at this moment: blocks pass only by skipBlocks. */
  private frozenAt: number | null = null;
  /** Time spent frozen, which never counts as blocks. */
  private frozenMs = 0;
  private heightSeen = 0;
  private currentSlot = 0;
  /** Block height at which each blockhash was issued. */
  private readonly blockhashHeights = new Map<string, number>();
  private readonly slotHashes: { slot: bigint; hash: string }[] = [];
  private readonly records = new Map<string, TransactionRecord>();
  private readonly signaturesByAddress = new Map<string, string[]>();
  /** Every account that was a token account of this owner after some transaction (it may have changed hands or closed since). */
  private readonly tokenAccountsByOwner = new Map<string, Set<string>>();
  private readonly transactionListeners = new Set<Listener<TransactionRecord>>();
  private readonly slotListeners = new Set<Listener<number>>();

  constructor() {
    // Blockhash ages are checked here (LiteSVM only knows its latest blockhash).
    this.svm = new LiteSVM().withBlockhashCheck(false);
    this.genesisHash = bs58.encode(createHash('sha256').update(`stakedesk-test-chain:${Date.now()}:${Math.random()}`).digest());
    this.moveToSlot(0);
    this.svm.setAccount({
      address: address(this.faucet.publicKey.toBase58()),
      lamports: lamports(FAUCET_LAMPORTS),
      programAddress: address(SystemProgram.programId.toBase58()),
      executable: false,
      data: new Uint8Array(),
      space: 0n,
    });
  }

  // -------------------------------------------------------------------------------------------
  // Clock

  /**
   * Block height follows the wall clock, one block per 400 ms as on mainnet, so that a blockhash
   * lasts about a minute however many transactions are sent (web3.js caches one for 30 s).
   */
  getBlockHeight(): number {
    const now = this.frozenAt ?? Date.now();
    return Math.floor((now - this.genesisTime - this.frozenMs) / SLOT_DURATION_MS) + this.skippedBlocks;
  }

  /** Stops the clock (blocks then pass only by skipBlocks), or starts it again from where it stood. */
  freezeClock(frozen: boolean): void {
    if (frozen && this.frozenAt === null) this.frozenAt = Date.now();
    if (!frozen && this.frozenAt !== null) {
      this.frozenMs += Date.now() - this.frozenAt;
      this.frozenAt = null;
    }
  }

  /** The current slot: each processed transaction gets a slot of its own; never behind the block height. */
  getSlot(): number {
    this.catchUp();
    return this.currentSlot;
  }

  private blockhashOf(slot: number): string {
    return bs58.encode(createHash('sha256').update(`${this.genesisHash}:${slot}`).digest());
  }

  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number } {
    this.catchUp();
    const blockhash = this.blockhashOf(this.currentSlot);
    const issuedAt = this.blockhashHeights.get(blockhash) ?? this.getBlockHeight();
    return { blockhash, lastValidBlockHeight: issuedAt + MAX_PROCESSING_AGE };
  }

  isBlockhashValid(blockhash: string): boolean {
    const issuedAt = this.blockhashHeights.get(blockhash);
    return issuedAt !== undefined && this.getBlockHeight() <= issuedAt + MAX_PROCESSING_AGE;
  }

  /** Lets `count` blocks pass at once, e.g. to make blockhashes expire. */
  skipBlocks(count: number): void {
    this.skippedBlocks += count;
    this.catchUp();
  }

  /** Slots pass with blocks (time), besides the one each transaction takes. */
  private catchUp(): void {
    const height = this.getBlockHeight();
    if (height <= this.heightSeen) return;
    this.moveToSlot(this.currentSlot + height - this.heightSeen);
    this.heightSeen = height;
  }

  /**
   * A new slot with its own blockhash; the clock and SlotHashes sysvars follow. SlotHashes also
   * lists the current slot (mainnet's lists parents only), so that a slot read with getSlot is
   * "recent" for a transaction simulated or processed right away, e.g. to create a lookup table.
   */
  private moveToSlot(slot: number): void {
    this.currentSlot = slot;
    const blockhash = this.blockhashOf(slot);
    this.blockhashHeights.set(blockhash, this.getBlockHeight());
    this.slotHashes.unshift({ slot: BigInt(slot), hash: blockhash });
    this.slotHashes.length = Math.min(this.slotHashes.length, SLOT_HASHES_KEPT);
    this.svm.setSlotHashes(this.slotHashes);
    this.setClock();
    for (const listener of this.slotListeners) listener(slot);
  }

  private setClock(): void {
    const clock = this.svm.getClock();
    clock.slot = BigInt(this.currentSlot);
    clock.epoch = 0n;
    clock.unixTimestamp = BigInt(Math.floor(Date.now() / 1000));
    this.svm.setClock(clock);
  }

  /** The slot for a transaction about to be processed. */
  private nextTransactionSlot(): number {
    this.catchUp();
    this.moveToSlot(this.currentSlot + 1);
    return this.currentSlot;
  }

  onSlot(listener: Listener<number>): () => void {
    this.slotListeners.add(listener);
    return () => this.slotListeners.delete(listener);
  }

  onTransaction(listener: Listener<TransactionRecord>): () => void {
    this.transactionListeners.add(listener);
    return () => this.transactionListeners.delete(listener);
  }

  // -------------------------------------------------------------------------------------------
  // Accounts

  getAccount(pubkey: string): AccountSnapshot | null {
    const account = this.svm.getAccount(knownAddress(pubkey));
    if (!account.exists || account.lamports === 0n) return null;
    return {
      lamports: account.lamports,
      owner: account.programAddress,
      data: new Uint8Array(account.data),
      executable: account.executable,
    };
  }

  /**
   * The token accounts (either program) `owner` holds now, found through the accounts transactions
   * left in its hands: a getTokenAccountsByOwner costs the owner's accounts, not every account.
   */
  getTokenAccountsOfOwner(owner: string): { pubkey: string; account: AccountSnapshot }[] {
    const found: { pubkey: string; account: AccountSnapshot }[] = [];
    for (const pubkey of this.tokenAccountsByOwner.get(owner) ?? []) {
      const account = this.getAccount(pubkey);
      if (account && decodeTokenAccount(account.owner, account.data)?.owner === owner) found.push({ pubkey, account });
    }
    return found;
  }

  mintDecimals(mint: string): number | null {
    const account = this.getAccount(mint);
    return (account && decodeMint(account.owner, account.data)?.decimals) ?? null;
  }

  minimumBalanceForRentExemption(dataLength: number): bigint {
    return this.svm.minimumBalanceForRentExemption(BigInt(dataLength));
  }

  private tokenBalances(accounts: (AccountSnapshot | null)[]): TokenBalance[] {
    const balances: TokenBalance[] = [];
    accounts.forEach((account, accountIndex) => {
      const token = account && decodeTokenAccount(account.owner, account.data);
      const decimals = token && this.mintDecimals(token.mint);
      if (!account || !token || decimals == null) return;
      balances.push({
        accountIndex,
        mint: token.mint,
        owner: token.owner,
        programId: account.owner,
        uiTokenAmount: uiTokenAmount(token.amount, decimals),
      });
    });
    return balances;
  }

  /** All account keys, lookup-table ones resolved against current state; null if a table is unusable. */
  private resolveAccountKeys(transaction: DecodedTransaction): AccountKey[] | null {
    const writable: string[] = [];
    const readonly: string[] = [];
    for (const lookup of transaction.addressTableLookups) {
      const table = this.getAccount(lookup.accountKey);
      if (!table || table.owner !== ADDRESS_LOOKUP_TABLE_PROGRAM) return null;
      const { addresses } = AddressLookupTableAccount.deserialize(table.data);
      const pick = (index: number) => addresses[index]?.toBase58();
      const picked = [lookup.writableIndexes.map(pick), lookup.readonlyIndexes.map(pick)];
      if (picked.flat().some((key) => key === undefined)) return null;
      writable.push(...(picked[0] as string[]));
      readonly.push(...(picked[1] as string[]));
    }
    const loaded = (keys: string[], isWritable: boolean): AccountKey[] =>
      keys.map((pubkey) => ({ pubkey, signer: false, writable: isWritable, source: 'lookupTable' }));
    return [...transaction.staticAccountKeys, ...loaded(writable, true), ...loaded(readonly, false)];
  }

  // -------------------------------------------------------------------------------------------
  // Transactions

  getRecord(signature: string): TransactionRecord | undefined {
    return this.records.get(signature);
  }

  /**
   * Moves a landed transaction's block time `seconds` into the past, as if it had landed then: a
   * test of what holds only for transactions a minute old need not wait the minute.
   */
  backdate(signature: string, seconds: number): void {
    const record = this.records.get(signature);
    if (!record) throw new Error(`no transaction ${signature} landed`);
    this.records.set(signature, { ...record, blockTime: record.blockTime - seconds });
  }

  /** Runs a transaction for real. Throws TransactionDecodeError when the bytes are not a transaction. */
  submit(wire: Uint8Array): SubmitOutcome {
    const transaction = decodeTransaction(wire);
    const dropped = (err: RpcTransactionError): SubmitOutcome => ({ landed: false, signature: transaction.signature, err });
    if (this.records.has(transaction.signature)) return dropped('AlreadyProcessed');
    if (!this.isBlockhashValid(transaction.recentBlockhash)) return dropped('BlockhashNotFound');
    // LiteSVM (through @solana/kit) throws rather than report a missing signature.
    if (!isFullySignedTransaction(transaction.kit)) return dropped('SignatureFailure');

    const accountKeys = this.resolveAccountKeys(transaction) ?? transaction.staticAccountKeys;
    const keys = accountKeys.map((key) => key.pubkey);
    const slot = this.nextTransactionSlot();
    const before = keys.map((key) => this.getAccount(key));
    const preTokenBalances = this.tokenBalances(before);

    const result = this.svm.sendTransaction(transaction.kit);
    const meta =
      result instanceof FailedTransactionMetadata
        ? executionMeta(result.meta(), transactionErrorToRpc(result.err()))
        : executionMeta(result, null);
    const after = keys.map((key) => this.getAccount(key));
    const feeCharged = (after[0]?.lamports ?? 0n) < (before[0]?.lamports ?? 0n);
    // A failed transaction lands only if it got as far as paying its fee; otherwise it is dropped.
    if (meta.err !== null && !feeCharged) return dropped(meta.err);

    const isLoaded = (key: AccountKey) => key.source === 'lookupTable';
    const record: TransactionRecord = {
      ...meta,
      signature: transaction.signature,
      slot,
      blockTime: Math.floor(Date.now() / 1000),
      transaction,
      accountKeys,
      loadedAddresses: {
        writable: accountKeys.filter((key) => isLoaded(key) && key.writable).map((key) => key.pubkey),
        readonly: accountKeys.filter((key) => isLoaded(key) && !key.writable).map((key) => key.pubkey),
      },
      fee: LAMPORTS_PER_SIGNATURE * transaction.header.numRequiredSignatures,
      preBalances: before.map((account) => Number(account?.lamports ?? 0n)),
      postBalances: after.map((account) => Number(account?.lamports ?? 0n)),
      preTokenBalances,
      postTokenBalances: this.tokenBalances(after),
    };
    this.records.set(record.signature, record);
    for (const key of new Set(keys)) {
      const signatures = this.signaturesByAddress.get(key) ?? [];
      signatures.push(record.signature);
      this.signaturesByAddress.set(key, signatures);
    }
    after.forEach((account, index) => {
      const owner = account && decodeTokenAccount(account.owner, account.data)?.owner;
      if (!owner) return;
      const owned = this.tokenAccountsByOwner.get(owner) ?? new Set<string>();
      this.tokenAccountsByOwner.set(owner, owned.add(keys[index]!));
    });
    for (const listener of this.transactionListeners) listener(record);
    return { landed: true, record };
  }

  /** Runs a transaction without keeping its effects, as preflight and simulateTransaction do. */
  simulate(wire: Uint8Array, options: { sigVerify: boolean; replaceRecentBlockhash: boolean }): SimulationResult {
    const transaction = decodeTransaction(wire);
    const accountKeys = this.resolveAccountKeys(transaction) ?? transaction.staticAccountKeys;
    const replacementBlockhash = options.replaceRecentBlockhash ? this.latestBlockhash() : null;
    const current = (pubkey: string) => this.getAccount(pubkey);
    const notExecuted = (err: RpcTransactionError): SimulationResult => ({
      err,
      logMessages: [],
      innerInstructions: [],
      computeUnitsConsumed: 0,
      returnData: null,
      accountKeys,
      accountAfter: current,
      replacementBlockhash,
    });
    if (this.records.has(transaction.signature)) return notExecuted('AlreadyProcessed');
    if (!options.replaceRecentBlockhash && !this.isBlockhashValid(transaction.recentBlockhash)) {
      return notExecuted('BlockhashNotFound');
    }
    if (options.sigVerify && !isFullySignedTransaction(transaction.kit)) return notExecuted('SignatureFailure');
    this.svm.withSigverify(options.sigVerify);
    try {
      const result = this.svm.simulateTransaction(transaction.kit);
      if (result instanceof FailedTransactionMetadata) {
        const meta = executionMeta(result.meta(), transactionErrorToRpc(result.err()));
        return { ...meta, accountKeys, accountAfter: current, replacementBlockhash };
      }
      const post = new Map(result.postAccounts().map((account) => [account.address as string, account]));
      const accountAfter = (pubkey: string): AccountSnapshot | null => {
        const account = post.get(pubkey);
        if (!account) return current(pubkey);
        if (account.lamports === 0n) return null;
        return {
          lamports: account.lamports,
          owner: account.programAddress,
          data: new Uint8Array(account.data),
          executable: account.executable,
        };
      };
      return { ...executionMeta(result.meta(), null), accountKeys, accountAfter, replacementBlockhash };
    } finally {
      this.svm.withSigverify(true);
    }
  }

  /** Newest first, like getSignaturesForAddress; `before`/`until` are exclusive bounds. */
  signaturesForAddress(pubkey: string, options: { limit: number; before?: string; until?: string }): TransactionRecord[] {
    let upperSlot = Number.POSITIVE_INFINITY;
    if (options.before !== undefined) {
      const before = this.records.get(options.before);
      if (!before) return []; // the RPC answers nothing when `before` is unknown
      upperSlot = before.slot;
    }
    // An unknown `until` is no bound at all.
    const lowerSlot = options.until === undefined ? -1 : (this.records.get(options.until)?.slot ?? -1);
    const found: TransactionRecord[] = [];
    const signatures = this.signaturesByAddress.get(pubkey) ?? [];
    for (let i = signatures.length - 1; i >= 0 && found.length < options.limit; i--) {
      const record = this.records.get(signatures[i] as string) as TransactionRecord;
      if (record.slot <= lowerSlot) break;
      if (record.slot < upperSlot) found.push(record);
    }
    return found;
  }

  /** A system transfer from the faucet, sent like any other transaction. */
  airdrop(to: PublicKey, amount: number | bigint): SubmitOutcome {
    const transaction = new Transaction({ feePayer: this.faucet.publicKey, ...this.latestBlockhash() }).add(
      SystemProgram.transfer({ fromPubkey: this.faucet.publicKey, toPubkey: to, lamports: amount }),
    );
    transaction.sign(this.faucet);
    return this.submit(transaction.serialize({ verifySignatures: false })); // litesvm checks it
  }
}
