import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { HOSTILE_ALSO_RUNS } from './server/vitest.hostile.config.js';
import { sourceAliases } from './vitest.shared-alias.js';

// Every workspace's unit and integration tests (`vitest run`; `--project server` for one). The process-level
// attacks (server/vitest.hostile.config.ts) and the desktop package build (desktop/vitest.package.config.ts)
// run apart, from their own scripts.
const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: { alias: sourceAliases },
  test: {
    // Two at least: the server's tests wait on PostgreSQL and the test chain more than on the CPU, and
    // on a 2-CPU machine two workers took 282 s where vitest's default (one) took 555 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: 'shared', root: source('./shared'), include: ['src/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'test-support',
          root: source('./test-support'),
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          root: source('./server'),
          include: ['src/**/*.test.ts'],
          // .ci/run runs the fuzzer and the payouts' model again right after, deeper, in the hostile
          // suite (HOSTILE_SUITE_FOLLOWS): once there, not twice.
          exclude: ['src/**/*.hostile.test.ts', ...(process.env.HOSTILE_SUITE_FOLLOWS ? HOSTILE_ALSO_RUNS : [])],
          globalSetup: ['src/test/global-setup.ts'],
          // The files of a worker share their imported modules: each file importing the whole server
          // again took 200 of the suite's 750 CPU-seconds. The server keeps no state in a module (the
          // lint refuses a module-level let) and a test server is closed before the next file starts one.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // The tests run the built verifier (one file, as `npx stakedesk-verify` runs it): the set-up builds it.
          name: 'verifier',
          root: source('./verifier'),
          include: ['src/**/*.test.ts'],
          globalSetup: ['src/test/build-verifier.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      { extends: true, test: { name: 'web', root: source('./web'), include: ['src/**/*.test.ts'], testTimeout: 30_000 } },
      // `npm run demo` and `npm start` after it, run built (npm test builds them first).
      { extends: true, test: { name: 'demo', root: source('./demo'), include: ['src/**/*.test.ts'], testTimeout: 420_000 } },
      {
        extends: true,
        test: {
          // 'electron' is replaced by src/main/test/fake-electron.ts in the main-process tests.
          name: 'desktop',
          root: source('./desktop'),
          include: ['src/**/*.test.ts', 'launch/*.test.ts', 'packaging/builder-config.test.ts'],
          environment: 'node',
          testTimeout: 15_000,
        },
      },
    ],
  },
});
