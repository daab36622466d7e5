// The health module's front door: what the rest of the server uses of it (ARCHITECTURE.md).
export { chainCheck, databaseCheck, queueCheck, signerCheck } from './readiness.js';
export { addStateGauges } from './state-gauges.js';
