// The demo module's front door (DESIGN 16): what a server in demo mode adds (ARCHITECTURE.md).
export { readDemoKeys, type DemoKeys } from './demo-keys.js';
