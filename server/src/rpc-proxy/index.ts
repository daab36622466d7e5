// The rpc-proxy module's front door: what the rest of the server uses of it (ARCHITECTURE.md).
export { currentUpstreamRpcUrl } from './rpc-endpoint.js';
