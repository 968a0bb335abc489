import { AppError } from "../../kernel/errors";
import type { WorkerDeps } from "../../kernel/worker-deps";
import {
  deactivateEndedTrials,
  findDuePaidSubscriptions,
  updateSubscription,
} from "../accounts/subscriptions.repo";
import { findCustomer } from "./customers.repo";
import { findDefaultCard } from "./payment-methods.repo";
import { addOneMonth } from "./providers/billing-period";
import { chargeCard, isSandboxSubscriptionActive } from "./providers/sandbox-provider";

/**
 * Scheduled: trials past their end date become deactivated, and, with sandbox payments, paid plans at the end of
 * their period are renewed on the default card, or set to payment-error when the charge fails (Stripe renews its
 * own subscriptions and reports through webhooks).
 */
export async function billingHousekeepingJob(deps: Pick<WorkerDeps, "db" | "clock" | "config" | "log">) {
  const now = deps.clock.now();
  const ended = await deactivateEndedTrials(deps.db, { now });
  if (ended.length > 0) deps.log.info({ count: ended.length }, "Ended trials deactivated");
  if (deps.config.stripe) return;
  for (const due of await findDuePaidSubscriptions(deps.db, { now })) {
    await renewOnSandbox(deps, due.workspaceId, due.endDate ?? now);
  }
}

async function renewOnSandbox(
  deps: Pick<WorkerDeps, "db" | "clock" | "log">,
  workspaceId: string,
  periodEnd: Date,
) {
  const now = deps.clock.now();
  const customer = await findCustomer(deps.db, { workspaceId, provider: "sandbox" });
  const card = await findDefaultCard(deps.db, { workspaceId });
  const subscriptionId = customer?.subscriptionId;
  if (!subscriptionId || !(await isSandboxSubscriptionActive(deps.db, { subscriptionId }))) {
    await updateSubscription(deps.db, { workspaceId, status: "cancelled", now });
    deps.log.info({ workspaceId }, "Renewal skipped: the subscription was cancelled");
    return;
  }
  try {
    if (!customer || !card) throw new AppError("PAYMENT_FAILED", 402, "No card to charge");
    await chargeCard(deps.db, { customerId: customer.customerId, paymentMethodId: card.id });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await updateSubscription(deps.db, { workspaceId, status: "payment-error", now });
    deps.log.info({ workspaceId, reason: error.message }, "Renewal failed: plan set to payment-error");
    return;
  }
  let next = addOneMonth(periodEnd);
  while (next <= now) next = addOneMonth(next);
  await updateSubscription(deps.db, { workspaceId, status: "active", endDate: next, now });
}
