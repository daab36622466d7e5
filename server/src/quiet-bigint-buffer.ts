import { createRequire } from 'node:module';

/**
 * @solana/spl-token reads u64 amounts through bigint-buffer, which tries a native addon first and
 * prints "bigint: Failed to load bindings, pure JS will be used" on every start when it is not
 * built (package.json's allowScripts does not build it: the pure JavaScript path is the one
 * without the addon's known buffer overflow). Loaded here once, first, with that one line muted;
 * every later import shares this copy (resolved the way spl-token's own dependency resolves it).
 */
const fromSplToken = createRequire(createRequire(import.meta.url).resolve('@solana/spl-token'));
const fromLayouts = createRequire(fromSplToken.resolve('@solana/buffer-layout-utils'));
const warn = console.warn;
console.warn = () => undefined;
try {
  fromLayouts('bigint-buffer');
} finally {
  console.warn = warn;
}
