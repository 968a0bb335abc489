import type { JobHandlers } from "../kernel/job-queue";
import { sweepOneUseStatesJob } from "../kernel/one-use-state";
import type { WorkerDeps } from "../kernel/worker-deps";
import { deliverAlertsJob, hourlyAlertEmailsJob } from "../modules/alerts/deliver-alerts.job";
import { alertsAfterRecompute } from "../modules/alerts/evaluate";
import { computeBrandJob } from "../modules/analytics/compute-brand.job";
import { computeRangeJob } from "../modules/analytics/compute-range.job";
import { profileInfluencersJob } from "../modules/analytics/influencer-profiles.job";
import { queueNewDayRecomputes } from "../modules/analytics/refresh";
import { billingHousekeepingJob } from "../modules/billing/billing-housekeeping.job";
import {
  cancelSubscriptionAbandonedJob,
  cancelSubscriptionJob,
} from "../modules/billing/cancel-subscription";
import { collectBrandFailedJob, collectBrandJob } from "../modules/brand/collect.job";
import { discardExpiredImportsJob } from "../modules/brand/imports-housekeeping.job";
import { syncGoogleAdsJob } from "../modules/connectors/google-ads-sync.job";
import { syncInstagramJob } from "../modules/connectors/instagram-sync.job";
import { refreshSourcesJob } from "../modules/connectors/refresh-sources.job";
import { syncSearchConsoleJob } from "../modules/connectors/search-console-sync.job";
import { syncYoutubeJob } from "../modules/connectors/youtube-sync.job";
import { sendDigestsJob } from "../modules/digest/send-digests.job";
import { deliverDueMail } from "../modules/mail/outbox";
import { digestReportPdf } from "../modules/shared-reports/shared-reports.service";
import { tracedHandlers } from "./traced-handlers";

/**
 * What each queue runs. A job's writes reach the reads kept in memory, in this process and every other, through
 * the database's change notifications (db/read-model/change-listener.ts). Each runs in a span
 * named for its kind (traced-handlers.ts).
 */
export function jobHandlers(deps: WorkerDeps): JobHandlers {
  return tracedHandlers({
    "collect-brand": (data, job) => collectBrandJob(deps, data, job),
    "collect-brand-failed": (data) => collectBrandFailedJob(deps, data),
    "compute-brand": async (data) => {
      await computeBrandJob(deps, data);
      // Alerts (issue 31, alerts) are judged on the figures just computed.
      await alertsAfterRecompute(deps, data.brandId);
    },
    "compute-range": (data) => computeRangeJob(deps, data),
    "profile-influencers": () => profileInfluencersJob(deps),
    "billing-housekeeping": () => billingHousekeepingJob(deps),
    "cancel-subscription": (data) => cancelSubscriptionJob(deps, data),
    "cancel-subscription-failed": (data) => cancelSubscriptionAbandonedJob(deps, data),
    "mail-outbox": () => deliverDueMail(deps),
    "refresh-sources": async () => {
      await refreshSourcesJob(deps);
      await queueNewDayRecomputes(deps);
    },
    "discard-expired-imports": () => discardExpiredImportsJob(deps),
    // The PDF a member may ask for with their digest is the shared reports' (issue 32, the PDF).
    "send-digests": () => sendDigestsJob(deps, { reportPdf: (p) => digestReportPdf(deps, p) }),
    "deliver-alerts": () => deliverAlertsJob(deps),
    "send-hourly-alert-emails": () => hourlyAlertEmailsJob(deps),
    "sweep-one-use-states": () => sweepOneUseStatesJob(deps),
    "sync-youtube": (data, job) => syncYoutubeJob(deps, data, job),
    "sync-search-console": (data, job) => syncSearchConsoleJob(deps, data, job),
    "sync-instagram": (data, job) => syncInstagramJob(deps, data, job),
    "sync-google-ads": (data, job) => syncGoogleAdsJob(deps, data, job),
  });
}
