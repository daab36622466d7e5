import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { sharedSourceAlias } from '../vitest.shared-alias.js';

const resolve = { alias: [sharedSourceAlias] };
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// main -> out/main/index.js (ESM), preload -> out/preload/index.cjs (a sandboxed preload must be
// CommonJS), renderer -> out/renderer (the admin panel from web/src/admin with desktop adapters).
export default defineConfig({
  main: {
    resolve,
    build: { outDir: here('out/main'), emptyOutDir: true },
  },
  preload: {
    resolve,
    build: {
      outDir: here('out/preload'),
      emptyOutDir: true,
      rolldownOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: here('src/renderer'),
    resolve,
    plugins: [react()],
    build: {
      outDir: here('out/renderer'),
      emptyOutDir: true,
      minify: true,
      rolldownOptions: { input: here('src/renderer/index.html') },
      // The panel (antd) is one chunk of about 1 MB, read from disk: no reason to split it.
      chunkSizeWarningLimit: 1500,
    },
  },
});
