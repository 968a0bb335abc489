import type { components } from "@brandscope/api-client/schema";
import { workspaceOf } from "../../kernel/caller";
import type { RequestCtx } from "../../kernel/handler-types";
import { MINUTE_MS } from "../../lib/clock";
import { limitRequests } from "../auth/limits";
import { findCompetitors } from "../brand/brand.repo";
import { currentBrandOrNotFound } from "../brand/brand.service";

/** A recompute of every stored figure of a brand takes seconds of a worker: a few per quarter hour. */
export const REFRESH_LIMIT = { windowMs: 15 * MINUTE_MS, max: 3 };

/**
 * A marketer's "Refresh": the brands this workspace owns (its brand and the competitors it added, not the shared
 * sample's) are queued for a recompute by the compute-brand job. Nothing is deleted or computed in the request;
 * the figures stored now are answered at once and a later read shows the new ones.
 */
export async function queueRefresh(ctx: RequestCtx): Promise<components["schemas"]["RefreshStatus"]> {
  const workspaceId = workspaceOf(ctx);
  const brand = await currentBrandOrNotFound(ctx);
  const competitors = await findCompetitors(ctx.db, { workspaceId, brandId: brand.id });
  const owned = [brand, ...competitors].filter((b) => b.workspaceId === workspaceId && !b.sample);
  if (owned.length === 0) {
    return {
      status: "shared",
      message: "These are the sample's figures: Brandscope keeps them up to date for everyone exploring it.",
    };
  }
  await limitRequests(
    ctx,
    { key: `refresh:${brand.id}`, ...REFRESH_LIMIT },
    (wait) => `These figures were refreshed a moment ago. You can refresh them again in ${wait}.`,
  );
  for (const company of owned) await ctx.jobs.enqueue("compute-brand", { brandId: company.id });
  ctx.log.info({ workspaceId, brandIds: owned.map((b) => b.id) }, "Figures queued for a recompute");
  return {
    status: "queued",
    message: "Your figures are being recomputed. They update here by themselves once ready.",
  };
}
