/** What the holder's check reads of a transaction in getTransaction's jsonParsed answer. */
import { isWholeNumberString } from '../decimal.js';
import { ChainUnreadable } from './json-rpc.js';

/** SPL Memo v2 and v1: a memo of either program is a memo. */
export const MEMO_PROGRAMS: ReadonlySet<string> = new Set([
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
]);

/** One token account's balance before and after the transaction (raw units; 0 where it did not exist). */
export type TokenBalanceChange = { account: string; mint: string; owner: string | undefined; before: bigint; after: bigint };

export type ChainTransaction = {
  signature: string;
  slot: number;
  /** Seconds since the epoch, as the chain records it; null where it records none. */
  blockTime: number | null;
  succeeded: boolean;
  /** The wallets that signed it. */
  signers: string[];
  /** The text of every memo instruction in it, top level and inner ones (null for one not read as text). */
  memos: (string | null)[];
  /** Every token account with a balance before or after it, by address. */
  tokenBalances: Map<string, TokenBalanceChange>;
};

type Parsed = {
  slot?: unknown;
  blockTime?: unknown;
  meta?: { err?: unknown; preTokenBalances?: unknown; postTokenBalances?: unknown; innerInstructions?: unknown } | null;
  transaction?: { signatures?: unknown; message?: { accountKeys?: unknown; instructions?: unknown } };
};
type AccountKey = { pubkey?: unknown; signer?: unknown };
type Instruction = { programId?: unknown; parsed?: unknown };
type TokenBalance = { accountIndex?: unknown; mint?: unknown; owner?: unknown; uiTokenAmount?: { amount?: unknown } };

const notParsed = () => new ChainUnreadable('the transaction is not in the jsonParsed form');

const list = (value: unknown): unknown[] => {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw notParsed();
  return value;
};

/** Every instruction, the top-level ones first, then each inner one. */
function allInstructions(instructions: unknown[], inner: unknown[]): Instruction[] {
  const nested = inner.flatMap((group) => list((group as { instructions?: unknown } | null)?.instructions));
  return [...instructions, ...nested].map((instruction) => (instruction ?? {}) as Instruction);
}

/** getTransaction's result (not null); throws ChainUnreadable when it is not the jsonParsed form. */
export function readChainTransaction(result: unknown): ChainTransaction {
  const { slot, blockTime, meta, transaction } = (result ?? {}) as Parsed;
  const keys = transaction?.message?.accountKeys;
  const instructions = transaction?.message?.instructions;
  const [signature] = list(transaction?.signatures);
  if (typeof slot !== 'number' || !meta || typeof signature !== 'string' || !Array.isArray(keys) || !Array.isArray(instructions))
    throw notParsed();
  const accounts = (keys as AccountKey[]).map((key) => {
    if (typeof key?.pubkey !== 'string') throw notParsed();
    return { pubkey: key.pubkey, signer: key.signer === true };
  });

  const tokenBalances = new Map<string, TokenBalanceChange>();
  const read = (balances: unknown, side: 'before' | 'after') => {
    for (const entry of list(balances)) {
      const { accountIndex, mint, owner, uiTokenAmount } = (entry ?? {}) as TokenBalance;
      const account = typeof accountIndex === 'number' ? accounts[accountIndex] : undefined;
      const amount = uiTokenAmount?.amount;
      if (!account || typeof mint !== 'string' || typeof amount !== 'string' || !isWholeNumberString(amount)) throw notParsed();
      const change = tokenBalances.get(account.pubkey) ?? {
        account: account.pubkey,
        mint,
        owner: typeof owner === 'string' ? owner : undefined,
        before: 0n,
        after: 0n,
      };
      change[side] = BigInt(amount);
      tokenBalances.set(account.pubkey, change);
    }
  };
  read(meta.preTokenBalances, 'before');
  read(meta.postTokenBalances, 'after');

  return {
    signature,
    slot,
    blockTime: typeof blockTime === 'number' ? blockTime : null,
    succeeded: meta.err === null,
    signers: accounts.filter((account) => account.signer).map((account) => account.pubkey),
    memos: allInstructions(instructions, list(meta.innerInstructions))
      .filter(({ programId }) => typeof programId === 'string' && MEMO_PROGRAMS.has(programId))
      .map(({ parsed }) => (typeof parsed === 'string' ? parsed : null)),
    tokenBalances,
  };
}
