import { useQuery } from "@tanstack/react-query";
import { useAuth } from "~/lib/auth";
import type { SubscriptionState } from "../subscriptions/banner-rule";
import { subscriptionsOptions } from "../subscriptions/queries";
import { meOptions } from "../user/queries";

/**
 * The workspace's current subscription: the first entry of GET /subscriptions (current first), else the user's own
 * `subscription` from GET /user/me (or the session's, on first paint).
 */
export function useCurrentSubscription() {
  const subscriptions = useQuery(subscriptionsOptions());
  const me = useQuery(meOptions());
  const session = useAuth();
  const user = me.data ?? session.user ?? undefined;
  const current: SubscriptionState | undefined = subscriptions.data?.[0] ?? user?.subscription;
  return { current, subscriptions, me, user };
}

/**
 * Billing is the workspace owner's (docs/decisions.md "Workspaces and team"); a member sees the plan but does not
 * buy.
 */
export function useCanManageBilling() {
  const { user } = useCurrentSubscription();
  return !user?.workspace || user.workspace.role === "owner";
}
