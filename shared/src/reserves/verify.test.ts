import bs58 from 'bs58';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMessage } from '../i18n/catalogue.js';
import { en } from '../i18n/en.js';
import { ptBR } from '../i18n/pt-BR.js';
import { toHex, U128_MAX, U64_MAX } from './bytes.js';
import { leafNode, parentNode } from './hash.js';
import type { ReservesProof } from './proof.js';
import { buildReservesTree, type ReservesLeafInput } from './tree.js';
import { verifyReservesProof, type ReservesProofCheck } from './verify.js';

const bytes32 = fc.uint8Array({ minLength: 32, maxLength: 32 });
const holderSet = (minLength: number) =>
  fc.uniqueArray(fc.record({ key: bytes32, liability: fc.bigInt({ min: 0n, max: U64_MAX }), salt: bytes32 }), {
    minLength,
    maxLength: 60,
    selector: (holder) => toHex(holder.key),
  });
const leavesOf = (holders: { key: Uint8Array; liability: bigint; salt: Uint8Array }[]): ReservesLeafInput[] =>
  holders.map(({ key, liability, salt }) => ({ wallet: bs58.encode(key), liability, salt }));
const snapshotIds = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });

/** A built tree, one holder's proof in it and what it publishes. */
const published = (minLength: number) =>
  fc.tuple(holderSet(minLength), snapshotIds, fc.nat()).map(([holders, snapshotId, pick]) => {
    const leaves = leavesOf(holders);
    const tree = buildReservesTree(leaves, snapshotId);
    const proof = tree.proofOf(leaves[pick % leaves.length]!.wallet)!;
    return { leaves, tree, proof, root: toHex(tree.root.hash), total: tree.root.sum.toString() };
  });

const refusal = (check: ReservesProofCheck) => (check.ok ? 'ok' : check.reason.code);
const clone = (proof: ReservesProof): ReservesProof => structuredClone(proof);

describe('verifyReservesProof', () => {
  it("verifies every holder's proof against the root and total, and the root sums every liability", () => {
    fc.assert(
      fc.property(holderSet(1), snapshotIds, (holders, snapshotId) => {
        const leaves = leavesOf(holders);
        const tree = buildReservesTree(leaves, snapshotId);
        const root = toHex(tree.root.hash);
        const total = tree.root.sum.toString();
        expect(tree.root.sum).toBe(leaves.reduce((sum, leaf) => sum + leaf.liability, 0n));
        expect(tree.leafCount).toBe(leaves.length);
        for (const leaf of leaves) {
          const proof = JSON.parse(JSON.stringify(tree.proofOf(leaf.wallet))) as ReservesProof;
          expect(verifyReservesProof(proof, root, total)).toEqual({ ok: true, liability: leaf.liability });
        }
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a tampered sibling sum', () => {
    fc.assert(
      fc.property(published(2), fc.nat(), fc.bigInt({ min: 1n, max: U64_MAX }), ({ proof, root, total }, at, delta) => {
        const tampered = clone(proof);
        const step = tampered.path[at % tampered.path.length]!;
        const sum = BigInt(step.sum);
        step.sum = (sum >= delta ? sum - delta : sum + delta).toString();
        expect(refusal(verifyReservesProof(tampered, root, total))).toBe('reservesProofRootMismatch');
      }),
    );
  });

  it('refuses a sibling sum that is negative or not a plain decimal of raw units, and one over 2^128 - 1', () => {
    fc.assert(
      fc.property(
        published(2),
        fc.oneof(
          fc.bigInt({ max: -1n }).map(String),
          fc.constantFrom('', '1.5', '01', '1e3', ' 1', '0x10', 'abc'),
          fc.integer().map((n) => n as unknown as string),
        ),
        ({ proof, root, total }, bad) => {
          const tampered = clone(proof);
          tampered.path[0]!.sum = bad;
          expect(refusal(verifyReservesProof(tampered, root, total))).toBe('reservesProofAmountInvalid');
        },
      ),
    );
    fc.assert(
      fc.property(published(2), ({ proof, root, total }) => {
        const tampered = clone(proof);
        tampered.path[0]!.sum = (U128_MAX + 1n).toString();
        expect(refusal(verifyReservesProof(tampered, root, total))).toBe('reservesProofAmountTooLarge');
      }),
      { numRuns: 10 },
    );
  });

  it('refuses a negative leaf and one over 2^64 - 1 in a proof', () => {
    fc.assert(
      fc.property(published(1), fc.bigInt({ max: -1n }), fc.bigInt({ min: U64_MAX + 1n, max: U128_MAX }), (p, negative, over) => {
        expect(refusal(verifyReservesProof({ ...p.proof, liability: negative.toString() }, p.root, p.total))).toBe(
          'reservesProofAmountInvalid',
        );
        expect(refusal(verifyReservesProof({ ...p.proof, liability: over.toString() }, p.root, p.total))).toBe(
          'reservesProofAmountTooLarge',
        );
      }),
    );
  });

  it('refuses a path whose sums do not add up to the published total', () => {
    fc.assert(
      fc.property(published(1), fc.bigInt({ min: 1n, max: U64_MAX }), ({ proof, root, total }, delta) => {
        const other = BigInt(total) >= delta ? BigInt(total) - delta : BigInt(total) + delta;
        expect(refusal(verifyReservesProof(proof, root, other.toString()))).toBe('reservesProofTotalMismatch');
      }),
    );
  });

  it('refuses a truncated hash, in the path or as the published root', () => {
    fc.assert(
      fc.property(published(2), fc.integer({ min: 0, max: 31 }), ({ proof, root, total }, keep) => {
        const tampered = clone(proof);
        tampered.path[0]!.hash = tampered.path[0]!.hash.slice(0, keep * 2);
        expect(refusal(verifyReservesProof(tampered, root, total))).toBe('reservesProofHashLength');
        expect(refusal(verifyReservesProof(proof, root.slice(0, keep * 2), total))).toBe('reservesPublishedInvalid');
      }),
    );
  });

  it('refuses a salt that is not 32 bytes', () => {
    fc.assert(
      fc.property(
        published(1),
        fc.integer({ min: 0, max: 64 }).filter((n) => n !== 32),
        ({ proof, root, total }, length) => {
          const salt = proof.salt.repeat(3).slice(0, length * 2);
          expect(refusal(verifyReservesProof({ ...proof, salt }, root, total))).toBe('reservesProofSaltLength');
        },
      ),
    );
  });

  it('refuses a proof against another root, and a proof for another snapshot', () => {
    fc.assert(
      fc.property(published(1), snapshotIds, bytes32, ({ leaves, proof, root, total }, otherId, otherRoot) => {
        fc.pre(otherId !== proof.snapshotId && toHex(otherRoot) !== root);
        expect(refusal(verifyReservesProof(proof, toHex(otherRoot), total))).toBe('reservesProofRootMismatch');
        expect(refusal(verifyReservesProof({ ...proof, snapshotId: otherId }, root, total))).toBe('reservesProofRootMismatch');
        // The same holders, amounts and salts in another snapshot: that snapshot's proof does not fit this root.
        const elsewhere = buildReservesTree(leaves, otherId).proofOf(proof.wallet)!;
        expect(refusal(verifyReservesProof(elsewhere, root, total))).toBe('reservesProofRootMismatch');
      }),
    );
  });

  it("refuses every proof under a node whose sum is one child's amount instead of the sum of both", () => {
    const wallets = [1, 2, 3, 4].map((byte) => new Uint8Array(32).fill(byte));
    const salt = new Uint8Array(32).fill(0xee);
    const amount = fc.bigInt({ min: 1n, max: U64_MAX });
    fc.assert(
      fc.property(amount, amount, amount, amount, (a, b, c, d) => {
        const [l1, l2, l3, l4] = [a, b, c, d].map((liability, i) => leafNode(9, wallets[i]!, salt, liability)) as [
          ReturnType<typeof leafNode>,
          ReturnType<typeof leafNode>,
          ReturnType<typeof leafNode>,
          ReturnType<typeof leafNode>,
        ];
        // The operator's forged tree: the left node keeps its honest hash but carries the larger child's amount.
        const forged = { hash: parentNode(l1, l2).hash, sum: a > b ? a : b };
        const right = parentNode(l3, l4);
        const root = parentNode(forged, right);
        const under = (sibling: typeof l1, side: 'left' | 'right', liability: bigint, wallet: Uint8Array, siblingSum = sibling.sum) => ({
          snapshotId: 9,
          wallet: bs58.encode(wallet),
          salt: toHex(salt),
          liability: liability.toString(),
          path: [
            { hash: toHex(sibling.hash), sum: siblingSum.toString(), side },
            { hash: toHex(right.hash), sum: right.sum.toString(), side: 'right' as const },
          ],
        });
        const forgedRoot = toHex(root.hash);
        const forgedTotal = root.sum.toString();
        // The honest path of each holder under the forged node…
        expect(refusal(verifyReservesProof(under(l2, 'right', a, wallets[0]!), forgedRoot, forgedTotal))).toBe('reservesProofRootMismatch');
        expect(refusal(verifyReservesProof(under(l1, 'left', b, wallets[1]!), forgedRoot, forgedTotal))).toBe('reservesProofRootMismatch');
        // …and one doctored so that its sums add up to the forged total.
        const doctored = under(l2, 'right', a, wallets[0]!, forged.sum - a);
        expect(refusal(verifyReservesProof(doctored, forgedRoot, forgedTotal))).toBe('reservesProofRootMismatch');
      }),
    );
  });

  it('refuses a proof that is not in the published format', () => {
    const { proof, root, total } = fc.sample(published(2), { numRuns: 1, seed: 1 })[0]!;
    const bad: unknown[] = [
      null,
      { ...proof, path: undefined },
      { ...proof, wallet: 'not-a-wallet' },
      { ...proof, snapshotId: -1 },
      { ...proof, snapshotId: '1' },
      { ...proof, salt: proof.salt.toUpperCase() },
      { ...proof, path: [{ ...proof.path[0], side: 'up' }] },
      { ...proof, path: [null] },
    ];
    for (const candidate of bad)
      expect(refusal(verifyReservesProof(candidate as ReservesProof, root, total))).toBe('reservesProofMalformed');
    expect(refusal(verifyReservesProof(proof, root, '-1'))).toBe('reservesPublishedInvalid');
  });

  it('says why in words, in English and in Portuguese', () => {
    const check = verifyReservesProof({ snapshotId: 1, wallet: '', salt: '', liability: '0', path: [] }, '00'.repeat(32), '0');
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(formatMessage(en, check.reason)).toBe('The proof is not in the published format');
    expect(formatMessage(ptBR, check.reason)).toBe('A prova não está no formato publicado');
  });
});
