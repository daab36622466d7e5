// The treasury module's front door: what the rest of the server uses of it (ARCHITECTURE.md).
export { readHolderLiabilities } from './liabilities.js';
export { TREASURY_WATCH_INTERVAL_MS, watchTreasury } from './treasury-watch.js';
export { treasuryCoverage } from './treasury.service.js';
