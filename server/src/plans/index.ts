// The plans module's front door: what the rest of the server uses of it (ARCHITECTURE.md).
export { StakingPlan } from './plan.model.js';
export { ACTIVE_PLANS_SUBQUERY, findPlanJson, listActivePlans } from './plans.service.js';
