import type pg from "pg";
import pino from "pino";
import { connectDatabase, stampChangesWithClock } from "../src/db/client";
import { classifyIntent } from "../src/domain/search-intent/classify-intent";
import { createWorkerDeps } from "../src/jobs/worker-deps";
import type { JobQueue } from "../src/kernel/job-queue";
import { databaseStorage } from "../src/kernel/storage";
import { computeBrandJob } from "../src/modules/analytics/compute-brand.job";
import { profileInfluencersJob } from "../src/modules/analytics/influencer-profiles.job";
import { DEFAULT_NOW } from "../src/modules/sample";
import { loadSampleData } from "../src/modules/sample/load";
import { testConfig } from "./config";

/** A tenth of the sample: ~600 posts a brand, enough for every figure, loaded and computed in seconds. */
export const TEMPLATE_SAMPLE_SCALE = 0.1;
/** The sample's history ends the day before; its figures are computed as of this instant. */
export const SAMPLE_NOW = new Date(DEFAULT_NOW);

const noJobs: JobQueue = {
  enqueue: () => Promise.reject(new Error("No job queue while preparing the template")),
  work: () => Promise.reject(new Error("No job queue while preparing the template")),
  stop: () => Promise.resolve(),
};

/**
 * Loads the sample into the template database and computes the figures of the sample brand and its competitors,
 * so every test file starts with a ready sample brand (as `npm start` has one) without paying for it again.
 */
export async function prepareSampleTemplate(pool: pg.Pool, url: string): Promise<void> {
  const log = pino({ level: "silent" });
  const { db, pool: jobPool } = connectDatabase(url, log);
  const clock = { now: () => SAMPLE_NOW };
  // The sample's rows change its brands' data as of SAMPLE_NOW, when their figures are computed.
  stampChangesWithClock(pool, clock);
  stampChangesWithClock(jobPool, clock);
  try {
    const config = testConfig();
    const deps = createWorkerDeps({
      db,
      config,
      log,
      clock,
      storage: databaseStorage(db),
      jobs: noJobs,
    });
    const { dataset } = await loadSampleData(pool, {
      scale: TEMPLATE_SAMPLE_SCALE,
      now: SAMPLE_NOW,
      intentOf: (keyword, brandNames) => classifyIntent(keyword, brandNames, null, null, null).primary,
    });
    await profileInfluencersJob(deps);
    const counts = await pool.query<{ counts: { competitorIds: string[] } }>(
      "select counts from sample_loads",
    );
    const brandIds = [dataset.focusBrandId, ...(counts.rows[0]?.counts.competitorIds ?? [])];
    for (const brandId of brandIds) await computeBrandJob(deps, { brandId });
  } finally {
    await jobPool.end();
  }
}
