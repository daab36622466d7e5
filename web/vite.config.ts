import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sharedSourceAlias } from '../vitest.shared-alias.js';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: [sharedSourceAlias] },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page needs, holder and admin alike, in one chunk: without this, modules the
          // admin chunk shares with the holder pages become small chunks the landing page then loads.
          groups: [
            {
              name: 'core',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]|shared[\\/]src[\\/](format|decimal|shorten)\.ts$|web[\\/]src[\\/](lib[\\/]|i18n[\\/](create-i18n|language))/,
            },
          ],
        },
      },
    },
    // The admin panel (antd) is one lazy chunk of about 1 MB, loaded only at /admin.
    chunkSizeWarningLimit: 1100,
  },
});
