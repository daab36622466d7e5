import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { toHex } from '@stakedesk/shared/reserves/bytes';
import { buildReservesTree } from '@stakedesk/shared/reserves/tree';
import { verifyReservesProof } from '@stakedesk/shared/reserves/verify';
import { nodeSha256 } from './node-sha256.js';

describe('nodeSha256', () => {
  it('builds the same tree as the verifier hashes, so a browser checks what the server built', () => {
    const holders = Array.from({ length: 37 }, (_, i) => ({
      wallet: bs58.encode(randomBytes(32)),
      liability: BigInt(i) * 1_000_003n,
      salt: randomBytes(32),
    }));
    const byNode = buildReservesTree(holders, 12, nodeSha256);
    const byNoble = buildReservesTree(holders, 12);
    expect(toHex(byNode.root.hash)).toBe(toHex(byNoble.root.hash));
    const proof = byNode.proofOf(holders[5]!.wallet)!;
    expect(verifyReservesProof(JSON.parse(JSON.stringify(proof)), toHex(byNode.root.hash), byNode.root.sum.toString())).toEqual({
      ok: true,
      liability: 5_000_015n,
    });
  });
});
