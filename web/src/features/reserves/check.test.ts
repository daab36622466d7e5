import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { toHex } from '@stakedesk/shared/reserves/bytes';
import type { ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import { buildReservesTree } from '@stakedesk/shared/reserves/tree';
import { checkOwnProof, coverageOf, coverageShown, reservesTotal, tokensOf } from './check.js';

const wallet = (seed: number) => bs58.encode(new Uint8Array(32).fill(seed));
const salt = (seed: number) => new Uint8Array(32).fill(seed + 100);
const holders = [
  { wallet: wallet(1), liability: 1_500_000n, salt: salt(1) },
  { wallet: wallet(2), liability: 250_000n, salt: salt(2) },
  { wallet: wallet(3), liability: 0n, salt: salt(3) },
];
const tree = buildReservesTree(holders, 7);
const snapshot: ReservesSnapshot = {
  id: 7,
  takenAt: '2026-11-26T20:00:00.000Z',
  slot: 1,
  root: toHex(tree.root.hash),
  totalLiabilities: tree.root.sum.toString(),
  leafCount: 3,
  reserves: [
    { wallet: wallet(9), tokenAccount: wallet(10), balance: '2000000' },
    { wallet: wallet(11), tokenAccount: wallet(12), balance: '500001' },
  ],
  coveragePercent: '142.86',
  anchorSignature: null,
  mint: wallet(13),
  decimals: 6,
};
const proofOf = (who: string) => JSON.parse(JSON.stringify(tree.proofOf(who))) as unknown;
const refusal = (check: ReturnType<typeof checkOwnProof>) => (check.ok ? 'ok' : check.reason.code);

describe("the dashboard's check of the holder's own proof", () => {
  it("passes the holder's own proof with its liability", () => {
    expect(checkOwnProof(snapshot, proofOf(wallet(1)), wallet(1))).toEqual({ ok: true, liability: 1_500_000n });
  });

  it("refuses another holder's valid proof, and a proof of another snapshot", () => {
    expect(refusal(checkOwnProof(snapshot, proofOf(wallet(2)), wallet(1)))).toBe('reservesProofNotYours');
    expect(refusal(checkOwnProof({ ...snapshot, id: 8 }, proofOf(wallet(1)), wallet(1)))).toBe('reservesProofNotYours');
  });

  it('refuses a proof that does not lead to the published root or total', () => {
    expect(refusal(checkOwnProof({ ...snapshot, root: '00'.repeat(32) }, proofOf(wallet(1)), wallet(1)))).toBe('reservesProofRootMismatch');
    expect(refusal(checkOwnProof(snapshot, null, wallet(1)))).toBe('reservesProofMalformed');
  });
});

describe('amounts of a snapshot', () => {
  it('writes raw units as tokens of the mint and adds up the reserves exactly', () => {
    expect(tokensOf('1500001', snapshot)).toBe('1.500001');
    expect(reservesTotal(snapshot)).toBe(2_500_001n);
    // 2.500001 held over 1.75 owed, rounded down to two decimals; nothing owed covers itself.
    expect(coverageOf(snapshot)).toBe('142.85');
    expect(coverageOf({ ...snapshot, totalLiabilities: '0' })).toBeNull();
  });
});

describe('coverageShown', () => {
  const percent = (rate: string) => `${rate}%`;
  it('shows a coverage up to 999% as it is, and a larger one as >999%, as the panel does', () => {
    expect(coverageShown('75.56', percent)).toBe('75.56%');
    expect(coverageShown('999.00', percent)).toBe('999.00%');
    expect(coverageShown('643407.64', percent)).toBe('>999%');
  });
});
