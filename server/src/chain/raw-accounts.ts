import { getMemoTransfer, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID, unpackAccount, unpackMint, type Mint } from '@solana/spl-token';
import { PublicKey, VersionedTransaction, type AccountInfo } from '@solana/web3.js';
import type { AccountTokenBalance, LandedTransaction, TokenAccountState } from './chain.js';

/**
 * Accounts and transactions read from their raw bytes with spl-token's own layouts, for both
 * token programs: the RPC's jsonParsed view is not the same everywhere (a test validator shows
 * Token-2022 extensions as unparseable), the bytes are.
 */

const TOKEN_PROGRAMS = new Set([TOKEN_PROGRAM_ID.toBase58(), TOKEN_2022_PROGRAM_ID.toBase58()]);

/** An initialized mint of either token program, as spl-token unpacks it (extensions included); null for anything else. */
export function unpackedMint(address: string, account: AccountInfo<Buffer>): Mint | null {
  if (!TOKEN_PROGRAMS.has(account.owner.toBase58())) return null;
  try {
    const mint = unpackMint(new PublicKey(address), account, account.owner);
    return mint.isInitialized ? mint : null;
  } catch {
    return null;
  }
}

/** An initialized token account of either program; null for anything else. */
export function tokenAccountFromAccount(address: string, account: AccountInfo<Buffer>): TokenAccountState | null {
  const programId = account.owner.toBase58();
  if (!TOKEN_PROGRAMS.has(programId)) return null;
  try {
    const token = unpackAccount(new PublicKey(address), account, account.owner);
    if (!token.isInitialized) return null;
    return {
      programId,
      mint: token.mint.toBase58(),
      owner: token.owner.toBase58(),
      amount: token.amount,
      state: token.isFrozen ? 'frozen' : 'initialized',
      memoRequired: getMemoTransfer(token)?.requireIncomingTransferMemos ?? false,
    };
  } catch {
    return null;
  }
}

type RpcTokenBalance = { accountIndex: number; mint: string; owner?: string; uiTokenAmount: { amount: string } };

/** getTransaction's answer with encoding base64. */
export type RpcEncodedTransaction = {
  slot: number;
  transaction: [string, 'base64'];
  meta: {
    err: unknown;
    preTokenBalances?: RpcTokenBalance[] | null;
    postTokenBalances?: RpcTokenBalance[] | null;
    loadedAddresses?: { writable: string[]; readonly: string[] } | null;
  } | null;
};

const balancesOf = (balances: RpcTokenBalance[] | null | undefined): AccountTokenBalance[] =>
  (balances ?? []).map((balance) => ({
    accountIndex: balance.accountIndex,
    mint: balance.mint,
    owner: balance.owner ?? null,
    amount: BigInt(balance.uiTokenAmount.amount),
  }));

/** A landed transaction with its exact bytes; its account keys in the order its balances index them (static, then loaded). */
export function landedFromRpc(signature: string, found: RpcEncodedTransaction): LandedTransaction | null {
  if (!found.meta) return null;
  const wire = new Uint8Array(Buffer.from(found.transaction[0], 'base64'));
  const staticKeys = VersionedTransaction.deserialize(wire).message.staticAccountKeys.map((key) => key.toBase58());
  const loaded = found.meta.loadedAddresses ?? { writable: [], readonly: [] };
  return {
    signature,
    wire,
    slot: found.slot,
    failed: found.meta.err !== null && found.meta.err !== undefined,
    accountKeys: [...staticKeys, ...loaded.writable, ...loaded.readonly],
    preTokenBalances: balancesOf(found.meta.preTokenBalances),
    postTokenBalances: balancesOf(found.meta.postTokenBalances),
  };
}
