import { forgetCachedReads } from "../db/read-cache";
import { computeBrandJob } from "../modules/analytics/compute-brand.job";
import { profileInfluencersJob } from "../modules/analytics/influencer-profiles.job";
import { billingHousekeepingJob } from "../modules/billing/billing-housekeeping.job";
import { collectBrandJob } from "../modules/brand/collect.job";
import type { JobHandler, JobKind } from "./queue";
import type { WorkerDeps } from "./worker-deps";

/** What each queue runs. */
export function jobHandlers(deps: WorkerDeps): Record<JobKind, JobHandler> {
  const forgetting = (handler: JobHandler) => afterwardsForgetReads(deps, handler);
  return {
    "collect-brand": forgetting((data, job) => collectBrandJob(deps, data, job)),
    "compute-brand": forgetting((data) => computeBrandJob(deps, data)),
    "profile-influencers": forgetting(() => profileInfluencersJob(deps)),
    "billing-housekeeping": forgetting(() => billingHousekeepingJob(deps)),
  };
}

/**
 * A job's writes reach this process's read cache (db/read-cache.ts) as soon as it ends, as a write request's do,
 * rather than a moment later with the database's change notification.
 */
function afterwardsForgetReads(deps: WorkerDeps, handler: JobHandler): JobHandler {
  return async (data, job) => {
    try {
      await handler(data, job);
    } finally {
      forgetCachedReads(deps.db);
    }
  };
}
