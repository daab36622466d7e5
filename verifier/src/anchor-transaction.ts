/** What the verifier reads of the anchor transaction in getTransaction's jsonParsed answer. */
import { isWholeNumberString } from '@stakedesk/shared/decimal';
import { RpcUnreadable } from './rpc.js';

const MEMO_PROGRAMS = new Set(['MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo']);

export type TokenBalanceAfter = { mint: string; owner: string | undefined; amount: string };

export type AnchorTransaction = {
  slot: number;
  succeeded: boolean;
  /** The wallets that signed it. */
  signers: string[];
  /** The text of each of its memo instructions. */
  memos: string[];
  /** Each token account's balance after it (postTokenBalances), by the account's address. */
  balancesAfter: Map<string, TokenBalanceAfter>;
};

type Parsed = {
  slot?: unknown;
  meta?: { err?: unknown; postTokenBalances?: unknown } | null;
  transaction?: { message?: { accountKeys?: unknown; instructions?: unknown } };
};
type AccountKey = { pubkey?: unknown; signer?: unknown };
type Instruction = { programId?: unknown; parsed?: unknown };
type TokenBalance = { accountIndex?: unknown; mint?: unknown; owner?: unknown; uiTokenAmount?: { amount?: unknown } };

const notParsed = () => new RpcUnreadable('the transaction is not in the jsonParsed form');

/** getTransaction's result (not null); throws RpcUnreadable when it is not the jsonParsed form. */
export function readAnchorTransaction(result: unknown): AnchorTransaction {
  const { slot, meta, transaction } = (result ?? {}) as Parsed;
  const keys = transaction?.message?.accountKeys;
  const instructions = transaction?.message?.instructions;
  const balances = meta?.postTokenBalances ?? [];
  if (typeof slot !== 'number' || !meta || !Array.isArray(keys) || !Array.isArray(instructions) || !Array.isArray(balances))
    throw notParsed();
  const accounts = (keys as AccountKey[]).map(({ pubkey, signer }) => {
    if (typeof pubkey !== 'string') throw notParsed();
    return { pubkey, signer: signer === true };
  });
  const balancesAfter = new Map<string, TokenBalanceAfter>();
  for (const { accountIndex, mint, owner, uiTokenAmount } of balances as TokenBalance[]) {
    const account = typeof accountIndex === 'number' ? accounts[accountIndex] : undefined;
    if (!account || typeof mint !== 'string' || typeof uiTokenAmount?.amount !== 'string' || !isWholeNumberString(uiTokenAmount.amount))
      throw notParsed();
    balancesAfter.set(account.pubkey, { mint, owner: typeof owner === 'string' ? owner : undefined, amount: uiTokenAmount.amount });
  }
  return {
    slot,
    succeeded: meta.err === null,
    signers: accounts.filter((account) => account.signer).map((account) => account.pubkey),
    memos: (instructions as Instruction[])
      .filter(({ programId, parsed }) => typeof programId === 'string' && MEMO_PROGRAMS.has(programId) && typeof parsed === 'string')
      .map(({ parsed }) => parsed as string),
    balancesAfter,
  };
}
