import { computeBrandJob } from "../modules/analytics/compute-brand.job";
import { profileInfluencersJob } from "../modules/analytics/influencer-profiles.job";
import { billingHousekeepingJob } from "../modules/billing/billing-housekeeping.job";
import { collectBrandJob } from "../modules/brand/collect.job";
import type { JobHandler, JobKind } from "./queue";
import type { WorkerDeps } from "./worker-deps";

/** What each queue runs. */
export function jobHandlers(deps: WorkerDeps): Record<JobKind, JobHandler> {
  return {
    "collect-brand": (data, job) => collectBrandJob(deps, data, job),
    "compute-brand": (data) => computeBrandJob(deps, data),
    "profile-influencers": () => profileInfluencersJob(deps),
    "billing-housekeeping": () => billingHousekeepingJob(deps),
  };
}
