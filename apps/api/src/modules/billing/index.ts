// What other modules may use of billing (docs/architecture.md "Module faces"); the rest of the folder is its own.

export { cancelWorkspaceSubscriptions, queueCancellations } from "./cancel-subscription";
export { effectivePlan, type PlanLimits, planLimits, workspacePlan } from "./plan-limits";
export { planOf } from "./plans";
export { effectiveStatus } from "./subscription-status";
