import type { Queryable } from "../../db/client";
import { AppError } from "../../kernel/errors";
import { workspacePlan } from "../billing";

/** Single sign-on is an Enterprise feature (docs/product.md §6), checked on every call: a plan change applies at once. */
export async function hasSso(db: Queryable, p: { workspaceId: string; now: Date }): Promise<boolean> {
  return (await workspacePlan(db, p)).plan === "enterprise";
}

export async function assertSsoPlan(db: Queryable, p: { workspaceId: string; now: Date }): Promise<void> {
  if (await hasSso(db, p)) return;
  throw new AppError(
    "PLAN_LIMIT",
    402,
    "Single sign-on comes with the Enterprise plan. Contact sales to upgrade your workspace.",
  );
}
