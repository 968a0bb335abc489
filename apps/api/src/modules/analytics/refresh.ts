import type { components } from "@brandscope/api-client/schema";
import { workspaceOf } from "../../kernel/caller";
import type { RequestCtx } from "../../kernel/handler-types";
import type { WorkerDeps } from "../../kernel/worker-deps";
import { MINUTE_MS } from "../../lib/clock";
import { limitRequests } from "../auth";
import { currentBrandOrNotFound, findCompetitors } from "../brand";
import { findBrandsWithNamedPeriodsBefore } from "./figures.repo";
import { dayToDate, toDay } from "./periods";

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

/**
 * The daily refresh's recompute of the day (run by every hourly `refresh-sources` job: jobs/workers.ts): a new day
 * moves every own brand's named periods, which end today (docs/decisions.md "Periods"), so the first run of the
 * day queues a recompute of each brand whose named periods were stored on an earlier day, and reads rarely have to
 * compute them (module-context.ts). The sample's brands keep their data set's date and are left alone.
 */
export async function queueNewDayRecomputes(
  deps: Pick<WorkerDeps, "db" | "clock" | "jobs" | "log">,
): Promise<void> {
  const outdated = await findBrandsWithNamedPeriodsBefore(deps.db, {
    since: dayToDate(toDay(deps.clock.now())),
  });
  for (const brandId of outdated) await deps.jobs.enqueue("compute-brand", { brandId }, { urgency: "daily" });
  if (outdated.length > 0) {
    deps.log.info({ brands: outdated.length }, "Named periods queued for a recompute: a new day");
  }
}
