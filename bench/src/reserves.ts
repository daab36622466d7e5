/**
 * The proof-of-reserves tree of DESIGN 14 at 1,000,000 holders: how long the server takes to build
 * a snapshot's tree (with node:crypto's SHA-256, as the server does), and a browser to check one holder's proof
 * (issue 27: under 20 s, under 50 ms).
 * Random wallets, amounts and salts; the proof is checked as the dashboard receives it, from JSON.
 */
import { randomBytes, randomInt } from 'node:crypto';
import bs58 from 'bs58';
import { toHex } from '@stakedesk/shared/reserves/bytes';
import { buildReservesTree, type ReservesLeafInput } from '@stakedesk/shared/reserves/tree';
import { verifyReservesProof } from '@stakedesk/shared/reserves/verify';
import type { ReservesProof } from '@stakedesk/shared/reserves/proof';
import { nodeSha256 } from '@stakedesk/server/dist/reserves/node-sha256.js';
import { load1, noiseMeter } from './machine.js';

export const RESERVES_LEAVES = 1_000_000;
const CHECKS = 101;

export type ReservesResult = {
  leaves: number;
  buildSeconds: number;
  /** CPU time the build used (all the process's threads): what a busy machine's wall clock hides. */
  buildCpuSeconds: number;
  /** Median and slowest of CHECKS checks of random holders' proofs. */
  proofMs: number;
  proofMaxMs: number;
  proofSteps: number;
  othersPercent: number;
  load: number;
};

function randomHolders(count: number): ReservesLeafInput[] {
  const keys = randomBytes(count * 32);
  const salts = randomBytes(count * 32);
  return Array.from({ length: count }, (_, i) => ({
    wallet: bs58.encode(keys.subarray(i * 32, i * 32 + 32)),
    liability: BigInt(randomInt(0, 2 ** 48 - 1)) * 1000n,
    salt: salts.subarray(i * 32, i * 32 + 32),
  }));
}

export function measureReserves(leaves = RESERVES_LEAVES): ReservesResult {
  const holders = randomHolders(leaves);
  const noise = noiseMeter(() => [process.pid]);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const tree = buildReservesTree(holders, 1, nodeSha256);
  const cpu = process.cpuUsage(cpuBefore);
  const buildSeconds = (performance.now() - started) / 1000;
  const root = toHex(tree.root.hash);
  const total = tree.root.sum.toString();

  const times: number[] = [];
  let proofSteps = 0;
  for (let i = 0; i < CHECKS; i++) {
    const json = JSON.stringify(tree.proofOf(holders[randomInt(0, leaves)]!.wallet));
    const checkStarted = performance.now();
    const check = verifyReservesProof(JSON.parse(json) as ReservesProof, root, total);
    times.push(performance.now() - checkStarted);
    if (!check.ok) throw new Error(`a proof of the bench's own tree was refused: ${check.reason.code}`);
    proofSteps = (JSON.parse(json) as ReservesProof).path.length;
  }
  times.sort((a, b) => a - b);
  return {
    leaves,
    buildSeconds,
    buildCpuSeconds: (cpu.user + cpu.system) / 1e6,
    proofMs: times[(CHECKS - 1) / 2]!,
    proofMaxMs: times[CHECKS - 1]!,
    proofSteps,
    othersPercent: noise.stop().othersPercent,
    load: load1(),
  };
}

export function formatReserves(r: ReservesResult): string {
  return (
    `${r.leaves.toLocaleString('en-US')} leaves built in ${r.buildSeconds.toFixed(1)} s (${r.buildCpuSeconds.toFixed(1)} s of CPU); one proof (${r.proofSteps} steps) checked in ` +
    `${r.proofMs.toFixed(2)} ms (median of ${CHECKS}, slowest ${r.proofMaxMs.toFixed(2)} ms); other processes ${r.othersPercent}% of the CPU, load ${r.load}`
  );
}
