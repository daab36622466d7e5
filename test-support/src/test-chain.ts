/**
 * An offline Solana chain for tests: the real SPL Token programs running in LiteSVM, served
 * over JSON-RPC (HTTP on `url`, WebSocket on the next port, as web3.js expects), so unmodified
 * web3.js / spl-token code can send, confirm and read transactions against it.
 *
 *   const chain = await startTestChain();
 *   const mint = await chain.createMint(6);
 *   await chain.mintTo(mint, holder.publicKey, 1_000_000_000n);
 *   ... code under test uses new Connection(chain.url, 'confirmed') ...
 *   await chain.close();
 *
 * Every processed transaction gets a slot of its own with a new blockhash; block height follows
 * the clock (400 ms a block), and a blockhash is accepted for 150 blocks, as on mainnet.
 * Everything processed is immediately 'finalized'.
 */
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createFreezeAccountInstruction,
  createInitializeMetadataPointerInstruction,
  createInitializeMint2Instruction,
  createInitializeTransferFeeConfigInstruction,
  createMintToInstruction,
  createTransferCheckedInstruction,
  ExtensionType,
  getAssociatedTokenAddressSync,
  getMintLen,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { createInitializeInstruction, pack, type TokenMetadata } from '@solana/spl-token-metadata';
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  VersionedTransaction,
  type TransactionInstruction,
} from '@solana/web3.js';
import { createPrivateKey, sign } from 'node:crypto';
import { Ledger, LAMPORTS_PER_SIGNATURE } from './ledger.js';
import { decodeMint, decodeTokenAccount } from './parse.js';
import { createRpcMethods } from './rpc-methods.js';
import { startRpcServer } from './rpc-server.js';
import { openSubscriptions } from './subscriptions.js';
import { describeTransactionError } from './transaction-errors.js';

export interface RpcRequestLogEntry {
  transport: 'http' | 'ws';
  method: string;
  params: unknown[];
}

export interface TransferOptions {
  mint: PublicKey;
  /** The holder whose associated token account the tokens leave. */
  from: Keypair;
  /** The receiving wallet (owner); tokens go to its associated token account. */
  to: PublicKey;
  rawAmount: bigint;
  decimals: number;
  /** Create the destination associated token account in the same transaction (idempotent). */
  createDestinationAccount?: boolean;
  /** Pays the fee (and the new account's rent); the chain's payer by default. */
  feePayer?: Keypair;
  /** Return the signature of a transfer that failed on chain instead of throwing. */
  allowFailure?: boolean;
}

export interface MintOptions {
  programId?: PublicKey;
  /** A Token-2022 transfer fee: basis points of each transfer, at most `maximumFee` raw units. */
  transferFee?: { basisPoints: number; maximumFee: bigint };
  /** The mint authority may also freeze token accounts. */
  freezable?: boolean;
  /** Token-2022 metadata kept in the mint itself, as pump.fun makes every coin: a metadata pointer to the mint, then the metadata. */
  metadata?: { name: string; symbol: string; uri: string };
}

export interface TestChain {
  /** http://127.0.0.1:PORT */
  url: string;
  /** ws://127.0.0.1:PORT+1 */
  wsUrl: string;
  /** A web3.js Connection to `url` at commitment 'confirmed'. */
  connection: Connection;
  /** Funded with 1000 SOL; pays fees and rent for the helpers. */
  payer: Keypair;
  /** Every RPC request received, in order (HTTP and WebSocket). */
  requests: RpcRequestLogEntry[];

  /** Sends lamports from the chain's faucet; returns the signature. */
  airdrop(pubkey: PublicKey, lamports: number | bigint): Promise<string>;
  /**
   * A new mint (SPL Token unless `programId` says Token-2022, which `transferFee` and `metadata` imply);
   * `authority` (default payer) may mint, and freeze accounts when `freezable`.
   */
  createMint(decimals: number, authority?: Keypair, options?: MintOptions): Promise<PublicKey>;
  /** Freezes the owner's associated token account of a mint made `freezable`. */
  freezeAccount(mint: PublicKey, owner: PublicKey): Promise<string>;
  /** The owner's associated token account for the mint, created if missing. */
  createTokenAccount(mint: PublicKey, owner: PublicKey): Promise<PublicKey>;
  /** Mints to the owner's associated token account (created if missing); mint made by createMint. */
  mintTo(mint: PublicKey, owner: PublicKey, rawAmount: bigint): Promise<string>;
  /** transferChecked between associated token accounts; throws if it fails unless allowFailure. */
  transfer(options: TransferOptions): Promise<string>;
  /**
   * Processes a transaction exactly as RPC sendTransaction with skipPreflight does. A legacy
   * Transaction without a blockhash gets the latest one, and without a fee payer the chain's payer
   * (who then signs too); `signers` sign it. Returns the signature also when the transaction failed on chain (recorded
   * with meta.err); throws only if the chain would drop it (bad signature, unknown blockhash, no fee).
   */
  sendTransaction(transaction: Transaction | VersionedTransaction, signers?: Keypair[]): Promise<string>;
  /**
   * `count` transactions that land failed and list `to`'s associated token account of the mint,
   * as someone flooding its history sends them (about 0.05 SOL each on mainnet): a new sender with
   * no tokens tries to send 1, 2, ... raw units (transferChecked, the token program's own
   * InsufficientFunds) and pays each fee. Signed with Node's ed25519, a hundred times faster than
   * web3.js's, so ten thousand take seconds. Their signatures, oldest first.
   */
  failedTransfers(options: { mint: PublicKey; to: PublicKey; count: number }): Promise<string[]>;
  /** Raw token amount in the owner's associated token account (0n if there is none). */
  tokenBalance(mint: PublicKey, owner: PublicKey): bigint;
  /** Raw token amount in a token account, by its address (0n if there is none): no address to derive. */
  tokenAmountAt(account: PublicKey): bigint;
  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number };
  /** The block height now (every commitment: whatever is processed is final here). */
  blockHeight(): number;
  /**
   * Lets `count` blocks pass at once, e.g. to make a blockhash expire (after 150). Blocks also pass
   * with time, one per 400 ms. A web3.js Connection caches its blockhash for 30 s: after expiring
   * it this way, send with a new Connection.
   */
  advanceSlots(count: number): void;
  /**
   * Stops the clock: no block passes but by advanceSlots, so a test can stand at an exact block
   * height (the last one a blockhash allows, say). Started again from where it stood with false.
   */
  freezeClock(frozen: boolean): void;
  /** The landed transaction's block time, `seconds` earlier (also over RPC: `stakedeskTest_backdate`). */
  backdate(signature: string, seconds: number): void;
  close(): Promise<void>;
}

/** A web3.js keypair as a Node key, for signing in bulk. */
function privateKeyOf(keypair: Keypair) {
  const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
  return createPrivateKey({
    key: { kty: 'OKP', crv: 'Ed25519', d: base64url(keypair.secretKey.subarray(0, 32)), x: base64url(keypair.publicKey.toBytes()) },
    format: 'jwk',
  });
}

export async function startTestChain(options: { port?: number } = {}): Promise<TestChain> {
  const ledger = new Ledger();
  const requests: RpcRequestLogEntry[] = [];
  const rpcMethods = createRpcMethods(ledger);
  const server = await startRpcServer({
    port: options.port ?? 0,
    dispatch: (method, params) => {
      requests.push({ transport: 'http', method, params });
      return rpcMethods(method, params);
    },
    openSocket: (send) => {
      const session = openSubscriptions(ledger, send);
      return {
        dispatch: (method, params) => {
          requests.push({ transport: 'ws', method, params });
          return session.dispatch(method, params);
        },
        close: () => session.close(),
      };
    },
  });
  const url = `http://127.0.0.1:${server.port}`;
  const payer = Keypair.generate();
  const mintAuthorities = new Map<string, Keypair>();

  /** Processes a transaction; throws if the chain drops it. */
  const process = (wire: Uint8Array): string => {
    const outcome = ledger.submit(wire);
    if (!outcome.landed) {
      throw new Error(`Transaction ${outcome.signature} was not processed: ${describeTransactionError(outcome.err)}`);
    }
    return outcome.record.signature;
  };

  const requireSuccess = (signature: string): string => {
    const record = ledger.getRecord(signature);
    if (record?.err) {
      throw new Error(`Transaction ${signature} failed: ${describeTransactionError(record.err)}\n${record.logMessages.join('\n')}`);
    }
    return signature;
  };

  const run = (instructions: TransactionInstruction[], signers: Keypair[], feePayer = payer): string => {
    const transaction = new Transaction({ feePayer: feePayer.publicKey, ...ledger.latestBlockhash() }).add(...instructions);
    transaction.sign(feePayer, ...signers);
    // litesvm checks every signature; web3.js's own check is pure-JavaScript ed25519, and slow.
    return process(transaction.serialize({ verifySignatures: false }));
  };

  const tokenProgramOf = (mint: PublicKey): PublicKey => {
    const account = ledger.getAccount(mint.toBase58());
    if (!account || !decodeMint(account.owner, account.data)) throw new Error(`${mint.toBase58()} is not a mint`);
    return new PublicKey(account.owner);
  };

  // Deriving an address searches off the ed25519 curve in pure JavaScript: each is derived once.
  const associatedAccounts = new Map<string, PublicKey>();
  const associatedAccount = (mint: PublicKey, owner: PublicKey, programId: PublicKey) => {
    const key = `${mint.toBase58()}:${owner.toBase58()}:${programId.toBase58()}`;
    let account = associatedAccounts.get(key);
    if (!account) {
      account = getAssociatedTokenAddressSync(mint, owner, true, programId);
      associatedAccounts.set(key, account);
    }
    return account;
  };

  const chain: TestChain = {
    url,
    wsUrl: `ws://127.0.0.1:${server.port + 1}`,
    connection: new Connection(url, 'confirmed'),
    payer,
    requests,

    async airdrop(pubkey, lamports) {
      const outcome = ledger.airdrop(pubkey, lamports);
      if (!outcome.landed) throw new Error(`Airdrop was not processed: ${describeTransactionError(outcome.err)}`);
      return requireSuccess(outcome.record.signature);
    },

    async createMint(decimals, authority = payer, { programId: chosen, transferFee, freezable = false, metadata } = {}) {
      const programId = chosen ?? (transferFee || metadata ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID);
      const mint = Keypair.generate();
      const space = getMintLen([
        ...(transferFee ? [ExtensionType.TransferFeeConfig] : []),
        ...(metadata ? [ExtensionType.MetadataPointer] : []),
      ]);
      const extensions = [
        ...(transferFee
          ? [
              createInitializeTransferFeeConfigInstruction(
                mint.publicKey,
                authority.publicKey,
                authority.publicKey,
                transferFee.basisPoints,
                transferFee.maximumFee,
                programId,
              ),
            ]
          : []),
        ...(metadata ? [createInitializeMetadataPointerInstruction(mint.publicKey, authority.publicKey, mint.publicKey, programId)] : []),
      ];
      const fields: TokenMetadata | undefined = metadata && {
        updateAuthority: authority.publicKey,
        mint: mint.publicKey,
        ...metadata,
        additionalMetadata: [],
      };
      // The metadata grows the account after initialization: its rent is paid up front (a type and length, then the fields).
      const metadataSpace = fields ? 4 + pack(fields).length : 0;
      const freezeAuthority = freezable ? authority.publicKey : null;
      const signature = run(
        [
          SystemProgram.createAccount({
            fromPubkey: payer.publicKey,
            newAccountPubkey: mint.publicKey,
            space,
            lamports: Number(ledger.minimumBalanceForRentExemption(space + metadataSpace)),
            programId,
          }),
          ...extensions,
          createInitializeMint2Instruction(mint.publicKey, decimals, authority.publicKey, freezeAuthority, programId),
          ...(fields
            ? [
                createInitializeInstruction({
                  programId,
                  metadata: mint.publicKey,
                  updateAuthority: authority.publicKey,
                  mint: mint.publicKey,
                  mintAuthority: authority.publicKey,
                  name: fields.name,
                  symbol: fields.symbol,
                  uri: fields.uri,
                }),
              ]
            : []),
        ],
        fields && authority !== payer ? [mint, authority] : [mint],
      );
      requireSuccess(signature);
      mintAuthorities.set(mint.publicKey.toBase58(), authority);
      return mint.publicKey;
    },

    async freezeAccount(mint, owner) {
      const authority = mintAuthorities.get(mint.toBase58());
      if (!authority) throw new Error(`${mint.toBase58()} was not created by this test chain's createMint`);
      const programId = tokenProgramOf(mint);
      const account = associatedAccount(mint, owner, programId);
      return requireSuccess(run([createFreezeAccountInstruction(account, mint, authority.publicKey, [], programId)], [authority]));
    },

    async createTokenAccount(mint, owner) {
      const programId = tokenProgramOf(mint);
      const account = associatedAccount(mint, owner, programId);
      if (!ledger.getAccount(account.toBase58())) {
        requireSuccess(run([createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, account, owner, mint, programId)], []));
      }
      return account;
    },

    async mintTo(mint, owner, rawAmount) {
      const authority = mintAuthorities.get(mint.toBase58());
      if (!authority) throw new Error(`${mint.toBase58()} was not created by this test chain's createMint`);
      const programId = tokenProgramOf(mint);
      const account = associatedAccount(mint, owner, programId);
      return requireSuccess(
        run(
          [
            createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, account, owner, mint, programId),
            createMintToInstruction(mint, account, authority.publicKey, rawAmount, [], programId),
          ],
          [authority],
        ),
      );
    },

    async transfer({ mint, from, to, rawAmount, decimals, createDestinationAccount = false, feePayer = payer, allowFailure = false }) {
      const programId = tokenProgramOf(mint);
      const source = associatedAccount(mint, from.publicKey, programId);
      const destination = associatedAccount(mint, to, programId);
      const instructions = [
        ...(createDestinationAccount
          ? [createAssociatedTokenAccountIdempotentInstruction(feePayer.publicKey, destination, to, mint, programId)]
          : []),
        createTransferCheckedInstruction(source, mint, destination, from.publicKey, rawAmount, decimals, [], programId),
      ];
      const signature = run(instructions, [from], feePayer);
      return allowFailure ? signature : requireSuccess(signature);
    },

    async sendTransaction(transaction, signers = []) {
      if (transaction instanceof VersionedTransaction) {
        if (signers.length > 0) transaction.sign(signers);
        return process(transaction.serialize());
      }
      if (!transaction.recentBlockhash) {
        const { blockhash, lastValidBlockHeight } = ledger.latestBlockhash();
        transaction.recentBlockhash = blockhash;
        transaction.lastValidBlockHeight = lastValidBlockHeight;
      }
      const allSigners = [...signers];
      if (!transaction.feePayer) {
        transaction.feePayer = payer.publicKey;
        allSigners.unshift(payer);
      }
      if (allSigners.length > 0) transaction.sign(...allSigners);
      // Whether the signatures are complete and valid is for the chain to judge.
      return process(transaction.serialize({ requireAllSignatures: false, verifySignatures: false }));
    },

    async failedTransfers({ mint, to, count }) {
      const programId = tokenProgramOf(mint);
      const decimals = ledger.mintDecimals(mint.toBase58())!;
      const sender = Keypair.generate();
      await chain.airdrop(sender.publicKey, BigInt(LAMPORTS_PER_SOL) + BigInt(count * LAMPORTS_PER_SIGNATURE));
      const source = await chain.createTokenAccount(mint, sender.publicKey);
      const destination = await chain.createTokenAccount(mint, to);
      const key = privateKeyOf(sender);
      const signatures: string[] = [];
      let blockhash = '';
      for (let sent = 0; sent < count; sent++) {
        if (sent % 100 === 0) {
          // The RPC server and its clients' sockets get their turn (a blocked event loop makes kept-alive connections reset).
          await new Promise((resolve) => setImmediate(resolve));
          // A blockhash lasts 150 blocks (a minute of the clock): a new one now and then.
          blockhash = ledger.latestBlockhash().blockhash;
        }
        const message = new Transaction({ feePayer: sender.publicKey, recentBlockhash: blockhash })
          .add(createTransferCheckedInstruction(source, mint, destination, sender.publicKey, BigInt(sent + 1), decimals, [], programId))
          .compileMessage()
          .serialize();
        const wire = new Uint8Array([1, ...sign(null, message, key), ...message]);
        const signature = process(wire);
        if (!ledger.getRecord(signature)?.err) throw new Error(`Transaction ${signature} was meant to fail but succeeded`);
        signatures.push(signature);
      }
      return signatures;
    },

    tokenBalance(mint, owner) {
      return chain.tokenAmountAt(associatedAccount(mint, owner, tokenProgramOf(mint)));
    },

    tokenAmountAt(address) {
      const account = ledger.getAccount(address.toBase58());
      return (account && decodeTokenAccount(account.owner, account.data)?.amount) ?? 0n;
    },

    latestBlockhash: () => ledger.latestBlockhash(),

    blockHeight: () => ledger.getBlockHeight(),

    advanceSlots: (count) => ledger.skipBlocks(count),

    freezeClock: (frozen) => ledger.freezeClock(frozen),

    backdate: (signature, seconds) => ledger.backdate(signature, seconds),

    close: () => server.close(),
  };

  await chain.airdrop(payer.publicKey, 1000 * LAMPORTS_PER_SOL);
  return chain;
}
