import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReservesProof } from '@stakedesk/shared/reserves/proof';
import type { ReservesProofFile, ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import { openPayoutSigner } from '../signer/open-payout-signer.js';
import { startChainStakingServer, tokens, type ChainStakingServer, type Staker } from '../test/chain-staking-server.js';
import { adminWithRole } from '../test/two-factor.js';

// A snapshot the server takes, downloaded as a holder downloads it, checked by the standalone
// verifier (`npx stakedesk-verify`, built from verifier/ into a file of this test's own): before
// the anchor lands, and after the server anchored it from the hot wallet, with --rpc.
const run = promisify(execFile);
const hot = Keypair.generate();
let world: ChainStakingServer;
let holder: Staker;
let folder: string;
let verifier: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'stakedesk-verify-server-'));
  verifier = join(folder, 'stakedesk-verify.js');
  const building = run('npm', ['run', 'build', '-w', 'verifier', '--', '--file', verifier], {
    cwd: fileURLToPath(new URL('../../..', import.meta.url)),
  });
  const keyFile = join(folder, 'hot.json');
  await writeFile(keyFile, JSON.stringify(Array.from(hot.secretKey)), { mode: 0o600 });
  world = await startChainStakingServer({ payoutSigner: openPayoutSigner(`keyfile:${keyFile}`)!, allowPrivateRpc: true });
  const owner = (await adminWithRole(world.api, world.token, 'owner')).token;
  holder = await world.fundedHolder();
  const other = await world.fundedHolder();
  await world.stakeThroughIntent(holder, 400);
  await world.stakeThroughIntent(other, 250);
  await world.chain.airdrop(hot.publicKey, 1_000_000_000);
  await world.chain.mintTo(world.mint, hot.publicKey, tokens(321));
  expect((await world.api.request('POST', '/api/admin/reserves/snapshots', undefined, owner)).status).toBe(201);
  await building;
}, 120_000);
afterAll(async () => {
  await world?.close();
  await rm(folder, { recursive: true, force: true });
});

/** The latest snapshot and the holder's proof in it, as the API answers them: the file the dashboard offers. */
async function download(): Promise<ReservesProofFile> {
  const snapshot = (await world.api.request<ReservesSnapshot>('GET', '/api/reserves')).body;
  const proof = await world.api.request<ReservesProof>('GET', `/api/reserves/${snapshot.id}/proof/${holder.wallet}`, undefined, {
    as: holder.wallet,
  });
  expect(proof.status).toBe(200);
  return { snapshot, proof: proof.body };
}

async function verify(file: ReservesProofFile, ...args: string[]): Promise<{ code: number; lines: string[] }> {
  const path = join(folder, `proof-${Date.now()}-${Math.random()}.json`);
  await writeFile(path, JSON.stringify(file));
  try {
    const { stdout } = await run(process.execPath, [verifier, path, ...args]);
    return { code: 0, lines: stdout.trimEnd().split('\n') };
  } catch (error) {
    const { code, stdout } = error as { code: number; stdout: string };
    return { code, lines: stdout.trimEnd().split('\n') };
  }
}

describe('stakedesk-verify on a snapshot the server took', () => {
  it("passes the holder's downloaded proof: their liability, the root and total, the coverage the server computed", async () => {
    const file = await download();
    const result = await verify(file, '--wallet', holder.wallet);
    expect(result.code).toBe(0);
    expect(result.lines).toEqual([
      expect.stringMatching(new RegExp(`^✓ Snapshot ${file.snapshot.id} of mint ${world.mint.toBase58()}, taken .* at slot \\d+`)),
      `✓ The proof is for snapshot ${file.snapshot.id}`,
      `✓ The proof is for your wallet ${holder.wallet}`,
      `✓ Your leaf: wallet ${holder.wallet}, liability ${tokens(440)} raw units (440 tokens)`,
      `✓ The proof leads to root ${file.snapshot.root} and total ${tokens(440 + 275)} raw units (715 tokens) of liabilities`,
      expect.stringMatching(/^✓ The snapshot's 2 reserve token accounts hold \d+ raw units .*: \d+(\.\d+)?% of liabilities, as it says$/),
    ]);
  });

  it('fails it when the liability is shrunk, and says the snapshot is not anchored yet when asked to check the chain', async () => {
    const file = await download();
    const shrunk = structuredClone(file);
    shrunk.proof.liability = String(tokens(40));
    const tampered = await verify(shrunk);
    expect(tampered.code).toBe(1);
    expect(tampered.lines).toContain('✗ The proof does not lead to the published root');

    // Until the anchor lands (por-anchor), the server publishes no anchor signature.
    const onChain = await verify(file, '--rpc', world.chain.url);
    expect(onChain.code).toBe(1);
    expect(onChain.lines.at(-1)).toBe('✗ The snapshot is not anchored on chain yet');
  });

  it('passes the anchor the server sent from the hot wallet, checked on chain, and fails a balance the chain does not show', async () => {
    await world.api.anchorReserves();
    const file = await download();
    expect(file.snapshot.anchorSignature).not.toBeNull();
    const result = await verify(file, '--rpc', world.chain.url);
    expect(result.code).toBe(0);
    expect(result.lines.filter((line) => !line.startsWith('✓'))).toEqual([]);
    expect(result.lines).toContain(`✓ The anchor transaction ${file.snapshot.anchorSignature} succeeded on chain`);
    expect(result.lines).toContain(`✓ Its memo is the snapshot's root ${file.snapshot.root}`);
    expect(result.lines).toContain(`✓ It is signed by the reserve wallet ${hot.publicKey.toBase58()}`);
    expect(result.lines).toContain(`✓ It landed at slot ${file.snapshot.slot}, the snapshot's slot`);
    expect(result.lines.filter((line) => line.startsWith('✓ After it, the reserve token account'))).toHaveLength(2);

    const inflated = structuredClone(file);
    const hotReserve = inflated.snapshot.reserves.find((reserve) => reserve.wallet === hot.publicKey.toBase58())!;
    hotReserve.balance = String(tokens(1_000_321));
    const refused = await verify(inflated, '--rpc', world.chain.url);
    expect(refused.code).toBe(1);
    expect(refused.lines).toContain(
      `✗ The reserve token account ${hotReserve.tokenAccount} held ${tokens(321)} raw units after the anchor, not the ${tokens(1_000_321)} the snapshot lists`,
    );
  });
});
