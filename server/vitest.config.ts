import { defineProject } from 'vitest/config';
import { sharedSourceAlias, testSupportSourceAlias } from '../vitest.shared-alias.js';

export default defineProject({
  resolve: { alias: [sharedSourceAlias, testSupportSourceAlias] },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // The process-level attacks run apart: npm run test:hostile (server/vitest.hostile.config.ts).
    exclude: ['src/**/*.hostile.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
