import { createRequire } from 'node:module';

/**
 * The test chain's @solana/spl-token prints "bigint: Failed to load bindings, pure JS will be used"
 * when bigint-buffer's native addon is not built (it is not, on purpose): loaded here first with that
 * line muted, so the demo's first line is its own. The server does the same (server/src/quiet-bigint-buffer.ts).
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
