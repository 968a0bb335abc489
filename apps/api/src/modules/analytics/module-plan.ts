import type { components } from "@brandscope/api-client/schema";
import { effectivePlan, type PlanLimits, planLimits } from "../billing";

type PlanType = components["schemas"]["PlanType"];

/**
 * The workspace's subscription, joined into a module read's own query (workspace id = $1) rather than looked up in
 * a round trip of its own. That query's rows are kept only until a subscription changes (read-model/read-model.ts): a plan
 * change applies on the next read.
 */
export const SUBSCRIPTION_JOIN = "left join subscriptions sub on sub.workspace_id = $1";
export const SUBSCRIPTION_COLUMNS =
  "sub.plan as subscription_plan, sub.status as subscription_status, sub.end_date as subscription_end_date";

export interface SubscriptionFields {
  subscription_plan: PlanType | null;
  subscription_status: string | null;
  subscription_end_date: Date | null;
}

/** The limits of the workspace's plan, by billing's rule (effectivePlan), from the joined columns. */
export function planLimitsOf(row: SubscriptionFields, now: Date): PlanLimits {
  const subscription =
    row.subscription_plan === null
      ? null
      : {
          plan: row.subscription_plan,
          status: row.subscription_status ?? "",
          endDate: row.subscription_end_date === null ? null : new Date(row.subscription_end_date),
        };
  return planLimits[effectivePlan(subscription, now)];
}
