import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { closedPort, runCommand, scratchFolder, VERIFIER, writeJson } from './test/cli.js';
import { holders, publish, walletOf } from './test/snapshot.js';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));

/** This process's environment without what npm puts in it for a script (its registry, cache, workspace). */
const plainEnvironment = () => Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));

describe('the packed verifier', () => {
  it('is one executable file that imports nothing but Node itself', async () => {
    const bundle = await readFile(VERIFIER, 'utf8');
    expect(bundle.startsWith('#!/usr/bin/env node\n')).toBe(true);
    const imported = [...bundle.matchAll(/^import .* from "([^"]+)";$/gm)].map((match) => match[1]);
    expect(imported.length).toBeGreaterThan(0);
    for (const name of imported) expect(name).toMatch(/^node:/);
    expect(bundle).not.toMatch(/\brequire\(|\bimport\(/);
    // Run as it is, as the workspace's own bin link runs it after a rebuild.
    const help = await runCommand(VERIFIER, ['--help']);
    expect(help.code).toBe(0);
    expect(help.lines[0]).toBe('Usage: stakedesk-verify <proof.json> [--wallet <address>] [--rpc <url>] [--max-transactions <n>]');
  });

  it('runs with npx from a folder of its own, with no registry to reach, and says what it found', async () => {
    const folder = await scratchFolder();
    // The bundle the set-up built from this source: packing without the prepack build leaves it alone while other tests run it.
    const pack = await runCommand('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', folder], {
      cwd: PACKAGE,
      env: plainEnvironment(),
    });
    expect(pack.code, pack.stderr).toBe(0);
    const [packed] = JSON.parse(pack.stdout) as [{ filename: string; files: { path: string }[] }];
    expect(packed.files.map((file) => file.path).sort()).toEqual(['README.md', 'dist/stakedesk-verify.js', 'package.json']);
    const tarball = join(folder, packed.filename);
    const manifest = await runCommand('tar', ['-xzOf', tarball, 'package/package.json']);
    expect(JSON.parse(manifest.stdout)).not.toHaveProperty('dependencies');

    const { snapshot, fileOf } = publish({
      id: 3,
      leaves: holders(4),
      reserves: [{ wallet: walletOf(100), tokenAccount: walletOf(101), balance: '20000000' }],
    });
    const good = await writeJson(folder, fileOf(walletOf(4)));
    const tampered = fileOf(walletOf(4));
    tampered.proof.liability = '1';
    const bad = await writeJson(folder, tampered);

    // A fresh npm cache and a registry nobody answers at: anything npx fetched would fail.
    const npx = async (file: string) =>
      runCommand('npx', ['--yes', '--package', tarball, 'stakedesk-verify', file], {
        cwd: await scratchFolder(),
        env: {
          ...plainEnvironment(),
          npm_config_cache: join(folder, 'npm-cache'),
          npm_config_registry: `http://127.0.0.1:${await closedPort()}/`,
          npm_config_update_notifier: 'false',
          npm_config_audit: 'false',
          npm_config_fund: 'false',
        },
      });
    const passed = await npx(good);
    expect(passed.code, passed.stderr).toBe(0);
    expect(passed.lines).toContain(`✓ The proof leads to root ${snapshot.root} and total 12000000 raw units (12 tokens) of liabilities`);
    const failed = await npx(bad);
    expect(failed.code, failed.stderr).toBe(1);
    expect(failed.lines).toContain('✗ The proof does not lead to the published root');
  });
});
