/**
 * What the verifier prints when a check passes, and its usage: English, like its README. Why a
 * check failed is a coded message of the shared catalogue, printed with `english(...)`.
 */
import { formatScaled } from '@stakedesk/shared/decimal';
import type { DepositsReading } from '@stakedesk/shared/reserves/holder-deposits';
import type { ReserveAccount, ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';

export const USAGE = `Usage: stakedesk-verify <proof.json> [--wallet <address>] [--rpc <url>] [--max-transactions <n>]

Checks a Stakedesk proof of reserves file (the one the dashboard offers as a download):
your leaf in the snapshot's Merkle sum tree, and that it leads to the snapshot's root and total.

  --wallet <address>        also check that the proof is for this wallet (yours)
  --rpc <url>               also check against the chain, through this Solana JSON-RPC endpoint
                            (one you choose, not the operator's): the anchor transaction is
                            finalized, carries exactly one memo, the root, and is signed by a
                            reserve wallet; each reserve account is listed once and holds what the
                            snapshot lists; your liability is not less than what your records in
                            the file and your deposits on chain say you were owed
  --max-transactions <n>    with --rpc, read at most n transactions of your history (default 200)

Exit code: 0 every check passed, 1 a check failed, 2 bad usage, an unreadable file or RPC, or a
check that could not be judged (marked ?).`;

/** "1500000 raw units (1.5 tokens)" */
export function rawUnits(units: bigint | string, decimals: number): string {
  const tokens = formatScaled({ units: BigInt(units), scale: decimals });
  return `${units} raw units (${tokens} ${tokens === '1' ? 'token' : 'tokens'})`;
}

const coverage = (s: ReservesSnapshot): string => (s.coveragePercent === null ? 'nothing is owed' : `${s.coveragePercent}% of liabilities`);

export const lines = {
  snapshot: (s: ReservesSnapshot) => `Snapshot ${s.id} of mint ${s.mint}, taken ${s.takenAt} at slot ${s.slot}, is in the published format`,
  sameSnapshot: (id: number) => `The proof is for snapshot ${id}`,
  sameWallet: (wallet: string) => `The proof is for your wallet ${wallet}`,
  leaf: (wallet: string, liability: bigint, decimals: number) => `Your leaf: wallet ${wallet}, liability ${rawUnits(liability, decimals)}`,
  root: (s: ReservesSnapshot) => `The proof leads to root ${s.root} and total ${rawUnits(s.totalLiabilities, s.decimals)} of liabilities`,
  listedCoverage: (count: number, held: bigint, s: ReservesSnapshot) =>
    `The snapshot's ${count} reserve token accounts hold ${rawUnits(held, s.decimals)}: ${coverage(s)}, as it says`,
  anchorFinalized: (signature: string) => `The anchor transaction ${signature} is finalized and succeeded on chain`,
  memo: (root: string) => `Its one memo is the snapshot's root ${root}`,
  signer: (wallet: string) => `It is signed by the reserve wallet ${wallet}`,
  slot: (slot: number) => `It landed at slot ${slot}, the snapshot's slot`,
  balance: (reserve: ReserveAccount, decimals: number) =>
    `After it, the reserve token account ${reserve.tokenAccount} of ${reserve.wallet} held ${rawUnits(reserve.balance, decimals)}, as the snapshot lists`,
  takenAt: (blockTime: number, takenAt: string) =>
    `It landed at ${new Date(blockTime * 1000).toISOString()}, after the snapshot was taken (${takenAt})`,
  chainCoverage: (held: bigint, s: ReservesSnapshot) =>
    `On chain the reserves held ${rawUnits(held, s.decimals)}: ${coverage(s)}, as the snapshot says`,
  records: (owed: bigint, s: ReservesSnapshot) =>
    `Your records in the file came to ${rawUnits(owed, s.decimals)} when the snapshot was taken: no more than it counts for you`,
  deposits: (d: DepositsReading) =>
    `On chain (${d.transactionsRead} transactions read), your deposits of ${d.deposited} raw units less the ${d.paidBack} paid back to you and your penalties of ${d.penalties} are no more than the snapshot counts for you`,
  noRecords: 'The file holds no records of your stakes: your liability was compared with the chain only',
};
