import { defineProject } from 'vitest/config';
import { sharedSourceAlias } from '../vitest.shared-alias.js';

// Main, preload and renderer-adapter unit tests; 'electron' is replaced by src/main/test/fake-electron.ts.
export default defineProject({
  resolve: { alias: [sharedSourceAlias] },
  test: {
    name: 'desktop',
    include: ['src/**/*.test.ts', 'launch/*.test.ts', 'packaging/builder-config.test.ts'],
    environment: 'node',
    testTimeout: 15_000,
  },
});
