import { Buffer } from 'buffer';

// spl-token's instruction encoders use the Node Buffer global; browsers have none. Loaded with
// the transfer code only, so holder pages without a wallet action never pay for it.
(globalThis as { Buffer?: typeof Buffer }).Buffer ??= Buffer;
