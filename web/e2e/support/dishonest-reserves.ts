import { randomBytes } from 'node:crypto';
import { createTransferCheckedInstruction } from '@solana/spl-token';
import { Keypair, PublicKey, TransactionInstruction } from '@solana/web3.js';
import type { Page, Request } from '@playwright/test';
import type { ReservesProof } from '@stakedesk/shared/reserves/proof';
import { toHex } from '@stakedesk/shared/reserves/bytes';
import type { ReserveAccount, ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import { buildReservesTree } from '@stakedesk/shared/reserves/tree';
import { coveragePercent } from '@stakedesk/shared/treasury';
import { connection, mint, send, stakingWallet, tokenAccountOf } from './chain.js';
import { reservesSnapshotById } from './reserves.js';
import { readState } from './state.js';

/**
 * The operator under suspicion, played in the browser test: its server's /api/reserves answers
 * rewritten with page.route, and, where a lie needs one, an anchor of its own made on the real test
 * chain with the staking wallet's key (a reserve wallet). The chain the dashboard reads is never
 * faked: that is what the check under test reads.
 */

const MEMO_PROGRAM = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

/** The snapshot once its anchor has landed (the hot wallet sends it within seconds of the snapshot). */
export async function anchoredSnapshot(id: number, timeoutMs = 30_000): Promise<ReservesSnapshot & { anchorSignature: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const snapshot = await reservesSnapshotById(id);
    if (snapshot.anchorSignature !== null) return snapshot as ReservesSnapshot & { anchorSignature: string };
    if (Date.now() > deadline) throw new Error(`snapshot ${id} not anchored within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** GET /api/reserves (the latest snapshot) answered with `snapshot`. */
export async function serveLatestSnapshot(page: Page, snapshot: ReservesSnapshot): Promise<void> {
  await page.route('**/api/reserves', (route) => route.fulfill({ json: snapshot }));
}

/** The holder's proof answered with `proof`. */
export async function serveProof(page: Page, proof: ReservesProof): Promise<void> {
  await page.route('**/api/reserves/*/proof/*', (route) => route.fulfill({ json: proof }));
}

/**
 * An anchor the operator makes itself, as the server makes one (a memo signed by a reserve wallet,
 * a zero transfer to each other reserve account so the chain records every balance), with `memos`.
 * What the chain recorded: its signature and slot, and each reserve account's balance after it.
 */
export async function anchorOnChain(
  memos: string[],
  reserves: readonly Pick<ReserveAccount, 'wallet' | 'tokenAccount'>[],
): Promise<{ signature: string; slot: number; reserves: ReserveAccount[] }> {
  const signer = stakingWallet();
  const source = tokenAccountOf(signer.publicKey);
  const others = reserves.map(({ tokenAccount }) => new PublicKey(tokenAccount)).filter((account) => !account.equals(source));
  const signature = await send(
    [
      ...memos.map(
        (text) =>
          new TransactionInstruction({
            programId: MEMO_PROGRAM,
            keys: [{ pubkey: signer.publicKey, isSigner: true, isWritable: false }],
            data: Buffer.from(text, 'utf8'),
          }),
      ),
      ...(others.length > 0 ? others : [source]).map((account) =>
        createTransferCheckedInstruction(source, mint(), account, signer.publicKey, 0n, readState().decimals),
      ),
    ],
    [signer],
  );
  const landed = await connection().getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
  const keys = landed!.transaction.message.getAccountKeys().staticAccountKeys.map((key) => key.toBase58());
  const after = new Map((landed!.meta!.postTokenBalances ?? []).map((b) => [keys[b.accountIndex]!, b.uiTokenAmount.amount]));
  return {
    signature,
    slot: landed!.slot,
    reserves: reserves.map(({ wallet, tokenAccount }) => ({ wallet, tokenAccount, balance: after.get(tokenAccount)! })),
  };
}

/** What the reserves listed make of the total, by the server's own rule: a made-up snapshot agrees with itself. */
export const withCoverage = (snapshot: ReservesSnapshot): ReservesSnapshot => ({
  ...snapshot,
  coveragePercent: coveragePercent(
    snapshot.reserves.reduce((sum, reserve) => sum + BigInt(reserve.balance), 0n).toString(),
    snapshot.totalLiabilities,
  ),
});

/** `snapshot` anchored again by the operator, in a transaction carrying `memos`: its slot and balances are that anchor's. */
export async function reanchored(snapshot: ReservesSnapshot, memos: string[]): Promise<ReservesSnapshot> {
  const anchor = await anchorOnChain(memos, snapshot.reserves);
  return withCoverage({ ...snapshot, slot: anchor.slot, reserves: anchor.reserves, anchorSignature: anchor.signature });
}

/**
 * A snapshot the operator made up from `real`: the holder's leaf counted at `liability` raw units
 * (a made-up holder owed the rest), its root anchored by the operator. Everything it states agrees
 * with itself and with that anchor; only what it counts for the holder is a lie. With the holder's
 * proof in it.
 */
export async function madeUpSnapshot(
  real: ReservesSnapshot,
  holder: string,
  liability: bigint,
): Promise<{ snapshot: ReservesSnapshot; proof: ReservesProof }> {
  const others = BigInt(real.totalLiabilities);
  const tree = buildReservesTree(
    [
      { wallet: holder, liability, salt: randomBytes(32) },
      { wallet: Keypair.generate().publicKey.toBase58(), liability: others, salt: randomBytes(32) },
    ],
    real.id,
  );
  const root = toHex(tree.root.hash);
  const madeUp = { ...real, root, totalLiabilities: (liability + others).toString(), leafCount: 2 };
  return { snapshot: await reanchored(madeUp, [root]), proof: tree.proofOf(holder)! };
}

/** What the page asked of a JSON-RPC endpoint, by URL: each call's method. */
export function rpcCallsOf(page: Page): { url: string; method: string }[] {
  const calls: { url: string; method: string }[] = [];
  const methodsOf = (request: Request): string[] => {
    const body = request.postDataJSON() as { method?: string } | { method?: string }[] | null;
    return (Array.isArray(body) ? body : [body]).map((call) => String(call?.method ?? ''));
  };
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    const isRpc = request.url().startsWith(readState().rpcUrl) || new URL(request.url()).pathname === '/api/rpc';
    if (isRpc) for (const method of methodsOf(request)) calls.push({ url: request.url(), method });
  });
  return calls;
}
