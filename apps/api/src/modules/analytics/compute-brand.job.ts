import { databaseUrlOf } from "../../db/client";
import type { JobPayloads } from "../../kernel/job-queue";
import type { WorkerDeps } from "../../kernel/worker-deps";
import { Semaphore } from "../../lib/semaphore";
import { runInWorker } from "../../lib/worker-thread";
import { findBrandById } from "../brand";
import { computeAudience } from "./audience.compute";
import { refreshReadStatistics } from "./audience.repo";
import { countPosts } from "./brand-data.repo";
import {
  brandToday,
  type ComputedPeriod,
  computePeriod,
  loadBrandSeries,
  NAMED_PERIODS,
  periodBounds,
  pillarsFor,
} from "./brand-figures";
import { brandTotals } from "./brand-totals";
import type { PillarModel } from "./content/pillar-model";
import { deleteFigures, findFigure, saveFigure } from "./figures.repo";
import { refreshOwnCreatorPools } from "./own-creators";
import { resolvePeriod } from "./periods";
import { periodsEndingOn, sharedWindowDays, storeSharedWindows } from "./shared-windows";

/**
 * From this many posts the whole recompute runs in a worker thread with a database connection of its own: for a
 * brand of 100,000 posts its parts (caption sentiment, per-platform figures, audience) each held the event loop
 * for up to ~100 ms, and module reads waited behind them (npm run bench:import, "while the figures were
 * computed"). Smaller brands compute in less time than a worker takes to start.
 */
export const COMPUTE_WORKER_FROM_POSTS = 20_000;
const COMPUTE_TIMEOUT_MS = 10 * 60_000;
const COMPUTE_HEAP_MB = 3072;

/** One recompute in a worker at a time in the process: on two cores the other stays free for requests. */
const computesOffLoop = new Semaphore({
  slots: 1,
  queue: 256,
  maxWaitMs: 30 * 60_000,
  refuse: () => new Error("Too many recomputes are waiting: the job will be retried"),
});

/** The parts of a recompute, in order: what the log line and `npm run bench:scale` time one by one. */
const RECOMPUTE_STEPS = [
  "read",
  "pillars",
  "sharedWindows",
  "periods",
  "store",
  "audience",
  "creatorPools",
  "totals",
  "statistics",
] as const;
export type RecomputeStep = (typeof RECOMPUTE_STEPS)[number];

/** What a recompute did, for the log line. */
export interface RecomputeSummary {
  posts: number;
  ms: number;
  /** Milliseconds of each part: the one that grows with a company's followers shows here. */
  steps: Record<RecomputeStep, number>;
}

/**
 * The compute-brand job: recomputes a brand's figures (recomputeBrand), in a worker thread for a brand with many
 * posts (compute-brand.worker.ts), here otherwise. Answers what it did (null when the brand is gone).
 */
export async function computeBrandJob(
  deps: WorkerDeps,
  data: JobPayloads["compute-brand"],
  o: { workerFromPosts?: number } = {},
): Promise<RecomputeSummary | null> {
  const offLoop =
    (await countPosts(deps.db, { brandId: data.brandId })) >=
    (o.workerFromPosts ?? COMPUTE_WORKER_FROM_POSTS);
  const summary = offLoop
    ? await computesOffLoop.run(() =>
        runInWorker<RecomputeSummary | null>(
          new URL("./compute-brand.worker.ts", import.meta.url),
          { brandId: data.brandId, databaseUrl: databaseUrlOf(deps.db), now: deps.clock.now().toISOString() },
          { transfer: [], timeoutMs: COMPUTE_TIMEOUT_MS, maxHeapMb: COMPUTE_HEAP_MB },
        ),
      )
    : await recomputeBrand(deps, data.brandId);
  if (summary) deps.log.info({ brandId: data.brandId, ...summary, offLoop }, "Brand figures computed");
  return summary;
}

/**
 * Recomputes every stored figure of a brand from its raw data: pillars, the named periods of the content and
 * competitor figures (also ending on the days its comparisons share: shared-windows.ts), personas with their
 * keywords and influencers, the brand's influencer ranking, and the own creator pools resting on its posts. Runs
 * after a collection or an import; replaces the old figures in one transaction, so readers never see a mix.
 * Null when the brand is gone.
 */
export async function recomputeBrand(
  deps: Pick<WorkerDeps, "db" | "clock">,
  brandId: string,
): Promise<RecomputeSummary | null> {
  const brand = await findBrandById(deps.db, { brandId });
  if (!brand) return null;
  const now = deps.clock.now();
  const started = performance.now();
  const steps = Object.fromEntries(RECOMPUTE_STEPS.map((step) => [step, 0])) as Record<RecomputeStep, number>;
  let stepStarted = started;
  const done = (step: RecomputeStep) => {
    const at = performance.now();
    steps[step] += Math.round(at - stepStarted);
    stepStarted = at;
  };
  const series = await loadBrandSeries(deps.db, brand.id);
  // Read before the transaction below replaces it: a refit keeps the names and colours of pillars it finds again.
  const previousPillars = await findFigure<PillarModel>(deps.db, {
    brandId: brand.id,
    module: "pillars",
    periodKey: "all",
  });
  done("read");
  const pillars = await pillarsFor(brand, series, previousPillars?.payload);
  done("pillars");
  const own = NAMED_PERIODS.map((name) =>
    resolvePeriod({ period: name }, periodBounds(brand, series.history, now)),
  );
  // The windows the brand's comparisons share, where its "today" is earlier than another company's.
  const shared = await sharedWindowDays(
    deps.db,
    brand.id,
    brandToday(brand, series.history?.to ?? null, now),
    now,
  );
  done("sharedWindows");
  const periods: { key: string; payload: ComputedPeriod }[] = [];
  for (const period of [...own, ...[...(shared.get(brand.id) ?? [])].flatMap(periodsEndingOn)]) {
    periods.push({ key: period.key, payload: await computePeriod(brand, series, period, now, pillars) });
  }
  done("periods");
  await deps.db.transaction(async (tx) => {
    await deleteFigures(tx, { brandId: brand.id });
    if (pillars) {
      await saveFigure(tx, {
        brandId: brand.id,
        module: "pillars",
        periodKey: "all",
        payload: pillars,
        dataAsOf: series.dataAsOf,
        computedAt: now,
      });
    }
    for (const { key, payload } of periods) {
      await saveFigure(tx, {
        brandId: brand.id,
        module: "content",
        periodKey: key,
        payload,
        dataAsOf: series.dataAsOf,
        computedAt: now,
      });
    }
  });
  done("store");
  // The other companies of its comparisons, for a window its data now sets (or no longer sets).
  for (const [companyId, days] of shared) {
    if (companyId !== brand.id) await storeSharedWindows(deps.db, companyId, days, now);
  }
  done("sharedWindows");
  await computeAudience(deps.db, brand, series, now);
  done("audience");
  await refreshOwnCreatorPools(deps.db, brand);
  done("creatorPools");
  await saveFigure(deps.db, {
    brandId: brand.id,
    module: "dashboard",
    periodKey: "all",
    payload: await brandTotals(deps.db, brand),
    dataAsOf: series.dataAsOf,
    computedAt: now,
  });
  done("totals");
  await refreshReadStatistics(deps.db);
  done("statistics");
  return { posts: series.posts.length, ms: Math.round(performance.now() - started), steps };
}
