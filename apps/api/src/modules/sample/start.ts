import type pg from "pg";
import { classifyIntent } from "../../domain/search-intent/classify-intent";
import type { WorkerDeps } from "../../kernel/worker-deps";
import { findBrandsWithFigures, profileInfluencersJob } from "../analytics";
import { findSampleCatalogue } from "../brand";
import { loadSampleData } from "./load";

/**
 * Makes the sample brand ready at start: loads the data set the first time (dated to the day of that first
 * start, so its history ends yesterday), profiles the influencer pool, and queues the figures of the sample brand
 * and its competitors that are not computed yet (e.g. a crash before the jobs ran).
 */
export async function ensureSampleData(pool: pg.Pool, deps: WorkerDeps): Promise<void> {
  const today = new Date(`${deps.clock.now().toISOString().slice(0, 10)}T00:00:00.000Z`);
  const result = await loadSampleData(pool, {
    now: today,
    intentOf: (keyword, brandNames) => classifyIntent(keyword, brandNames, null, null, null).primary,
  });
  if (result.loaded) {
    deps.log.info({ ms: result.durationMs, ...result.dataset.counts }, "Sample data loaded");
    await profileInfluencersJob(deps);
  }
  const catalogue = await findSampleCatalogue(deps.db);
  if (!catalogue) return;
  const brandIds = [catalogue.focusBrandId, ...catalogue.competitorIds];
  const done = new Set(
    await findBrandsWithFigures(deps.db, { brandIds, module: "content", periodKey: "30d" }),
  );
  for (const brandId of brandIds) {
    if (!done.has(brandId)) await deps.jobs.enqueue("compute-brand", { brandId });
  }
}
