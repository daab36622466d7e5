/**
 * The snapshot's anchor transaction as the holder's endpoint has it (DESIGN 15): on chain,
 * finalized, succeeded, exactly one Memo and that memo the root, signed by a wallet whose token
 * account is among the reserves, landed at the snapshot's slot, and after it each reserve account
 * held, in the snapshot's mint, the balance the snapshot lists (the anchor's zero transfers put
 * every reserve account in its token balances).
 */
import { msg } from '../i18n/catalogue.js';
import { coveragePercent } from '../treasury.js';
import { readChainTransaction, type ChainTransaction } from './chain-transaction.js';
import { failed, incomplete, passed, type ReservesFinding } from './findings.js';
import { RECORD_SETTLE_MS } from './holder-records.js';
import type { JsonRpc } from './json-rpc.js';
import { anchorMemoText, type ReservesSnapshot } from './snapshot.js';

/**
 * An anchor landing later than this after `takenAt` cannot vouch for it: the liabilities are read
 * at `takenAt`, which only the operator states, and a snapshot dated too early would compare the
 * proof with less than was owed. An anchor is sent at once by the hot wallet, or signed by an owner.
 */
export const ANCHOR_DELAY_MAX_MS = 48 * 3_600_000;

export type AnchorCheck = {
  findings: ReservesFinding[];
  /** The anchor as the chain has it; null when it could not be read. */
  anchor: (ChainTransaction & { signer: string | null }) | null;
  /** What the reserve accounts held after it, added up; null without an anchor. */
  reservesOnChain: bigint | null;
};

const percentText = (percent: string | null) => (percent === null ? '—' : `${percent}%`);

/** The coverage `held` raw units make of the snapshot's total, by shared/src/treasury.ts's rule: the snapshot's own, or why not. */
export function coverageFinding(held: bigint, snapshot: Pick<ReservesSnapshot, 'totalLiabilities' | 'coveragePercent'>): ReservesFinding {
  const computed = coveragePercent(held.toString(), snapshot.totalLiabilities);
  if (computed === snapshot.coveragePercent) return passed('coverage');
  return failed(
    'coverage',
    msg('reservesCoverageMismatch', {
      reserves: held.toString(),
      computed: percentText(computed),
      published: percentText(snapshot.coveragePercent),
    }),
  );
}

const FINALIZED = { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, commitment: 'finalized' };

/** The anchor transaction at finalized, or the finding that says why there is none to read. */
async function readAnchor(rpc: JsonRpc, signature: string): Promise<ChainTransaction | ReservesFinding> {
  const found = await rpc('getTransaction', [signature, FINALIZED]);
  if (found !== null) return readChainTransaction(found);
  const statuses = (await rpc('getSignatureStatuses', [[signature], { searchTransactionHistory: true }])) as {
    value?: ({ confirmationStatus?: unknown } | null)[];
  } | null;
  const status = statuses?.value?.[0];
  if (!status) return failed('anchor', msg('reservesAnchorNotFound', { signature }));
  // Landed but not finalized yet (or finalized between the two calls): judged on a later visit.
  return incomplete('anchor', msg('reservesAnchorNotFinalized', { signature }));
}

function timeFinding(anchor: ChainTransaction, takenAt: number): ReservesFinding {
  if (anchor.blockTime === null) return incomplete('takenAt', msg('reservesAnchorNoTime'));
  const anchoredAt = anchor.blockTime * 1000;
  if (takenAt > anchoredAt + RECORD_SETTLE_MS)
    return failed('takenAt', msg('reservesTakenAfterAnchor', { anchoredAt: new Date(anchoredAt).toISOString() }));
  if (anchoredAt - takenAt > ANCHOR_DELAY_MAX_MS)
    return incomplete('takenAt', msg('reservesAnchorLate', { hours: Math.floor((anchoredAt - takenAt) / 3_600_000) }));
  return passed('takenAt');
}

/** `now`: when the check runs (ms), to tell a snapshot whose anchor is still on its way from one never anchored. */
export async function checkAnchor(rpc: JsonRpc, snapshot: ReservesSnapshot, now = Date.now()): Promise<AnchorCheck> {
  const signature = snapshot.anchorSignature;
  if (signature === null) {
    // An owner may sign the anchor hours later: not anchored yet is not judged, until no anchor could vouch for takenAt any more.
    const overdue = now - Date.parse(snapshot.takenAt) > ANCHOR_DELAY_MAX_MS;
    const finding = (overdue ? failed : incomplete)('anchor', msg('reservesAnchorMissing'));
    return { findings: [finding], anchor: null, reservesOnChain: null };
  }
  const read = await readAnchor(rpc, signature);
  if (!('signature' in read)) return { findings: [read], anchor: null, reservesOnChain: null };

  const findings = [read.succeeded ? passed('anchor') : failed('anchor', msg('reservesAnchorFailed'))];
  const root = anchorMemoText(snapshot.root);
  if (read.memos.length !== 1) findings.push(failed('memo', msg('reservesAnchorMemoCount', { count: read.memos.length })));
  else findings.push(read.memos[0] === root ? passed('memo') : failed('memo', msg('reservesAnchorMemoMismatch')));

  // The reserve accounts as the chain has them after the anchor: its balance, in the snapshot's mint, held by the listed wallet.
  const held = snapshot.reserves.map((reserve) => {
    const after = read.tokenBalances.get(reserve.tokenAccount);
    return {
      reserve,
      after: after && after.mint === snapshot.mint && after.owner === reserve.wallet ? after.after : undefined,
      seen: !!after,
    };
  });
  const owners = new Set(held.filter(({ after }) => after !== undefined).map(({ reserve }) => reserve.wallet));
  const signer = read.signers.find((wallet) => owners.has(wallet)) ?? null;
  findings.push(signer ? passed('signer') : failed('signer', msg('reservesAnchorNotSignedByReserve')));
  findings.push(
    read.slot === snapshot.slot
      ? passed('slot')
      : failed('slot', msg('reservesAnchorSlotMismatch', { onChain: read.slot, slot: snapshot.slot })),
  );
  findings.push(timeFinding(read, Date.parse(snapshot.takenAt)));

  let reservesOnChain = 0n;
  for (const { reserve, after, seen } of held) {
    const account = reserve.tokenAccount;
    if (!seen) findings.push(failed('reserve', msg('reservesAnchorBalanceMissing', { account })));
    else if (after === undefined)
      findings.push(failed('reserve', msg('reservesAnchorAccountMismatch', { account, wallet: reserve.wallet })));
    else {
      reservesOnChain += after;
      findings.push(
        after.toString() === reserve.balance
          ? passed('reserve', reserve)
          : failed('reserve', msg('reservesAnchorBalanceMismatch', { account, onChain: after.toString(), listed: reserve.balance })),
      );
    }
  }
  findings.push(coverageFinding(reservesOnChain, snapshot));
  return { findings, anchor: { ...read, signer }, reservesOnChain };
}
