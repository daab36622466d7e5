import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { HASH_BYTES, toHex } from '@stakedesk/shared/reserves/bytes';
import type { ReservesProof, ReservesProofStep } from '@stakedesk/shared/reserves/proof';
import type { ReservesTree } from '@stakedesk/shared/reserves/tree';
import { reservesSalt } from './salt.js';

/** Nodes per stored chunk of a level: a proof reads one chunk per level (a million leaves: 20). */
export const CHUNK_NODES = 1024;
const SUM_BYTES = 16;
const LEAVES_PER_INSERT = 5_000;
const CHUNKS_PER_INSERT = 32;
const ZERO_HASH = toHex(new Uint8Array(HASH_BYTES));

function sumsBytes(sums: readonly bigint[], from: number, to: number): Buffer {
  const out = Buffer.alloc((to - from) * SUM_BYTES);
  for (let i = from; i < to; i++) {
    const sum = sums[i]!;
    out.writeBigUInt64BE(sum >> 64n, (i - from) * SUM_BYTES);
    out.writeBigUInt64BE(sum & 0xffff_ffff_ffff_ffffn, (i - from) * SUM_BYTES + 8);
  }
  return out;
}

const sumOf = (bytes: Buffer): bigint => (bytes.readBigUInt64BE(0) << 64n) | bytes.readBigUInt64BE(8);

/** Writes the tree's leaves (wallet, position, liability) and its levels in chunks, within the snapshot's transaction. */
export async function storeTree(db: Sequelize, tree: ReservesTree, transaction: Transaction): Promise<void> {
  const id = tree.snapshotId;
  for (let from = 0; from < tree.leafCount; from += LEAVES_PER_INSERT) {
    const to = Math.min(tree.leafCount, from + LEAVES_PER_INSERT);
    const wallets: string[] = [];
    const indexes: number[] = [];
    const liabilities: string[] = [];
    for (let i = from; i < to; i++) {
      const holder = tree.holderAt(i);
      wallets.push(holder.wallet);
      indexes.push(i);
      liabilities.push(holder.liability.toString());
    }
    await db.query(
      `INSERT INTO reserves_leaves (snapshot_id, wallet, leaf_index, liability)
       SELECT $1, * FROM unnest($2::varchar[], $3::int[], $4::numeric[])`,
      { bind: [id, wallets, indexes, liabilities], transaction },
    );
  }
  const chunks: { level: number; chunk: number; hashes: Buffer; sums: Buffer }[] = [];
  const flush = async () => {
    if (chunks.length === 0) return;
    await db.query(
      `INSERT INTO reserves_tree_chunks (snapshot_id, level, chunk, hashes, sums)
       SELECT $1, * FROM unnest($2::int[], $3::int[], $4::bytea[], $5::bytea[])`,
      {
        bind: [id, chunks.map((c) => c.level), chunks.map((c) => c.chunk), chunks.map((c) => c.hashes), chunks.map((c) => c.sums)],
        transaction,
      },
    );
    chunks.length = 0;
  };
  for (const [level, { hashes, sums }] of tree.levels.entries()) {
    for (let from = 0, chunk = 0; from < sums.length; from += CHUNK_NODES, chunk++) {
      const to = Math.min(sums.length, from + CHUNK_NODES);
      chunks.push({
        level,
        chunk,
        hashes: Buffer.from(hashes.subarray(from * HASH_BYTES, to * HASH_BYTES)),
        sums: sumsBytes(sums, from, to),
      });
      if (chunks.length === CHUNKS_PER_INSERT) await flush();
    }
  }
  await flush();
}

/** How many nodes each level of a tree of `leafCount` leaves has, from the leaves up to the root. */
function levelSizes(leafCount: number): number[] {
  const sizes = [leafCount];
  while (sizes[sizes.length - 1]! > 1) sizes.push(Math.ceil(sizes[sizes.length - 1]! / 2));
  return sizes;
}

type StoredLeaf = { leaf_index: number; liability: string; salt_secret: Buffer; leaf_count: number };

/**
 * The holder's proof in snapshot `snapshotId`, read from its stored leaves and tree (the sibling of
 * each level only, one chunk each), exactly as buildReservesTree's proofOf answers it; undefined
 * when the wallet has no stored leaf in it.
 */
export async function storedProof(db: Sequelize, snapshotId: number, wallet: string): Promise<ReservesProof | undefined> {
  const [leaf] = await db.query<StoredLeaf>(
    `SELECT l.leaf_index, l.liability::text AS liability, s.salt_secret, s.leaf_count
     FROM reserves_leaves l JOIN reserves_snapshots s ON s.id = l.snapshot_id
     WHERE l.snapshot_id = $1 AND l.wallet = $2`,
    { bind: [snapshotId, wallet], type: QueryTypes.SELECT },
  );
  if (!leaf) return undefined;
  const sizes = levelSizes(leaf.leaf_count);
  const wanted: { level: number; chunk: number; at: number }[] = [];
  for (let level = 0, i = leaf.leaf_index; level < sizes.length - 1; level++, i >>= 1) {
    const sibling = i ^ 1;
    if (sibling < sizes[level]!) wanted.push({ level, chunk: Math.floor(sibling / CHUNK_NODES), at: sibling % CHUNK_NODES });
  }
  const siblings = await db.query<{ level: number; hash: Buffer; sum: Buffer }>(
    `SELECT p.level, substring(c.hashes FROM p.at * ${HASH_BYTES} + 1 FOR ${HASH_BYTES}) AS hash,
       substring(c.sums FROM p.at * ${SUM_BYTES} + 1 FOR ${SUM_BYTES}) AS sum
     FROM unnest($2::int[], $3::int[], $4::int[]) AS p (level, chunk, at)
     JOIN reserves_tree_chunks c ON c.snapshot_id = $1 AND c.level = p.level AND c.chunk = p.chunk`,
    { bind: [snapshotId, wanted.map((w) => w.level), wanted.map((w) => w.chunk), wanted.map((w) => w.at)], type: QueryTypes.SELECT },
  );
  const byLevel = new Map(siblings.map((row) => [row.level, row]));
  if (byLevel.size !== wanted.length) throw new Error(`The stored tree of snapshot ${snapshotId} is missing nodes`);
  const path: ReservesProofStep[] = [];
  for (let level = 0, i = leaf.leaf_index; level < sizes.length - 1; level++, i >>= 1) {
    const stored = byLevel.get(level);
    const side = i % 2 === 0 ? 'right' : 'left';
    path.push(stored ? { hash: toHex(stored.hash), sum: sumOf(stored.sum).toString(), side } : { hash: ZERO_HASH, sum: '0', side });
  }
  const salt = toHex(reservesSalt(leaf.salt_secret, snapshotId, wallet));
  return { snapshotId, wallet, salt, liability: leaf.liability, path };
}
