// The reserves module's front door: what the rest of the server uses of it (ARCHITECTURE.md).
export { anchorRound } from './anchor-round.js';
export { pruneOldProofs } from './prune-proofs.js';
export { dailyReservesSnapshot } from './take-snapshot.js';
