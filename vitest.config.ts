import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['shared', 'test-support', 'server', 'web', 'desktop'],
  },
});
