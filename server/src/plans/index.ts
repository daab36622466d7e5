// The plans module's front door: what the rest of the server uses of it (ARCHITECTURE.md).
export { examplePlansSeed } from './example-plans.seed.js';
export { plansTable, type StakingPlan } from './plan.model.js';
export { ACTIVE_PLANS_SUBQUERY, findPlanForStake, findPlanJson, listActivePlans } from './plans.service.js';
