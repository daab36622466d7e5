import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vite';
import { sharedSourceAlias } from '../vitest.shared-alias.js';

// React Router 7's package exports only its development build, whose warnings code ships to
// production (remix-run/react-router#14102); the production build beside it differs only in that
// switch. Built bundles take it; the dev server and tests keep the warnings.
const reactRouterDist = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production');
const reactRouterProduction = [
  { find: /^react-router$/, replacement: join(reactRouterDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterDist, 'dom-export.mjs') },
];

// web/src/lib's own files (the API client, toasts) are core; its wallet and solana folders load with
// a wallet action, beside @solana/web3.js.
const CORE =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]|shared[\\/]src[\\/](format|decimal|shorten)\.ts$|web[\\/]src[\\/](lib[\\/][^\\/]+\.tsx?$|i18n[\\/](create-i18n|language|en)\.tsx?$)/;

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: { alias: command === 'build' ? [sharedSourceAlias, ...reactRouterProduction] : [sharedSourceAlias] },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/verify': 'http://127.0.0.1:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Browsers without <link rel=modulepreload> still load every module, only without the head start.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page needs, holder and admin alike, in one chunk: without this, modules the
          // admin chunk shares with the holder pages become small chunks the landing page then loads.
          groups: [
            {
              name: 'core',
              // Vite's preload helper rides along rather than costing a request of its own; mutations
              // are for the stake dialogs and the panel, which load later.
              test: (id: string) =>
                id.includes('vite/preload-helper') ||
                (CORE.test(id) && !/[\\/](useMutation|mutationObserver|useInfiniteQuery|infiniteQueryObserver)\.js$/.test(id)),
            },
          ],
        },
      },
    },
    // The admin panel (antd) is one lazy chunk of about 1 MB, loaded only at /admin.
    chunkSizeWarningLimit: 1100,
  },
}));
