import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sharedSourceAlias } from '../vitest.shared-alias.js';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: [sharedSourceAlias] },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
