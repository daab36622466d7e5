import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { sourceAliases } from '../vitest.shared-alias.js';

/** Files of the server's own suite that run here again at greater depth (.ci/run runs them only here). */
export const HOSTILE_ALSO_RUNS = ['src/hostile/fuzz.test.ts', 'src/payouts/payout-model.test.ts'];

/**
 * The 100 kills first: the longest file (five minutes in CI) started after the model test once, and
 * the suite waited on it alone at the end. The other files share the second worker meanwhile.
 */
class KillsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const kills = (file: TestSpecification) => file.moduleId.endsWith('auto-payout-kill.hostile.test.ts');
    return [...sorted.filter(kills), ...sorted.filter((file) => !kills(file))];
  }
}

// `npm run test:hostile`: attacks and faults on whole server processes (database outage, crash,
// drain, two instances, load). Slow, so apart from `npm test`; .ci/run runs both.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { alias: sourceAliases },
  test: {
    name: 'hostile',
    // The endpoint fuzzer and the payouts' model test run in npm test too, with fewer cases: the
    // model 200 times there and 1,000 here; .ci/run runs them here only (DESIGN 15).
    include: ['src/**/*.hostile.test.ts', ...HOSTILE_ALSO_RUNS],
    env: { FUZZ_RUNS: '150', PAYOUT_MODEL_RUNS: '1000', AUTO_PAYOUT_KILLS: '100' },
    globalSetup: ['src/test/global-setup.ts'],
    // Two files at a time, and the model at 1,000 runs and 100 kills (were 1,800 and 200): one after
    // another at those counts they took 31 minutes, and the CI passed its 90-minute limit. On a quiet
    // 2-CPU machine the suite now takes about 8.
    maxWorkers: 2,
    sequence: { sequencer: KillsFirst },
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
});
