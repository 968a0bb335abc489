import { alias } from "drizzle-orm/pg-core";
import { subscriptions } from "../../db/schema";
import { orNull, type RowOf } from "../../db/typed-rows";
import { effectivePlan, type PlanLimits, planLimits } from "../billing";

/**
 * The workspace's subscription, joined into a module read's own query (workspace id = $1) rather than looked up in
 * a round trip of its own. That query's rows are kept only until a subscription changes
 * (db/read-model/read-model.ts): a plan change applies on the next read.
 */
export const SUBSCRIPTION_JOIN = "left join subscriptions sub on sub.workspace_id = $1";
const sub = alias(subscriptions, "sub");
/** The subscription's fields, null without one (the join is a left join): spread into a statement's selection. */
export const SUBSCRIPTION_COLUMNS = {
  subscription_plan: orNull(sub.plan),
  subscription_status: orNull(sub.status),
  subscription_end_date: orNull(sub.endDate),
};

export type SubscriptionFields = RowOf<typeof SUBSCRIPTION_COLUMNS>;

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
