/**
 * npm run lighthouse: Lighthouse on /, /documentation and /dashboard of the built app, served by the
 * real server (`node server/dist/main.js`) on a throwaway embedded PostgreSQL with the test chain
 * behind it, the token configured and the default plans, as `npm run bench` starts it. Prints the
 * four category scores and CLS per page. Performance is a measurement, noisy on a busy machine.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChainReady } from './chain-child.js';
import { openBenchDatabase, withClient } from './database.js';
import { formatLighthouse, measureLighthouse } from './lighthouse.js';
import { forkReady, startServer, stopChild } from './processes.js';

const logDir = mkdtempSync(path.join(tmpdir(), 'stakedesk-lighthouse-logs-'));
const db = await openBenchDatabase();
try {
  const chain = await forkReady<ChainReady & { url: string }>(
    new URL('./chain-child.js', import.meta.url).pathname,
    {},
    path.join(logDir, 'chain.log'),
  );
  try {
    const env = {
      DATABASE_URL: db.url,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      JWT_SECRET: randomBytes(48).toString('base64url'),
      ADMIN_USERNAME: 'lighthouse',
      ADMIN_EMAIL: 'lighthouse@example.com',
      ADMIN_PASSWORD: randomBytes(18).toString('base64url'),
      LOG_LEVEL: 'warn',
      SOLANA_RPC_URL: chain.ready.url,
      SOLANA_CLUSTER: 'devnet',
    };
    // The first start migrates and writes the default plans; then the token is configured, as an operator does.
    await stopChild(await startServer(env, path.join(logDir, 'server.log')));
    await withClient(db.url, (client) =>
      client.query(
        `UPDATE settings SET token_name = 'Bench Token', token_symbol = 'BNCH', token_contract = $1, staking_wallet = $2 WHERE id = 1`,
        [chain.ready.mint, chain.ready.stakingWallet],
      ),
    );
    const server = await startServer(env, path.join(logDir, 'server.log'));
    try {
      console.log(`Lighthouse 12.2.3, mobile preset, /usr/bin/chromium, against ${server.url} (logs in ${logDir})`);
      for (const line of formatLighthouse(await measureLighthouse(server.url))) console.log(line);
    } finally {
      await stopChild(server);
    }
  } finally {
    await stopChild(chain);
  }
} finally {
  await db.destroy();
}
