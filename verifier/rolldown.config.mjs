import { chmod } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'rolldown';

// One file with everything in it (the shared verifier, its catalogue, @noble/hashes): the packed
// package has no dependencies, so `npx stakedesk-verify` installs nothing from a registry.
const bundle = fileURLToPath(new URL('./dist/stakedesk-verify.js', import.meta.url));

export default defineConfig({
  // The bundle's module comments name files from here, wherever the build runs: the same source bundles to the same bytes.
  cwd: fileURLToPath(new URL('.', import.meta.url)),
  input: fileURLToPath(new URL('./src/cli.ts', import.meta.url)),
  platform: 'node',
  resolve: {
    // The shared rules from their source, as the tests read them: no build of shared/ first.
    alias: { '@stakedesk/shared': fileURLToPath(new URL('../shared/src', import.meta.url)) },
  },
  output: {
    file: bundle,
    format: 'esm',
    banner: '#!/usr/bin/env node',
  },
  // Executable as it is written, so the workspace's own `npx stakedesk-verify` runs it after a rebuild too.
  plugins: [{ name: 'executable', writeBundle: ({ file }) => chmod(file ?? bundle, 0o755) }],
});
