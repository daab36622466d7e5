import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import type { PublicSettings, StakingPlan } from '@stakedesk/shared/api-types';
import { DEMO_KEY_FILES } from '@stakedesk/shared/demo';
import { CLUSTER_PUBLIC_RPC } from '@stakedesk/shared/holder-rpc';

// The built demo and server (npm test builds them with tsc -b first), run as `npm run demo` and
// `npm start` run them, from a directory of the test's own: ./.data-demo and ./.data land there.
const DEMO = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const SERVER = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));
const DEMO_READY = /Stakedesk demo is running at (http:\/\/127\.0\.0\.1:\d+)/;
const SERVER_READY = /Stakedesk is running at (http:\/\/127\.0\.0\.1:\d+) \((.+?)\)/;

const cwd = mkdtempSync(path.join(tmpdir(), 'stakedesk-after-demo-'));
// As root the embedded PostgreSQL runs as the postgres user, which must be able to enter it.
chmodSync(cwd, 0o755);
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

/** Runs `file` with only PATH and PORT=0 of the environment, until `ready` shows in its output; answers the match and how to stop it. */
async function run(file: string, ready: RegExp) {
  const child = spawn(process.execPath, [file], { cwd, env: { PATH: process.env.PATH!, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let output = '';
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready within 180 s:\n${output}`)), 180_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = ready.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) => reject(new Error(`exited (${code}) before it was ready:\n${output}`)));
  });
  return {
    match,
    async stop(signal: NodeJS.Signals) {
      child.kill(signal);
      return exited;
    },
  };
}

const json = async <T>(url: string, init?: RequestInit) => {
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as T };
};

it('npm start after a demo run uses its own ./.data and mainnet, and none of the demo', { timeout: 420_000 }, async () => {
  const demo = await run(DEMO, DEMO_READY);
  const demoSettings = await json<PublicSettings>(`${demo.match[1]}/api/settings`);
  expect(demoSettings.body.demo).toBeDefined();
  // Holders' browsers check the proof of reserves on the demo's own chain.
  expect(demoSettings.body.holderRpcUrl).toBe(demoSettings.body.demo!.chainUrl);
  // Ctrl-C: the demo stops its server and its chain, and leaves its keys in its own directory only.
  expect(await demo.stop('SIGINT')).toBe(0);
  expect(readdirSync(path.join(cwd, '.data-demo'))).toEqual(expect.arrayContaining(Object.values(DEMO_KEY_FILES)));
  expect(existsSync(path.join(cwd, '.data'))).toBe(false);

  const server = await run(SERVER, SERVER_READY);
  try {
    const url = server.match[1]!;
    expect(server.match[2]).toBe(`embedded PostgreSQL in ${path.join(cwd, '.data')}`);
    const settings = await json<PublicSettings>(`${url}/api/settings`);
    // The holders' endpoint too: the demo's local chain was saved in the demo's database only.
    expect(settings.body).toMatchObject({
      solanaCluster: 'mainnet-beta',
      tokenContract: '',
      stakingWallet: '',
      holderRpcUrl: CLUSTER_PUBLIC_RPC['mainnet-beta'],
    });
    expect(settings.body).not.toHaveProperty('demo');
    const plans = await json<StakingPlan[]>(`${url}/api/staking-plans`);
    expect(plans.body.map((plan) => [plan.name, plan.durationDays, plan.durationMinutes])).toEqual([
      ['Starter', 30, undefined],
      ['Growth', 90, undefined],
      ['Diamond', 180, undefined],
    ]);
    const faucet = await json(`${url}/api/demo/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ walletAddress: '11111111111111111111111111111111' }),
    });
    expect(faucet.status).toBe(404);
  } finally {
    expect(await server.stop('SIGTERM')).toBe(0);
  }
});
