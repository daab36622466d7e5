import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { ComputeBudgetProgram, Transaction, VersionedTransaction, type Keypair, type PublicKey, type SendOptions } from '@solana/web3.js';
import { connection } from './chain.js';
import { signEd25519 } from './ed25519.js';

/**
 * The Node half shared by the fake wallets (Phantom's injected provider, Wallet Standard): the
 * in-page half asks it, through an exposed binding, for every decision and key operation. It signs
 * with a real keypair and sends to the run's test chain.
 */

export type WalletRequest =
  | { op: 'connect'; onlyIfTrusted: boolean }
  | { op: 'disconnect' }
  | { op: 'signMessage'; message: string }
  | { op: 'signAndSendTransaction'; transaction: string; options?: Record<string, unknown>; chain?: string }
  | { op: 'signTransaction'; transaction: string; chain?: string };

/** `value` is the address (connect), base64 (signMessage, and the signed wire of signTransaction) or a base58 signature (signAndSendTransaction). */
export type WalletReply = { ok: true; value?: string } | { ok: false; code: number; message: string };

/** The wallet prompts a test can answer for the user. */
export type PromptedOperation = 'connect' | 'signMessage' | 'signAndSendTransaction' | 'signTransaction';

export type FakeWallet = {
  /** The account the wallet signs with now. */
  readonly publicKey: PublicKey;
  /** False when installed with `{ installed: false }`: the page has no wallet at all. */
  readonly installed: boolean;
  /** Every request the page made of the wallet, in order (e.g. 'connect', 'signMessage'). */
  readonly requests: WalletRequest[];
  /** The user clicks Cancel on the next prompt of this kind: it rejects with code 4001. */
  rejectNext(operation: PromptedOperation): void;
  /** The next prompt of this kind stays open until the returned function is called. */
  holdNext(operation: PromptedOperation): () => void;
  /**
   * The next prompt of this kind is done (signed, and sent for signAndSendTransaction) but the page
   * hears nothing back: `done` resolves when it was performed. The page can then be closed, as a
   * holder closes the tab right after approving in the wallet.
   */
  withholdReplyNext(operation: PromptedOperation): { done: Promise<void> };
  /** The next signAndSendTransaction sends nothing and answers without a signature. */
  returnNoSignatureNext(): void;
  /**
   * The next signAndSendTransaction lands on chain and fails there: the wallet raises every token
   * transfer in it beyond any balance and skips preflight, so nothing moves but the fee.
   */
  failOnChainNext(): void;
  /**
   * The next prompt of this kind signs (and, for signAndSendTransaction, sends) a changed
   * transaction: the wallet puts a priority fee in front of it before signing, as some wallets do.
   */
  alterNext(operation: 'signTransaction' | 'signAndSendTransaction'): void;
};

type Answer = {
  hold?: Promise<void>;
  reject?: boolean;
  noSignature?: boolean;
  failOnChain?: boolean;
  alter?: boolean;
  withhold?: () => void;
};

const USER_REJECTED: WalletReply = { ok: false, code: 4001, message: 'User rejected the request.' };
const MAX_U64 = 2n ** 64n - 1n;

/** `wire` with a priority fee added in front, signed by `signer` (a message other than the one it was given). */
function withPriorityFee(wire: Buffer, signer: Keypair): Buffer {
  const transaction = Transaction.from(wire);
  transaction.instructions = [ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000 }), ...transaction.instructions];
  transaction.sign(signer);
  return transaction.serialize();
}

const TOKEN_PROGRAMS = [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID];
const TRANSFER_CHECKED = 12;

/**
 * `wire` signed by `signer` with each transferChecked's amount (either token program) set to the
 * largest u64; every other instruction, and every account, left as it was.
 */
function overdrawn(wire: Buffer, signer: Keypair): Buffer {
  const transaction = Transaction.from(wire);
  for (const instruction of transaction.instructions) {
    if (!TOKEN_PROGRAMS.some((program) => program.equals(instruction.programId)) || instruction.data[0] !== TRANSFER_CHECKED) continue;
    const data = Buffer.from(instruction.data);
    data.writeBigUInt64LE(MAX_U64, 1);
    instruction.data = data;
  }
  transaction.sign(signer);
  return transaction.serialize();
}

export function walletBackend(keypair: Keypair) {
  let account = keypair;
  const requests: WalletRequest[] = [];
  const answers: Record<PromptedOperation, Answer[]> = { connect: [], signMessage: [], signAndSendTransaction: [], signTransaction: [] };
  // Like a real wallet, trust is remembered per origin, across reloads.
  const trustedOrigins = new Set<string>();

  const perform = async (origin: string, request: WalletRequest, answer: Answer | undefined): Promise<WalletReply> => {
    switch (request.op) {
      case 'connect':
        if (request.onlyIfTrusted && !trustedOrigins.has(origin)) return USER_REJECTED;
        trustedOrigins.add(origin);
        return { ok: true, value: account.publicKey.toBase58() };
      case 'disconnect':
        trustedOrigins.delete(origin);
        return { ok: true };
      case 'signMessage': {
        const signature = signEd25519(account, Buffer.from(request.message, 'base64'));
        return { ok: true, value: Buffer.from(signature).toString('base64') };
      }
      case 'signAndSendTransaction': {
        if (answer?.noSignature) return { ok: true };
        const wire = Buffer.from(request.transaction, 'base64');
        if (answer?.failOnChain) {
          const options: SendOptions = { skipPreflight: true };
          return { ok: true, value: await connection().sendRawTransaction(overdrawn(wire, account), options) };
        }
        const options: SendOptions = { preflightCommitment: 'confirmed', ...request.options };
        if (answer?.alter) return { ok: true, value: await connection().sendRawTransaction(withPriorityFee(wire, account), options) };
        const transaction = VersionedTransaction.deserialize(wire);
        transaction.sign([account]);
        return { ok: true, value: await connection().sendRawTransaction(transaction.serialize(), options) };
      }
      case 'signTransaction': {
        const wire = Buffer.from(request.transaction, 'base64');
        if (answer?.alter) return { ok: true, value: withPriorityFee(wire, account).toString('base64') };
        const transaction = VersionedTransaction.deserialize(wire);
        transaction.sign([account]);
        return { ok: true, value: Buffer.from(transaction.serialize()).toString('base64') };
      }
    }
  };

  const handle = async (origin: string, request: WalletRequest): Promise<WalletReply> => {
    requests.push(request);
    // A silent reconnect shows no prompt, so it does not use up a prepared answer.
    const prompted = request.op !== 'disconnect' && !(request.op === 'connect' && request.onlyIfTrusted);
    const answer = prompted ? answers[request.op].shift() : undefined;
    await answer?.hold;
    if (answer?.reject) return USER_REJECTED;
    try {
      const reply = await perform(origin, request, answer);
      if (answer?.withhold) {
        answer.withhold();
        return new Promise<WalletReply>(() => undefined);
      }
      return reply;
    } catch (error) {
      return { ok: false, code: -32603, message: error instanceof Error ? error.message : String(error) };
    }
  };

  const controls: Omit<FakeWallet, 'installed'> = {
    get publicKey() {
      return account.publicKey;
    },
    requests,
    rejectNext: (operation) => void answers[operation].push({ reject: true }),
    holdNext(operation) {
      let release!: () => void;
      answers[operation].push({ hold: new Promise<void>((resolve) => (release = resolve)) });
      return () => release();
    },
    withholdReplyNext(operation) {
      let performed!: () => void;
      const done = new Promise<void>((resolve) => (performed = resolve));
      answers[operation].push({ withhold: performed });
      return { done };
    },
    returnNoSignatureNext: () => void answers.signAndSendTransaction.push({ noSignature: true }),
    failOnChainNext: () => void answers.signAndSendTransaction.push({ failOnChain: true }),
    alterNext: (operation) => void answers[operation].push({ alter: true }),
  };

  return {
    controls,
    handle,
    /** The holder switches the wallet to another account (trust stays), or revokes every site (null). */
    switchAccount(next: Keypair | null) {
      if (next) account = next;
      else trustedOrigins.clear();
    },
  };
}
