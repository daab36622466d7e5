import { defineConfig } from 'vitest/config';

// `npm run test:desktop-package`: packages the built app with electron-builder (after `npm run build:desktop`).
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['packaging/package-build.test.ts'],
    testTimeout: 30_000,
  },
});
