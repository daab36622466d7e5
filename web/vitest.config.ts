import { defineProject } from 'vitest/config';
import { sharedSourceAlias, testSupportSourceAlias } from '../vitest.shared-alias.js';

export default defineProject({
  resolve: { alias: [sharedSourceAlias, testSupportSourceAlias] },
  test: {
    name: 'web',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
