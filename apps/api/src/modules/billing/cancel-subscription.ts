import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import type { JobPayloads, JobQueue } from "../../jobs/queue";
import { findProviderSubscriptions } from "./customers.repo";
import type { PaymentProviders } from "./providers/provider-for";

interface CancelDeps {
  db: Db;
  payments: PaymentProviders;
  jobs: Pick<JobQueue, "enqueue">;
  log: FastifyBaseLogger;
}

type Subscription = JobPayloads["cancel-subscription"];

async function cancelNow(deps: Pick<CancelDeps, "db" | "payments">, subscription: Subscription) {
  const provider = deps.payments(deps.db);
  if (provider.id !== subscription.provider) {
    throw new Error(
      `A ${subscription.provider} subscription cannot be cancelled while payments go through ${provider.id}`,
    );
  }
  await provider.cancelSubscription({ subscriptionId: subscription.subscriptionId });
}

/**
 * Ends a subscription at its provider: at once, or, when the provider does not answer, through the
 * `cancel-subscription` job, which keeps trying for hours. Cancelling twice is harmless at both providers. Rejects
 * only when the job cannot be queued either, so a caller that goes on to delete what the subscription paid for
 * never loses track of it.
 */
export async function cancelAtProvider(deps: CancelDeps, subscription: Subscription): Promise<void> {
  try {
    await cancelNow(deps, subscription);
    deps.log.info({ event: "billing.subscription-cancelled", ...subscription }, "Subscription cancelled");
  } catch (error) {
    deps.log.warn(
      { err: error, event: "billing.cancel-deferred", ...subscription },
      "The payment provider did not cancel the subscription: a job will keep trying",
    );
    await deps.jobs.enqueue("cancel-subscription", subscription);
  }
}

/** Before a workspace is deleted: its paid subscriptions end, so nobody is charged for what no longer exists. */
export async function cancelWorkspaceSubscriptions(deps: CancelDeps, workspaceId: string): Promise<void> {
  for (const subscription of await findProviderSubscriptions(deps.db, { workspaceId })) {
    await cancelAtProvider(deps, subscription);
  }
}

/** The `cancel-subscription` job: a failure is retried by pg-boss with back-off. */
export async function cancelSubscriptionJob(
  deps: Pick<CancelDeps, "db" | "payments" | "log">,
  subscription: Subscription,
): Promise<void> {
  await cancelNow(deps, subscription);
  deps.log.info({ event: "billing.subscription-cancelled", ...subscription }, "Subscription cancelled");
}
