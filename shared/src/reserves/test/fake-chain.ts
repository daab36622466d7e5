/**
 * A JSON-RPC endpoint in memory for the chain check's unit tests: it answers getTransaction,
 * getSignatureStatuses, getSignaturesForAddress and getTokenAccountsByOwner in mainnet's shapes,
 * every transaction written from a real answer of the test chain (answers.ts).
 */
import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import type { JsonRpc } from '../json-rpc.js';
import { ANCHOR_ANSWER, DEPOSIT_ANSWER } from './answers.js';

export const address = (): string => bs58.encode(randomBytes(32));
export const signature = (): string => bs58.encode(randomBytes(64));

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const MEMO_V2 = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';

/** One token account's balance around a transaction (raw units). */
export type Balance = { account: string; owner: string; mint: string; before: bigint; after: bigint };

export type FakeTransaction = {
  signature?: string;
  slot: number;
  /** Seconds; null for one the chain records no time for. */
  blockTime: number | null;
  signers: string[];
  balances: Balance[];
  memos?: string[];
  /** Memos a program wrote by CPI, in meta.innerInstructions. */
  innerMemos?: string[];
  failed?: boolean;
};

const uiAmount = (amount: bigint, decimals: number) => ({
  uiAmount: Number(amount) / 10 ** decimals,
  decimals,
  amount: amount.toString(),
  uiAmountString: String(Number(amount) / 10 ** decimals),
});
const memoInstruction = (text: string) => ({ program: 'spl-memo', parsed: text, programId: MEMO_V2, stackHeight: null });

/** getTransaction's jsonParsed answer for `t`, written over the test chain's own answers. */
export function transactionAnswer(t: FakeTransaction & { signature: string }, decimals = 6): unknown {
  const template = structuredClone(t.memos ? ANCHOR_ANSWER : DEPOSIT_ANSWER) as unknown as {
    meta: Record<string, unknown>;
    transaction: { message: { accountKeys: unknown[]; instructions: unknown[] }; signatures: string[] };
  } & Record<string, unknown>;
  const keys = [
    ...t.signers.map((pubkey) => ({ pubkey, signer: true, writable: true, source: 'transaction' })),
    ...t.balances.map(({ account }) => ({ pubkey: account, signer: false, writable: true, source: 'transaction' })),
    { pubkey: TOKEN_PROGRAM, signer: false, writable: false, source: 'transaction' },
  ];
  const tokenBalances = (side: 'before' | 'after') =>
    t.balances.map((balance, index) => ({
      accountIndex: t.signers.length + index,
      mint: balance.mint,
      owner: balance.owner,
      programId: TOKEN_PROGRAM,
      uiTokenAmount: uiAmount(balance[side], decimals),
    }));
  const transfer = DEPOSIT_ANSWER.transaction.message.instructions[0];
  return {
    ...template,
    slot: t.slot,
    blockTime: t.blockTime,
    meta: {
      ...template.meta,
      err: t.failed ? { InstructionError: [0, { Custom: 1 }] } : null,
      status: t.failed ? { Err: { InstructionError: [0, { Custom: 1 }] } } : { Ok: null },
      preTokenBalances: tokenBalances('before'),
      postTokenBalances: tokenBalances('after'),
      innerInstructions: t.innerMemos ? [{ index: 0, instructions: t.innerMemos.map(memoInstruction) }] : [],
    },
    transaction: {
      ...template.transaction,
      signatures: [t.signature],
      message: { ...template.transaction.message, accountKeys: keys, instructions: [...(t.memos ?? []).map(memoInstruction), transfer] },
    },
  };
}

type Listed = { signature: string; slot: number; blockTime: number | null; err: unknown };

export class FakeChain {
  readonly calls: string[] = [];
  private readonly transactions = new Map<string, unknown>();
  private readonly byAddress = new Map<string, Listed[]>();
  private readonly accountsOf = new Map<string, { mint: string; account: string }[]>();
  /** Signatures the chain knows but has not finalized yet. */
  readonly unfinalized = new Set<string>();
  /** Signatures listed for their accounts but not served by getTransaction (a pruned node). */
  readonly pruned = new Set<string>();

  /** Lands `t`: listed for each token account it changes, newest last. */
  land(t: FakeTransaction): string {
    const sig = t.signature ?? signature();
    this.transactions.set(sig, transactionAnswer({ ...t, signature: sig }));
    for (const { account } of t.balances) {
      const listed = this.byAddress.get(account) ?? [];
      listed.push({
        signature: sig,
        slot: t.slot,
        blockTime: t.blockTime,
        err: t.failed ? { InstructionError: [0, { Custom: 1 }] } : null,
      });
      this.byAddress.set(account, listed);
    }
    return sig;
  }

  /** `owner` holds the token account `account` of `mint` now. */
  holds(owner: string, mint: string, account: string): void {
    this.accountsOf.set(owner, [...(this.accountsOf.get(owner) ?? []), { mint, account }]);
  }

  readonly rpc: JsonRpc = async (method, params) => {
    this.calls.push(method);
    const [first, config] = params as [unknown, Record<string, unknown> | undefined];
    switch (method) {
      case 'getTransaction': {
        const sig = first as string;
        if (this.pruned.has(sig) || this.unfinalized.has(sig)) return null;
        return structuredClone(this.transactions.get(sig) ?? null);
      }
      case 'getSignatureStatuses':
        return {
          context: { slot: 1 },
          value: (first as string[]).map((sig) =>
            this.transactions.has(sig)
              ? { confirmationStatus: this.unfinalized.has(sig) ? 'confirmed' : 'finalized', confirmations: null, err: null, slot: 1 }
              : null,
          ),
        };
      case 'getSignaturesForAddress': {
        const newestFirst = [...(this.byAddress.get(first as string) ?? [])].sort((a, b) => b.slot - a.slot);
        const before = config?.before === undefined ? -1 : newestFirst.findIndex((entry) => entry.signature === config.before);
        return newestFirst
          .slice(before + 1, before + 1 + Number(config?.limit ?? 1000))
          .map((entry) => ({ ...entry, confirmationStatus: 'finalized', memo: null }));
      }
      case 'getTokenAccountsByOwner': {
        const { mint } = params[1] as { mint: string };
        const found = (this.accountsOf.get(first as string) ?? []).filter((held) => held.mint === mint);
        return {
          context: { slot: 1 },
          value: found.map(({ account }) => ({ pubkey: account, account: { data: ['', 'base64'], owner: TOKEN_PROGRAM } })),
        };
      }
      default:
        throw new Error(`The fake chain does not answer ${method}`);
    }
  };
}
