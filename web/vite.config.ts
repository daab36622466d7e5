import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
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
// a wallet action, beside @solana/web3.js. The few small modules that both the landing page and the
// lazily loaded pages import (the catalogue's hook, the settings and their fee terms, Phantom's
// provider, whose failure an unanswered request is) are core too: left alone, the bundler gives each
// a chunk of its own, a request and a few hundred bytes more for the landing page.
const CORE =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]|shared[\\/]src[\\/](format|decimal|shorten|transfer-fee-terms)\.ts$|web[\\/]src[\\/](lib[\\/][^\\/]+\.tsx?$|lib[\\/]errors[\\/]whose-failure\.ts$|lib[\\/]wallet[\\/]phantom\.ts$|i18n[\\/](create-i18n|language|en|i18n)\.tsx?$|features[\\/]settings[\\/]api\.ts$)/;

/**
 * React Router's production build declares its components as bare top-level calls
 * (`var NavLink = React.forwardRef(...)`, then `NavLink.displayName = "NavLink"`), which a bundler
 * must keep in case they have side effects: NavLink, Form, useSubmit and the rest of what this app
 * never renders rode along in every page's JavaScript (about 2 KB gzipped of the landing page's 100).
 * Marked pure, and without the names only React's developer tools read, the unused ones are dropped.
 */
function shakeReactRouter(): Plugin {
  return {
    name: 'stakedesk:shake-react-router',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]production[\\/]/.test(id)) return null;
      const shaken = code
        .replace(/= (React\d*)\.forwardRef\(/g, '= /* @__PURE__ */ $1.forwardRef(')
        .replace(/^\w+\.displayName = "\w+";$/gm, '');
      // A React Router whose build is written differently: say so, rather than grow every page unseen.
      if (shaken === code && code.includes('.forwardRef(')) this.warn(`React Router's components are no longer marked pure in ${id}`);
      // Lines stay where they were (a removed assignment leaves its line empty): the source map barely moves.
      return { code: shaken, map: null };
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), shakeReactRouter()],
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
              // are for the stake dialogs and the panel, infinite lists for the dashboard and several
              // queries at once for the proof of reserves, which all load later.
              test: (id: string) =>
                id.includes('vite/preload-helper') ||
                (CORE.test(id) &&
                  !/[\\/](useMutation|mutationObserver|useInfiniteQuery|infiniteQueryObserver|useQueries|queriesObserver)\.js$/.test(id)),
            },
          ],
        },
      },
    },
    // The admin panel (antd) is one lazy chunk of about 1 MB, loaded only at /admin.
    chunkSizeWarningLimit: 1100,
  },
}));
