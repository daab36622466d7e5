import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { sourceAliases } from '../vitest.shared-alias.js';

// `npm run test:hostile`: attacks and faults on whole server processes (database outage, crash,
// drain, two instances, load). Slow, so apart from `npm test`; .ci/run runs both.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { alias: sourceAliases },
  test: {
    name: 'hostile',
    // The endpoint fuzzer and the payouts' model test run in npm test too, with fewer cases: the
    // model 200 times there and 1,800 here, 2,000 in CI (DESIGN 15).
    include: ['src/**/*.hostile.test.ts', 'src/hostile/fuzz.test.ts', 'src/payouts/payout-model.test.ts'],
    env: { FUZZ_RUNS: '150', PAYOUT_MODEL_RUNS: '1800', AUTO_PAYOUT_KILLS: '200' },
    globalSetup: ['src/test/global-setup.ts'],
    // Two files at a time: each keeps about one CPU busy, and one after another they took 31 of a
    // 2-CPU machine's CI minutes. The timeouts leave room for it (the model 1,800 s for 511 s alone).
    maxWorkers: 2,
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
});
