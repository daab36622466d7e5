import { defineProject } from 'vitest/config';
import { sharedSourceAlias } from '../vitest.shared-alias.js';

export default defineProject({
  resolve: { alias: [sharedSourceAlias] },
  test: {
    name: 'web',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
