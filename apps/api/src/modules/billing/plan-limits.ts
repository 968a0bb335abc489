import type { components } from "@brandscope/api-client/schema";
import type { Queryable } from "../../db/client";
import { findSubscription } from "../accounts";

type PlanType = components["schemas"]["PlanType"];

export interface PlanLimits {
  competitorsPerBrand: number;
  brands: number;
  members: number;
  /** How many personas and influencers the lists show; null = all. */
  topPersonas: number | null;
  topInfluencers: number | null;
  /** Starter exports only what it can see (docs/decisions.md "Exports"). */
  fullExport: boolean;
  /** The workspace's logo and accent colour apply (docs/decisions.md "Custom branding"). */
  customBranding: boolean;
  /** Rows the workspace's imports may keep stored, all brands together (docs/decisions.md "Import limits"). */
  importedRows: number;
  /** Reports shared by a link without an account (issue 32, docs/shared-reports.md). */
  sharedReports: boolean;
}

// docs/product.md §6 and docs/decisions.md "Plan limits".
export const planLimits: Readonly<Record<PlanType, PlanLimits>> = {
  starter: {
    competitorsPerBrand: 1,
    brands: 1,
    members: 1,
    topPersonas: 3,
    topInfluencers: 3,
    fullExport: false,
    customBranding: false,
    importedRows: 250_000,
    sharedReports: false,
  },
  professional: {
    competitorsPerBrand: 5,
    brands: 1,
    members: 4,
    topPersonas: null,
    topInfluencers: null,
    fullExport: true,
    customBranding: true,
    importedRows: 2_500_000,
    sharedReports: true,
  },
  enterprise: {
    competitorsPerBrand: 10,
    brands: Number.POSITIVE_INFINITY,
    members: Number.POSITIVE_INFINITY,
    topPersonas: null,
    topInfluencers: null,
    fullExport: true,
    customBranding: true,
    importedRows: 10_000_000,
    sharedReports: true,
  },
};

/**
 * The workspace's plan and its limits, read fresh on every call so that a plan change applies at once. A cancelled
 * paid plan keeps its limits until its end date and is then held to Starter's, as is a workspace without a
 * subscription row; nothing is deleted, what the plan no longer allows is refused. A plan whose renewal failed keeps
 * its limits while the owner updates the card.
 */
export async function workspacePlan(db: Queryable, p: { workspaceId: string; now: Date }) {
  const plan = effectivePlan(await findSubscription(db, p), p.now);
  return { plan, limits: planLimits[plan] };
}

/**
 * Whether the plan still runs (docs/decisions.md "Cancelling"): a cancelled plan reads `cancelled` from the moment
 * its owner cancels it, but runs, limits and all, until its end date.
 */
export function isPlanRunning(subscription: { status: string; endDate: Date | null }, now: Date): boolean {
  return subscription.status !== "cancelled" || (subscription.endDate !== null && subscription.endDate > now);
}

/** The plan whose limits apply, from the subscription row (or none): the one rule, for queries that join it. */
export function effectivePlan(
  subscription: { plan: PlanType; status: string; endDate: Date | null } | null | undefined,
  now: Date,
): PlanType {
  return !subscription || !isPlanRunning(subscription, now) ? "starter" : subscription.plan;
}
