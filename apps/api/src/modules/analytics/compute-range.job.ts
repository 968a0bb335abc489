import type { JobPayloads } from "../../kernel/job-queue";
import type { WorkerDeps } from "../../kernel/worker-deps";
import { readBrandFigures } from "./module-context";

/**
 * The compute-range job: a custom range's figures that a request could not compute within its bound
 * (module-context.ts withinBound), computed and stored for the workspace's brand and the companies it is compared
 * with, read as a member of the workspace would read them, so the next read of the range finds them stored.
 */
export async function computeRangeJob(
  deps: Pick<WorkerDeps, "db" | "clock" | "log">,
  data: JobPayloads["compute-range"],
): Promise<void> {
  const started = performance.now();
  const read = { db: deps.db, clock: deps.clock, workspaceId: data.workspaceId, brandId: data.brandId };
  await readBrandFigures(
    read,
    { period: "custom", from: data.from, to: data.to },
    { competitors: data.competitors, totals: false },
  );
  deps.log.info(
    { brandId: data.brandId, from: data.from, to: data.to, ms: Math.round(performance.now() - started) },
    "Custom range figures computed",
  );
}
