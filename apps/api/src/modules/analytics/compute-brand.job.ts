import type { JobPayloads } from "../../kernel/job-queue";
import type { WorkerDeps } from "../../kernel/worker-deps";
import { findBrandById } from "../brand/brand.repo";
import { computeAudience } from "./audience.compute";
import { refreshReadStatistics } from "./audience.repo";
import {
  type ComputedPeriod,
  computePeriod,
  historyOrToday,
  loadBrandSeries,
  NAMED_PERIODS,
  pillarsFor,
} from "./brand-figures";
import { brandTotals } from "./brand-totals";
import type { PillarModel } from "./content/pillar-model";
import { deleteFigures, findFigure, saveFigure } from "./figures.repo";
import { resolvePeriod } from "./periods";
import { periodsEndingOn, sharedWindowDays, storeSharedWindows } from "./shared-windows";

/**
 * Recomputes every stored figure of a brand from its raw data: pillars, the named periods of the content and
 * competitor figures (also ending on the days its comparisons share: shared-windows.ts), personas with their
 * keywords and influencers, and the brand's influencer ranking. Runs
 * after a collection or an import; replaces the old figures in one transaction, so readers never see a mix.
 */
export async function computeBrandJob(deps: WorkerDeps, data: JobPayloads["compute-brand"]): Promise<void> {
  const brand = await findBrandById(deps.db, { brandId: data.brandId });
  if (!brand) return;
  const now = deps.clock.now();
  const started = performance.now();
  const series = await loadBrandSeries(deps.db, brand.id);
  // Read before the transaction below replaces it: a refit keeps the names and colours of pillars it finds again.
  const previousPillars = await findFigure<PillarModel>(deps.db, {
    brandId: brand.id,
    module: "pillars",
    periodKey: "all",
  });
  const pillars = await pillarsFor(brand, series, previousPillars?.payload);
  const own = NAMED_PERIODS.map((name) =>
    resolvePeriod({ period: name }, historyOrToday(series.history, now)),
  );
  // The windows the brand's comparisons share, where its own data ends earlier than another company's.
  const shared = await sharedWindowDays(deps.db, brand.id, series.history?.to ?? null);
  const periods: { key: string; payload: ComputedPeriod }[] = [];
  for (const period of [...own, ...[...(shared.get(brand.id) ?? [])].flatMap(periodsEndingOn)]) {
    periods.push({ key: period.key, payload: await computePeriod(brand, series, period, now, pillars) });
  }
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
  // The other companies of its comparisons, for a window its data now sets (or no longer sets).
  for (const [companyId, days] of shared) {
    if (companyId !== brand.id) await storeSharedWindows(deps.db, companyId, days, now);
  }
  await computeAudience(deps.db, brand, series, now);
  await saveFigure(deps.db, {
    brandId: brand.id,
    module: "dashboard",
    periodKey: "all",
    payload: await brandTotals(deps.db, brand),
    dataAsOf: series.dataAsOf,
    computedAt: now,
  });
  await refreshReadStatistics(deps.db);
  deps.log.info(
    { brandId: brand.id, posts: series.posts.length, ms: Math.round(performance.now() - started) },
    "Brand figures computed",
  );
}
