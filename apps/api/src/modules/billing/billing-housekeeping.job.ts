import { AppError } from "../../kernel/errors";
import type { WorkerDeps } from "../../kernel/worker-deps";
import {
  deactivateEndedTrials,
  endPlansDue,
  findDuePaidSubscriptions,
  updateSubscription,
} from "../accounts";
import { findCustomer } from "./customers.repo";
import { findDefaultCard } from "./payment-methods.repo";
import { addOneMonth } from "./providers/billing-period";
import { cancelSandboxSubscription } from "./providers/sandbox.repo";
import { chargeCard, isSandboxSubscriptionActive } from "./providers/sandbox-provider";

/**
 * Scheduled: trials past their end date become deactivated; cancelled and granted plans past theirs end (back to
 * Starter's limits); and, with sandbox payments, paid plans at the end of their period are renewed on the default
 * card, or set to payment-error when the charge fails (Stripe renews its own subscriptions and reports through
 * webhooks).
 */
export async function billingHousekeepingJob(deps: Pick<WorkerDeps, "db" | "clock" | "config" | "log">) {
  const now = deps.clock.now();
  const ended = await deactivateEndedTrials(deps.db, { now });
  if (ended.length > 0) deps.log.info({ count: ended.length }, "Ended trials deactivated");
  // Granted plans have no provider to end them, and the sandbox's cancelled ones end here too; Stripe's cancelled
  // ones end by webhook, but whichever comes first ends the plan at its date.
  for (const plan of await endPlansDue(deps.db, { now })) {
    if (!deps.config.stripe && !plan.granted) await endSandboxSubscription(deps, plan.workspaceId);
    deps.log.info({ event: "billing.plan-ended", ...plan }, "Plan ended: the workspace is back on Starter");
  }
  if (deps.config.stripe) return;
  for (const due of await findDuePaidSubscriptions(deps.db, { now })) {
    await renewOnSandbox(deps, due.workspaceId, due.endDate ?? now);
  }
}

/** The sandbox's side of a cancelled plan's end (Stripe ends its own at the period end). */
async function endSandboxSubscription(deps: Pick<WorkerDeps, "db" | "clock">, workspaceId: string) {
  const subscriptionId = (await findCustomer(deps.db, { workspaceId, provider: "sandbox" }))?.subscriptionId;
  if (subscriptionId) await cancelSandboxSubscription(deps.db, { id: subscriptionId, now: deps.clock.now() });
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
