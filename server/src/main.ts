import './quiet-bigint-buffer.js';
import { createServer, type Server } from 'node:http';
import { bootstrapFirstAdmin, type BootstrapResult } from './accounts/index.js';
import { PasswordWorker } from './access/index.js';
import { dependencies } from './dependencies.js';
import { webhookAddress } from './alerts/index.js';
import { createApp } from './app.js';
import { readDemoKeys } from './demo/index.js';
import { answerClientErrorsWithJson } from './http/client-errors.js';
import { currentUpstreamRpcUrl } from './rpc-proxy/index.js';
import { createRpcUpstream } from './chain/rpc-upstream.js';
import { createUpstreamFetch } from './chain/upstream-fetch.js';
import { SolanaChain } from './chain/solana-chain.js';
import { ConfigError, embeddedDatabaseDir, loadConfig, ownUrl, type Config } from './config.js';
import { AdminEventHub } from './events/admin-event-hub.js';
import { openDatabase, seeders } from './open-database.js';
import type { EmbeddedDatabase } from './db/embedded-postgres.js';
import { migrateAndSeed } from './db/migrator.js';
import { chainCheck, databaseCheck, queueCheck, signerCheck, addStateGauges } from './health/index.js';
import { startBackgroundWork } from './background-work.js';
import { archivingFlags, archivingReaches, lastBackupAgeSeconds, prepareWalArchive } from './backups/index.js';
import { auditIfRestored } from './books-audit/index.js';
import { auditedBooks } from './audited-books.js';
import { countingFetch } from './metrics/counting-fetch.js';
import { createMetrics } from './metrics/metrics.js';
import { chooseLogFormat } from './log-format.js';
import { createLogger, stdoutDestination, type Logger } from './logger.js';
import { StartupError } from './startup-error.js';
import { treasuryCoverage } from './treasury/index.js';

/** A demo server's proof-of-reserves snapshot schedule: a stake shows in a holder's proof within about this long. */
const DEMO_RESERVES_SNAPSHOT_MS = 15_000;

function banner(config: Config, url: string, admin: BootstrapResult): string {
  const login = !admin.created
    ? 'log in with an existing admin account'
    : admin.generatedPassword
      ? `log in as '${admin.username}' with password ${admin.generatedPassword} (shown once; change it in Admins)`
      : `log in as '${admin.username}' with ADMIN_PASSWORD`;
  const database = config.databaseUrl ? 'DATABASE_URL' : `embedded PostgreSQL in ${config.dataDir}`;
  return `Stakedesk is running at ${url} (${database}) — admin panel: ${url}/admin, ${login}`;
}

async function listen(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : port;
}

async function start(config: Config, logger: Logger): Promise<void> {
  // Read first: a demo server without its keys says so before it starts anything.
  const demoKeys = config.demo ? readDemoKeys(config.dataDir) : undefined;
  let embedded: EmbeddedDatabase | undefined;
  if (!config.databaseUrl) {
    // DESIGN 19: every WAL file archived into BACKUP_DIR as it fills, a base backup daily (background work).
    await prepareWalArchive(config.backupDir);
    // Loaded only here: a server on DATABASE_URL never needs it.
    const { startEmbeddedPostgres } = await import('./db/embedded-postgres.js');
    embedded = await startEmbeddedPostgres(config.dataDir, logger, {
      postgresFlags: archivingFlags(config.backupDir),
      postgresReaches: archivingReaches(config.backupDir),
    });
  } else {
    logger.info(
      "DATABASE_URL is set: Stakedesk takes no backups of it; the managed service's point-in-time recovery (or pgBackRest) keeps it",
    );
  }
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  const db = openDatabase(databaseUrl);
  await migrateAndSeed(db, seeders({ examplePlans: !config.databaseUrl }));
  const passwords = new PasswordWorker();
  const admin = await bootstrapFirstAdmin(db, passwords, config.admin);
  const demo = demoKeys && { keys: demoKeys, chainUrl: config.solanaRpcUrl };

  const metrics = createMetrics();
  const rpc = createRpcUpstream(config);
  const upstreamUrl = currentUpstreamRpcUrl(db, config.solanaRpcUrl);
  const chain = new SolanaChain(upstreamUrl, undefined, countingFetch(rpc.fetch, metrics));
  // DESIGN 15: a second, independent provider, trusted as the operator set it (like SOLANA_RPC_URL).
  const verifyUrl = config.solanaVerifyRpcUrl;
  const verifyRpc = verifyUrl
    ? { url: async () => verifyUrl, fetch: createUpstreamFetch({ trustedUrl: verifyUrl, allowPrivate: config.allowPrivateRpc }) }
    : null;
  const secondProvider = verifyRpc && new SolanaChain(verifyRpc.url, undefined, countingFetch(verifyRpc.fetch, metrics));
  const events = new AdminEventHub(config.databaseListenUrl ?? databaseUrl, logger);
  const deps = dependencies({ database: db, chain, secondProvider, events, passwords, jwtSecret: config.jwtSecret });
  const hotWallet = config.payoutSigner?.publicKey.toBase58();
  const coverage = treasuryCoverage(db, chain, logger, hotWallet);
  // DESIGN 19: a restored database is checked against the chain before any payout.
  await auditIfRestored({ db, chain, secondProvider, hotWallet: hotWallet ?? null, books: auditedBooks }, logger);
  const jobs = await startBackgroundWork({
    dependencies: deps,
    databaseUrl,
    logger,
    intervals: {
      expiryMs: config.expiryIntervalMs,
      payoutFollowMs: config.chainFollowIntervalMs,
      depositFollowMs: config.depositFollowIntervalMs,
    },
    onFailure: (job) => metrics.jobFailed(job),
    onDepositRecorded: (blockTime) => metrics.depositRecorded(blockTime),
    autoPayouts: { logger, signer: config.payoutSigner, coverage, intervalMs: config.autoPayoutIntervalMs },
    signer: config.payoutSigner,
    webhooks: {
      fetch: webhookAddress(config.allowPrivateRpc).fetch,
      overdueHours: config.withdrawalOverdueHours,
      coverage,
    },
    ...(embedded && {
      backups: { databaseDir: embeddedDatabaseDir(config.dataDir), backupDir: config.backupDir, keepDays: config.backupKeepDays },
    }),
    reserves: {
      hotWallet: hotWallet ?? null,
      proofDays: config.reservesProofDays,
      // The demo's holders see their stake in a proof of reserves within a minute, not a day (DESIGN 16).
      ...(config.demo && { everyMs: DEMO_RESERVES_SNAPSHOT_MS }),
    },
  });
  const checks = {
    database: databaseCheck(db),
    chain: chainCheck(upstreamUrl, rpc.fetch),
    ...(verifyRpc ? { verifyChain: chainCheck(verifyRpc.url, verifyRpc.fetch) } : {}),
    queue: queueCheck(jobs),
    ...(config.payoutSigner ? { signer: signerCheck(config.payoutSigner) } : {}),
  };
  addStateGauges(metrics, db, {
    jobs,
    coverage,
    checks,
    ...(embedded && { lastBackupAge: () => lastBackupAgeSeconds(config.backupDir) }),
  });
  let stopping = false;
  const health = { metrics, metricsToken: config.metricsToken, checks, stopping: () => stopping };
  const server = createServer();
  // Idle connections stay open longer than a load balancer's (AWS ALB: 60 s): it must never send a
  // request on a connection this server is closing (Node's default of 5 s gives proxies 502s, and
  // clients a dropped request under load).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  answerClientErrorsWithJson(server);
  const port = await listen(server, config.port, config.host);
  const url = ownUrl(config.host, port);
  // Attached in the same tick as listen resolves, before any connection is read: the app needs the
  // port (PORT=0 picks one) for its default public URL.
  server.on(
    'request',
    createApp({ config: { ...config, publicUrl: config.publicUrl ?? url }, logger, dependencies: deps, rpc, health, demo }),
  );
  if (config.production && !config.publicUrl) {
    logger.warn(
      { signInOrigin: url },
      'PUBLIC_URL is not set: sign-in messages name the address this server listens on, not the site holders open',
    );
  }

  console.log(banner(config, url, admin));

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // /readyz answers 503 from now: a load balancer (which stops an instance with SIGTERM) stops
    // sending requests before the listener closes. Ctrl-C (SIGINT) at a terminal stops at once.
    const graceMs = signal === 'SIGTERM' ? config.shutdownGraceMs : 0;
    if (graceMs > 0) logger.info({ signal, graceMs }, 'shutting down: /readyz answers 503, requests are still served for the grace');
    await new Promise((resolve) => setTimeout(resolve, graceMs));
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    await jobs.stop();
    await events.close();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), 10_000).unref();
    });
    await db.close();
    await embedded?.stop();
    process.exit(0);
  };
  // embedded-postgres registers its own exit hook that stops PostgreSQL (and exits) at once on a
  // signal, before requests in flight finish; ours drains first, then stops it.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(signal));
  }
}

/** The configuration from the environment; a wrong one ends the process with what is wrong in it. */
function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
    process.exit(1);
  }
}

const config = configOrExit();
const logger = createLogger(
  config.logLevel,
  stdoutDestination(chooseLogFormat(config.logFormat, config.production, process.stdout.isTTY === true)),
);
start(config, logger).catch((error: unknown) => {
  if (error instanceof StartupError) {
    console.error(error.message);
    process.exit(1);
  }
  logger.fatal({ err: error }, 'Stakedesk could not start');
  process.exit(1);
});
