import type { FastifyBaseLogger } from "fastify";
import type { Db, Tx } from "../../db/client";
import type { JobPayloads, JobQueue } from "../../kernel/job-queue";
import type { PaymentProviders } from "../../kernel/payment-provider";
import { lockSubscription } from "../accounts";
import { findProviderSubscriptions } from "./customers.repo";

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

/**
 * Before a workspace is deleted, first: its paid subscriptions are ended at their providers now, where they answer.
 * Returns the ids ended; `queueCancellations` takes care of the rest in the deleting transaction.
 */
export async function cancelWorkspaceSubscriptions(
  deps: Omit<CancelDeps, "jobs">,
  workspaceId: string,
): Promise<Set<string>> {
  const ended = new Set<string>();
  for (const subscription of await findProviderSubscriptions(deps.db, { workspaceId })) {
    try {
      await cancelNow(deps, subscription);
      ended.add(subscription.subscriptionId);
      deps.log.info({ event: "billing.subscription-cancelled", ...subscription }, "Subscription cancelled");
    } catch (error) {
      deps.log.warn(
        { err: error, event: "billing.cancel-deferred", ...subscription },
        "The payment provider did not cancel the subscription: a job will keep trying",
      );
    }
  }
  return ended;
}

/**
 * In the transaction that deletes a workspace: under the lock of its plan (so no checkout records a subscription
 * after this looked), a cancel-subscription job for each subscription not `ended` yet, queued with the deletion.
 * Nobody keeps paying for a workspace that no longer exists.
 */
export async function queueCancellations(
  tx: Tx,
  deps: { jobs: Pick<JobQueue, "enqueue"> },
  p: { workspaceId: string; ended: ReadonlySet<string> },
): Promise<void> {
  await lockSubscription(tx, { workspaceId: p.workspaceId });
  for (const subscription of await findProviderSubscriptions(tx, { workspaceId: p.workspaceId })) {
    if (!p.ended.has(subscription.subscriptionId)) {
      await deps.jobs.enqueue("cancel-subscription", subscription, { tx });
    }
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

/** pg-boss's dead letter of `cancel-subscription`: someone must end this subscription by hand. */
export async function cancelSubscriptionAbandonedJob(
  deps: Pick<CancelDeps, "log">,
  subscription: Subscription,
): Promise<void> {
  deps.log.error(
    { event: "billing.cancel-abandoned", ...subscription },
    "A subscription could not be cancelled at its provider after every retry: cancel it there by hand",
  );
}
