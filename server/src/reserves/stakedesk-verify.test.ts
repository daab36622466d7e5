import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Keypair, PublicKey, TransactionInstruction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stake, Withdrawal } from '@stakedesk/shared/api-types';
import { toHex } from '@stakedesk/shared/reserves/bytes';
import type { ReservesProof } from '@stakedesk/shared/reserves/proof';
import type { ReservesProofFile, ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import { buildReservesTree } from '@stakedesk/shared/reserves/tree';
import { coveragePercent } from '@stakedesk/shared/treasury';
import { SolanaChain } from '../chain/solana-chain.js';
import { openPayoutSigner } from '../signer/open-payout-signer.js';
import { startChainStakingServer, tokens, type ChainStakingServer, type Staker } from '../test/chain-staking-server.js';
import { adminWithRole } from '../test/two-factor.js';
import { readAnchorPlan } from './anchor-plan.js';
import { anchorTransaction } from './anchor-transaction.js';

// A snapshot the server takes and anchors from its hot wallet, downloaded as the dashboard downloads
// it (the snapshot, the holder's proof, the holder's records), checked by the verifier the server
// serves at /verify: run as the documentation says, from an empty folder, against the test chain.
// It passes; and each way a dishonest operator could publish the snapshot instead (DESIGN 15) fails
// with its own line: the holder's leaf shrunk to 1 raw unit, an anchor with a second memo, a reserve
// account listed twice.
const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const hot = Keypair.generate();
let world: ChainStakingServer;
let holder: Staker;
let other: Staker;
let folder: string;
let downloads: string;

/** This process's environment without what npm puts in it for a script (its registry, cache, workspace). */
const plainEnvironment = () => Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));

async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'stakedesk-verify-server-'));
  // The package this server serves, built from this source into a folder of the test's own.
  const building = run(process.execPath, [join(ROOT, 'verifier/scripts/build.mjs'), folder], { env: plainEnvironment() });
  downloads = join(folder, 'verify');
  const keyFile = join(folder, 'hot.json');
  await writeFile(keyFile, JSON.stringify(Array.from(hot.secretKey)), { mode: 0o600 });
  world = await startChainStakingServer({
    payoutSigner: openPayoutSigner(`keyfile:${keyFile}`)!,
    allowPrivateRpc: true,
    verifierDownloads: downloads,
  });
  const owner = (await adminWithRole(world.api, world.token, 'owner')).token;
  holder = await world.fundedHolder();
  other = await world.fundedHolder();
  await world.stakeThroughIntent(holder, 400);
  await world.stakeThroughIntent(other, 250);
  // Staked ten minutes before the snapshot: a stake made within the last minute may not be in it yet.
  await world.api.db.query(`UPDATE stakes SET created_at = created_at - interval '10 minutes'`);
  await world.chain.airdrop(hot.publicKey, 1_000_000_000);
  await world.chain.mintTo(world.mint, hot.publicKey, tokens(321));
  expect((await world.api.request('POST', '/api/admin/reserves/snapshots', undefined, owner)).status).toBe(201);
  await world.api.anchorReserves();
  await building;
}, 120_000);
afterAll(async () => {
  await world?.close();
  await rm(folder, { recursive: true, force: true });
});

/** The latest snapshot, the holder's proof in it and their records, as the API answers them: the file the dashboard offers. */
async function download(): Promise<Required<ReservesProofFile>> {
  const snapshot = (await world.api.request<ReservesSnapshot>('GET', '/api/reserves')).body;
  const proof = await world.api.request<ReservesProof>('GET', `/api/reserves/${snapshot.id}/proof/${holder.wallet}`, undefined, {
    as: holder.wallet,
  });
  expect(proof.status).toBe(200);
  const stakes = (await world.api.request<Stake[]>('GET', `/api/stakes/${holder.wallet}`)).body;
  const withdrawals = (await world.api.request<Withdrawal[]>('GET', `/api/withdrawals/${holder.wallet}`)).body;
  return { snapshot, proof: proof.body, records: { stakes, withdrawals } };
}

let written = 0;
/** `npx --yes --package=<this site>/verify/<package> stakedesk-verify proof.json ...args`, in a folder of its own holding only the file. */
async function documentedCommand(file: unknown, ...args: string[]): Promise<{ code: number; lines: string[] }> {
  const [, served] = (await (await fetch(`${world.api.baseUrl}/verify/SHA256SUMS`)).text()).trim().split('  ');
  const cwd = await mkdtemp(join(folder, `run-${++written}-`));
  await writeFile(join(cwd, 'proof.json'), JSON.stringify(file, null, 2));
  const command = ['--yes', `--package=${world.api.baseUrl}/verify/${served}`, 'stakedesk-verify', 'proof.json', ...args];
  // A fresh npm cache and a registry nobody answers at: anything npx fetched from a registry would fail.
  const env = {
    ...plainEnvironment(),
    npm_config_cache: join(folder, 'npm-cache'),
    npm_config_registry: `http://127.0.0.1:${await closedPort()}/`,
    npm_config_update_notifier: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
  };
  try {
    const { stdout } = await run('npx', command, { cwd, env });
    return { code: 0, lines: stdout.trimEnd().split('\n') };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    if (typeof code !== 'number') throw error;
    return { code, lines: `${stdout}${stderr}`.trimEnd().split('\n') };
  }
}

const notPassed = (lines: string[]) => lines.filter((line) => /^[✗?] /.test(line));

/** An anchor for `root` as the server builds it, signed by the hot wallet, with `extra` instructions after it: the slot and signature it landed with. */
async function anchorAs(snapshot: ReservesSnapshot, root: string, extra: TransactionInstruction[] = []) {
  const solana = new SolanaChain(async () => world.chain.url, 3_000);
  const plan = await readAnchorPlan(solana, { root, mint: snapshot.mint, reserves: snapshot.reserves }, hot.publicKey);
  const transaction = anchorTransaction(plan);
  if (extra.length > 0) transaction.add(...extra);
  transaction.partialSign(hot);
  const signature = await world.chain.sendTransaction(transaction);
  return { anchorSignature: signature, slot: (await solana.landedTransaction(signature))!.slot };
}

describe('the verifier this server serves at /verify', () => {
  it('is the packed package and its SHA-256, and nothing else', async () => {
    const sums = await fetch(`${world.api.baseUrl}/verify/SHA256SUMS`);
    expect(sums.status).toBe(200);
    expect(sums.headers.get('content-type')).toMatch(/^text\/plain/);
    const [sha256, file] = (await sums.text()).trim().split('  ');
    expect(file).toMatch(/^stakedesk-verify-\d+\.\d+\.\d+\.tgz$/);
    const tarball = await fetch(`${world.api.baseUrl}/verify/${file}`);
    expect(tarball.headers.get('content-type')).toBe('application/gzip');
    expect(
      createHash('sha256')
        .update(Buffer.from(await tarball.arrayBuffer()))
        .digest('hex'),
    ).toBe(sha256);
    for (const path of ['/verify/stakedesk-verify-9.9.9.tgz', '/verify/hot.json', '/verify/..%2Fhot.json', '/verify/.built-from']) {
      const missing = await world.api.request('GET', path);
      expect(missing, path).toMatchObject({ status: 404, body: { code: 'verifierFileNotFound' } });
    }
  });
});

describe('the documentation’s command, on a snapshot the server took and anchored', () => {
  it("passes the holder's download: proof, anchor, reserves, records and deposits", async () => {
    const file = await download();
    const result = await documentedCommand(file, '--rpc', world.chain.url, '--wallet', holder.wallet);
    expect(notPassed(result.lines)).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.lines).toEqual(
      expect.arrayContaining([
        `✓ Your leaf: wallet ${holder.wallet}, liability ${tokens(440)} raw units (440 tokens)`,
        `✓ The anchor transaction ${file.snapshot.anchorSignature} is finalized and succeeded on chain`,
        `✓ Its one memo is the snapshot's root ${file.snapshot.root}`,
        `✓ It is signed by the reserve wallet ${hot.publicKey.toBase58()}`,
        `✓ Your records in the file came to ${tokens(440)} raw units (440 tokens) when the snapshot was taken: no more than it counts for you`,
      ]),
    );
  });

  it("fails the holder's leaf shrunk to 1 raw unit in a tree the operator anchored, against the holder's own records", async () => {
    const honest = await download();
    // The operator's tree: the holder owed 1 raw unit, the other holder what they are owed; anchored from the hot wallet.
    const tree = buildReservesTree(
      [
        { wallet: holder.wallet, liability: 1n, salt: new Uint8Array(32).fill(1) },
        { wallet: other.wallet, liability: tokens(275), salt: new Uint8Array(32).fill(2) },
      ],
      honest.snapshot.id,
    );
    const total = tree.root.sum.toString();
    const root = toHex(tree.root.hash);
    const held = honest.snapshot.reserves.reduce((sum, reserve) => sum + BigInt(reserve.balance), 0n);
    const snapshot = { ...honest.snapshot, root, totalLiabilities: total, coveragePercent: coveragePercent(held.toString(), total) };
    Object.assign(snapshot, await anchorAs(snapshot, root));
    const shrunk = { ...honest, snapshot, proof: tree.proofOf(holder.wallet)! };

    const result = await documentedCommand(shrunk, '--rpc', world.chain.url);
    expect(result.code).toBe(1);
    expect(notPassed(result.lines)).toEqual([
      `✗ The snapshot counts 1 raw units for you, less than the ${tokens(440)} raw units your stakes and pending withdrawals came to when it was taken`,
    ]);
    // The proof itself checks out: the comparison with the holder's own records catches it (their deposit landed
    // within a minute of the snapshot, too recent for the chain alone to count).
    expect(result.lines).toContain(`✓ The proof leads to root ${root} and total ${total} raw units (275.000001 tokens) of liabilities`);
  });

  it("fails the snapshot's root anchored beside a fake one, in one transaction of the hot wallet", async () => {
    const honest = await download();
    const fake = new TransactionInstruction({
      programId: new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'),
      keys: [{ pubkey: hot.publicKey, isSigner: true, isWritable: false }],
      data: Buffer.from('ef'.repeat(32), 'utf8'),
    });
    const twoMemos = { ...honest, snapshot: { ...honest.snapshot, ...(await anchorAs(honest.snapshot, honest.snapshot.root, [fake])) } };
    const result = await documentedCommand(twoMemos, '--rpc', world.chain.url);
    expect(result.code).toBe(1);
    expect(notPassed(result.lines)).toEqual(['✗ The anchor transaction carries 2 memos: it must carry exactly one, the root']);
  });

  it('fails a reserve account listed twice, its coverage worked out with it twice', async () => {
    const honest = await download();
    const hotReserve = honest.snapshot.reserves.find((reserve) => reserve.wallet === hot.publicKey.toBase58())!;
    const reserves = [...honest.snapshot.reserves, hotReserve];
    const held = reserves.reduce((sum, reserve) => sum + BigInt(reserve.balance), 0n);
    const doubled = {
      ...honest,
      snapshot: { ...honest.snapshot, reserves, coveragePercent: coveragePercent(held.toString(), honest.snapshot.totalLiabilities) },
    };
    const result = await documentedCommand(doubled, '--rpc', world.chain.url);
    expect(result.code).toBe(1);
    expect(notPassed(result.lines)).toEqual([
      `✗ The snapshot lists the reserve token account ${hotReserve.tokenAccount} more than once, so its balance would count twice`,
    ]);
  });
});
