import { defineProject } from 'vitest/config';
import { sharedSourceAlias } from '../vitest.shared-alias.js';

export default defineProject({
  resolve: { alias: [sharedSourceAlias] },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
