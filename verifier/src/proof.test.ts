import { describe, expect, it } from 'vitest';
import { publish, holders, walletOf } from './test/snapshot.js';
import { scratchFolder, verify, writeJson, writeText } from './test/cli.js';

const folder = await scratchFolder();
const reserves = [
  { wallet: walletOf(100), tokenAccount: walletOf(101), balance: '9000000' },
  { wallet: walletOf(102), tokenAccount: walletOf(103), balance: '1000000' },
];
// Five holders owe 1.5 + 2.5 + 3.5 + 4.5 + 5.5 = 17.5 tokens; the reserves hold 10: 57.14%.
const { snapshot, fileOf } = publish({ id: 7, leaves: holders(5), reserves });
const holder = walletOf(3);

describe('stakedesk-verify <proof.json>', () => {
  it('passes a real proof, line by line', async () => {
    const result = await verify(await writeJson(folder, fileOf(holder)));
    expect(result.code).toBe(0);
    expect(result.lines).toEqual([
      `✓ Snapshot 7 of mint ${snapshot.mint}, taken 2026-11-26T12:00:00.000Z at slot 1234, is in the published format`,
      '✓ The proof is for snapshot 7',
      `✓ Your leaf: wallet ${holder}, liability 3500000 raw units (3.5 tokens)`,
      `✓ The proof leads to root ${snapshot.root} and total 17500000 raw units (17.5 tokens) of liabilities`,
      "✓ The snapshot's 2 reserve token accounts hold 10000000 raw units (10 tokens): 57.14% of liabilities, as it says",
    ]);
  });

  it('passes every holder of the tree, the first and the odd one out too', async () => {
    for (const byte of [1, 2, 5]) {
      const result = await verify(await writeJson(folder, fileOf(walletOf(byte))), '--wallet', walletOf(byte));
      expect(result.code).toBe(0);
      expect(result.lines).toContain(`✓ The proof is for your wallet ${walletOf(byte)}`);
    }
  });

  it.each([
    ['a sibling sum', (file) => void (file.proof.path[1]!.sum = (BigInt(file.proof.path[1]!.sum) - 1n).toString())],
    ['a sibling hash', (file) => void (file.proof.path[0]!.hash = 'ab'.repeat(32))],
    ["the holder's liability", (file) => void (file.proof.liability = '1500000')],
    ["the holder's salt", (file) => void (file.proof.salt = '00'.repeat(32))],
    ["the snapshot's root", (file) => void (file.snapshot.root = 'cd'.repeat(32))],
  ] satisfies [string, (file: ReturnType<typeof fileOf>) => void][])(
    'fails a proof with %s changed: it does not lead to the root',
    async (_, tamper) => {
      const file = fileOf(holder);
      tamper(file);
      const result = await verify(await writeJson(folder, file));
      expect(result.code).toBe(1);
      expect(result.lines).toContain('✗ The proof does not lead to the published root');
      expect(result.lines.filter((line) => line.startsWith('✗'))).toHaveLength(1);
    },
  );

  it("fails a snapshot whose total is not the root's sum", async () => {
    const file = fileOf(holder);
    file.snapshot.totalLiabilities = '17000000';
    const result = await verify(await writeJson(folder, file));
    expect(result.code).toBe(1);
    expect(result.lines).toContain("✗ The proof's amounts do not add up to the published total of liabilities");
  });

  it('fails a proof of another snapshot, though it leads to its own root', async () => {
    const file = fileOf(holder);
    file.snapshot.id = 8;
    const result = await verify(await writeJson(folder, file));
    expect(result.code).toBe(1);
    expect(result.lines).toContain('✗ The proof is for snapshot 7, not for snapshot 8');
  });

  it('fails a proof of another wallet than the one asked for', async () => {
    const result = await verify(await writeJson(folder, fileOf(walletOf(2))), '--wallet', holder);
    expect(result.code).toBe(1);
    expect(result.lines).toContain(`✗ The proof is for wallet ${walletOf(2)}, not for ${holder}`);
  });

  it('fails a snapshot whose coverage is not what its reserves and liabilities make', async () => {
    const file = fileOf(holder);
    file.snapshot.coveragePercent = '100';
    const result = await verify(await writeJson(folder, file));
    expect(result.code).toBe(1);
    expect(result.lines).toContain('✗ Reserves of 10000000 raw units cover 57.14% of liabilities, not the 100% the snapshot says');
  });

  it('passes a snapshot where nothing is owed, whose coverage is none', async () => {
    const nothingOwed = publish({ id: 9, leaves: [{ ...holders(1)[0]!, liability: 0n }], reserves });
    const result = await verify(await writeJson(folder, nothingOwed.fileOf(walletOf(1))));
    expect(result.code).toBe(0);
    expect(result.lines).toContain(
      "✓ The snapshot's 2 reserve token accounts hold 10000000 raw units (10 tokens): nothing is owed, as it says",
    );
  });

  it('fails a snapshot or a proof that is not in the published format', async () => {
    const noReserves = fileOf(holder) as { snapshot: Record<string, unknown> };
    delete noReserves.snapshot.reserves;
    const snapshotResult = await verify(await writeJson(folder, noReserves));
    expect(snapshotResult.code).toBe(1);
    expect(snapshotResult.lines).toEqual(['✗ The snapshot is not in the published format']);

    const shortSalt = fileOf(holder);
    shortSalt.proof.salt = shortSalt.proof.salt.slice(2);
    const proofResult = await verify(await writeJson(folder, shortSalt));
    expect(proofResult.code).toBe(1);
    expect(proofResult.lines).toContain("✗ The proof's salt is not 32 bytes");
  });

  it('says how to use it, and what it cannot read, with exit code 2', async () => {
    const help = await verify('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: stakedesk-verify <proof.json> [--wallet <address>] [--rpc <url>] [--max-transactions <n>]');

    for (const [args, said] of [
      [[], 'Give one proof file.'],
      [['a.json', 'b.json'], 'Give one proof file.'],
      [['a.json', '--colour'], "Unknown option '--colour'"],
      [['a.json', '--wallet', 'not-a-wallet'], 'Not a wallet address: not-a-wallet'],
      [['a.json', '--rpc', 'ftp://example.com'], 'Not an http(s) URL: ftp://example.com'],
      [[`${folder}/missing.json`], `Cannot read ${folder}/missing.json`],
    ] as const) {
      const result = await verify(...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toContain(said);
      expect(result.stdout).toBe('');
    }

    const notJson = await writeText(folder, '{ "snapshot": ');
    expect(await verify(notJson)).toMatchObject({ code: 2, stderr: `${notJson} is not JSON.\n` });
    const noProof = await writeJson(folder, { snapshot });
    expect(await verify(noProof)).toMatchObject({
      code: 2,
      stderr: `${noProof} is not a proof of reserves file: it has no "snapshot" and "proof".\n`,
    });
  });
});
