// The actions module's front door (ARCHITECTURE.md): Solana Actions and blinks (DESIGN 18), which
// app.ts mounts at the site's root. No other module uses it.
export { actionsRoutes } from './actions.routes.js';
