import { forgetCachedReads } from "../db/read-cache";
import { computeBrandJob } from "../modules/analytics/compute-brand.job";
import { profileInfluencersJob } from "../modules/analytics/influencer-profiles.job";
import { billingHousekeepingJob } from "../modules/billing/billing-housekeeping.job";
import { cancelSubscriptionJob } from "../modules/billing/cancel-subscription";
import { collectBrandFailedJob, collectBrandJob } from "../modules/brand/collect.job";
import { deliverDueMail } from "../modules/mail/outbox";
import type { JobHandler, JobHandlers, JobKind } from "./queue";
import type { WorkerDeps } from "./worker-deps";

/** What each queue runs. */
export function jobHandlers(deps: WorkerDeps): JobHandlers {
  return {
    "collect-brand": forgetting(deps, (data, job) => collectBrandJob(deps, data, job)),
    "collect-brand-failed": forgetting(deps, (data) => collectBrandFailedJob(deps, data)),
    "compute-brand": forgetting(deps, (data) => computeBrandJob(deps, data)),
    "profile-influencers": forgetting(deps, () => profileInfluencersJob(deps)),
    "billing-housekeeping": forgetting(deps, () => billingHousekeepingJob(deps)),
    "cancel-subscription": (data) => cancelSubscriptionJob(deps, data),
    "mail-outbox": () => deliverDueMail(deps),
  };
}

/**
 * A job's writes reach this process's read cache (db/read-cache.ts) as soon as it ends, as a write request's do,
 * rather than a moment later with the database's change notification.
 */
function forgetting<K extends JobKind>(deps: WorkerDeps, handler: JobHandler<K>): JobHandler<K> {
  return async (data, job) => {
    try {
      await handler(data, job);
    } finally {
      forgetCachedReads(deps.db);
    }
  };
}
