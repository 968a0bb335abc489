import type { components } from "@brandscope/api-client/schema";
import { clientOf } from "../../db/client";
import { readModelOf } from "../../db/read-model/read-model";
import { workspaceOf } from "../../kernel/caller";
import { AppError, BeingComputed } from "../../kernel/errors";
import type { ReadCtx } from "../../kernel/handler-types";
import {
  brandToday,
  type ComputedPeriod,
  computeBrandFigures,
  computeFiguresFor,
  endsOnToday,
} from "./brand-figures";
import type { BrandTotals } from "./brand-totals";
import { type DataCadence, isStale } from "./freshness";
import {
  type FiguredBrand,
  type FigureVersion,
  findModuleBrands,
  type ModuleBrand,
  type ModuleBrands,
} from "./module-reads.repo";
import {
  type DayWindow,
  PeriodError,
  type PeriodQuery,
  periodEndingOn,
  periodKeyOf,
  type ResolvedPeriod,
  toDay,
} from "./periods";
import { storedPeriodFigures } from "./read-model/stored-figures";

type Provenance = components["schemas"]["Provenance"];

interface FigureTimes {
  dataAsOf: Date | null;
  computedAt: Date;
  /** Stored figures out of date whose recompute is queued (BrandPeriodFigures); left out where not known. */
  recomputing?: boolean;
}

/**
 * Where a brand's figures come from: the sample, its latest import, or its website (which has no figures). Whether
 * they are stale is judged now, against the cadence of the data they rest on (null: no expected cadence), so a
 * stored figure turns stale without being recomputed.
 */
export function provenanceFrom(
  brand: Pick<ModuleBrand, "sample" | "importFormat">,
  times: FigureTimes,
  freshness: { now: Date; cadence: DataCadence | null },
): Provenance {
  const base = {
    dataAsOf: times.dataAsOf?.toISOString() ?? null,
    computedAt: times.computedAt.toISOString(),
    stale: freshness.cadence !== null && isStale(freshness.cadence, times.dataAsOf, freshness.now),
    ...(times.recomputing === undefined ? {} : { recomputing: times.recomputing }),
  };
  if (brand.sample) return { source: "sample", sourceName: null, ...base };
  return brand.importFormat
    ? { source: "csv_import", sourceName: brand.importFormat, ...base }
    : { source: "website", sourceName: null, ...base };
}

const noBrand = () => new AppError("NO_BRAND", 404, "Connect a brand first: no brand is connected yet.");

/** A bad period query is the caller's mistake: 400 with the reason. */
export async function withPeriod<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PeriodError) {
      throw new AppError("VALIDATION_FAILED", 400, error.message, [
        { path: "/period", message: error.message },
      ]);
    }
    throw error;
  }
}

export interface BrandPeriodFigures extends FigureTimes {
  brand: FiguredBrand;
  period: ResolvedPeriod;
  figures: ComputedPeriod;
  /** The stored row's version (read-model/stored-figures.ts); null for figures computed by this read. */
  version: string | null;
  /** Stored figures older than the brand's data (or than today, for a named period), answered while a job recomputes them. */
  recomputing: boolean;
}

export interface ModuleFigures {
  own: BrandPeriodFigures;
  competitors: BrandPeriodFigures[];
  totals: BrandTotals | null;
  /**
   * The same object for as long as the brands and their stored figures are unchanged (rows kept in memory:
   * db/read-model/read-model.ts), so an answer derived from them can be kept under it; undefined when this read
   * computed a company's figures.
   */
  unchangedAs: object | undefined;
}

/**
 * How long a request may compute a custom range's figures (issue 33: under 2 s at the largest size). Past it the
 * request answers 202 and the compute-range job finishes them.
 */
export const CUSTOM_RANGE_COMPUTE_MS = 2_000;
/** When a reader told "being computed" should read again: a brand's recompute takes seconds. */
export const COMPUTING_RETRY_SECONDS = 3;
export const COMPUTING_MESSAGE =
  "Your figures are being computed. They appear here by themselves once ready.";
/**
 * A brand queued by a read is not queued again by this process's reads for this long, for the same state of its
 * data and the same day (the queue keeps one waiting per brand too): a hot read of figures out of date makes no
 * round trip to the queue.
 */
const REQUEUE_AFTER_MS = 60_000;
const queuedByReads = new Map<string, number>();

/**
 * Queues the recompute of brands a read found without current figures: one compute-brand job per brand, so a read
 * never waits for it. Brands with none stored are always asked for (the queue keeps one waiting per brand): their
 * reads answer 202 and come back only every few seconds. Brands whose stored figures are answered are asked for
 * once a minute at most, for the same state of their data and day.
 */
async function queueRecomputes(
  ctx: ReadCtx,
  brands: { missing: readonly FiguredBrand[]; outdated: readonly FiguredBrand[] },
): Promise<void> {
  const jobs = ctx.jobs;
  if (!jobs) return;
  const now = Date.now();
  const day = toDay(ctx.clock.now());
  const missing = new Set(brands.missing);
  for (const brand of new Set([...brands.missing, ...brands.outdated])) {
    const key = `${brand.id}@${brand.dataChangedAt.getTime()}@${day}`;
    const last = queuedByReads.get(key);
    if (!missing.has(brand) && last !== undefined && now - last < REQUEUE_AFTER_MS) continue;
    // Nothing stored: a member waits for this one. Figures out of date are answered meanwhile: a change's
    // recompute goes first (kernel/job-queue.ts JobUrgency).
    await jobs.enqueue(
      "compute-brand",
      { brandId: brand.id },
      { urgency: missing.has(brand) ? "change" : "stale" },
    );
    queuedByReads.set(key, now);
  }
  if (queuedByReads.size > 10_000) {
    for (const [key, at] of queuedByReads) if (now - at >= REQUEUE_AFTER_MS) queuedByReads.delete(key);
  }
}

const beingComputed = () => new BeingComputed(COMPUTING_MESSAGE, COMPUTING_RETRY_SECONDS);

/** Whether stored figures still hold: computed after the brand's data last changed, a named period ending today. */
const current = (brand: FiguredBrand, hit: FigureVersion & { figures: ComputedPeriod }, now: Date) =>
  hit.computedAt >= brand.dataChangedAt && endsOnToday(brand, hit.figures.period, now);

/**
 * What the content, competitor and dashboard reads start from: the workspace's brand (and competitors) with their
 * figures for the period. Stored figures come from memory when their row has not changed
 * (read-model/stored-figures.ts), so a hot read is one query, or none while its rows are kept. With competitors,
 * every company's figures cover one window (`inOneWindow`).
 *
 * A request (a context with a job queue) never computes a named period's figures (docs/analytics-methods.md §7):
 * stored figures out of date are answered, marked `recomputing`, and their recompute is queued; a company with
 * none yet makes the read answer 202 "being computed" (BeingComputed) once its compute is queued. A custom range,
 * which no job stores ahead, is computed in the request within `customRangeComputeMs`; past it the read answers
 * 202 and the compute-range job finishes and stores it. A job's read (the digest, alerts, compute-range itself)
 * computes and stores what it misses.
 */
export async function readBrandFigures(
  ctx: ReadCtx,
  query: PeriodQuery,
  o: { competitors: boolean; totals: boolean },
): Promise<ModuleFigures> {
  const key = periodKeyOf(query);
  const found = await findModuleBrands(ctx.db, {
    workspaceId: workspaceOf(ctx),
    brandId: ctx.brandId,
    // A malformed query finds no stored figures; resolvePeriod below answers why it is wrong.
    periodKey: key ?? "",
    competitors: o.competitors,
    totals: o.totals,
  });
  const [ownBrand] = found.brands;
  if (!ownBrand) throw noBrand();
  const named = (query.period ?? "30d") !== "custom";
  if (ctx.jobs && named && key) return storedOnly(ctx, query, found, key, o);
  if (ctx.jobs && !named) return withinBound(ctx, query, found, o);
  return computeMissing(ctx, query, found, o);
}

/** A request's read of a named period: stored figures only, a job queued for whatever is missing or out of date. */
async function storedOnly(
  ctx: ReadCtx,
  query: PeriodQuery,
  found: ModuleBrands,
  key: string,
  o: { competitors: boolean; totals: boolean },
): Promise<ModuleFigures> {
  const stored = await storedPeriodFigures(ctx.db, found.brands, key);
  const now = ctx.clock.now();
  const missing: FiguredBrand[] = [];
  const outdated: FiguredBrand[] = [];
  let companies: BrandPeriodFigures[] = [];
  for (const brand of found.brands) {
    const hit = stored.get(brand.id);
    if (!hit) missing.push(brand);
    else {
      // The sample's figures are shared and never recomputed on request (refresh.ts): its data does not change
      // once loaded, and the loader queues their compute (sample/start.ts).
      const recomputing = !brand.sample && !current(brand, hit, now);
      if (recomputing) outdated.push(brand);
      companies.push({ brand, period: hit.figures.period, ...hit, recomputing });
    }
  }
  if (missing.length === 0 && o.competitors) {
    const aligned = await storedInOneWindow(ctx, query, found, companies);
    if (aligned.missing.length > 0) missing.push(...aligned.missing);
    else companies = aligned.companies;
    outdated.push(...aligned.outdated);
  }
  // The dashboard's counts are stored by the same job, after the periods: between the two, or for a brand stored
  // before they were, they are computed by it too, never counted in the request.
  const [ownBrand] = found.brands;
  if (o.totals && !found.totals && ownBrand && missing.length === 0) missing.push(ownBrand);
  if (missing.length > 0) {
    await queueRecomputes(ctx, { missing, outdated });
    throw beingComputed();
  }
  // Figures to answer: a queue that fails now must not keep them from the reader; the daily refresh and the
  // writer's own job (an import, a connector's read) queue them too.
  await queueRecomputes(ctx, { missing: [], outdated }).catch((error: unknown) =>
    ctx.log?.warn({ err: error }, "Could not queue the recompute of figures out of date"),
  );
  const [own, ...competitors] = companies;
  if (!own) throw noBrand();
  return { own, competitors, totals: found.totals, unchangedAs: found };
}

/**
 * The comparison's window, ending on `last`, and what is stored of it for the companies (`apart`) whose own period
 * ends elsewhere: the aligned figures a brand keeps when the window is its aligned one, else those of the key.
 */
async function storedForWindow(
  ctx: ReadCtx,
  query: PeriodQuery,
  found: ModuleBrands,
  apart: BrandPeriodFigures[],
  last: string,
) {
  const period = periodEndingOn(query, last);
  const versions = (brand: FiguredBrand) =>
    found.alignedKey === period.key ? brand.alignedFigures : undefined;
  const stored = await storedPeriodFigures(
    ctx.db,
    apart.map((c) => ({ id: c.brand.id, figures: versions(c.brand) })),
    period.key,
  );
  return { period, stored };
}

/**
 * The companies of a comparison in one window from stored figures (as inOneWindow, which computes them): the
 * window ends on the latest last day of their stored periods, so figures answered while a new day's recompute is
 * queued still share one window (yesterday's). Those missing or out of date are named for a recompute, which
 * stores them (compute-brand.job.ts, shared-windows.ts).
 */
async function storedInOneWindow(
  ctx: ReadCtx,
  query: PeriodQuery,
  found: ModuleBrands,
  companies: BrandPeriodFigures[],
): Promise<{ companies: BrandPeriodFigures[]; missing: FiguredBrand[]; outdated: FiguredBrand[] }> {
  const last = companies
    .flatMap((c) => (c.brand.sample && !c.dataAsOf ? [] : [c.period.window.to]))
    .sort()
    .at(-1);
  const apart = last ? companies.filter((c) => c.period.window.to !== last) : [];
  if (!last || apart.length === 0) return { companies, missing: [], outdated: [] };
  const { period, stored } = await storedForWindow(ctx, query, found, apart, last);
  const result = {
    companies: [] as BrandPeriodFigures[],
    missing: [] as FiguredBrand[],
    outdated: [] as FiguredBrand[],
  };
  for (const company of companies) {
    const { brand } = company;
    const hit = stored.get(brand.id);
    if (sameWindow(company.period.window, period.window)) result.companies.push(company);
    else if (!hit) result.missing.push(brand);
    else {
      const recomputing = !brand.sample && hit.computedAt < brand.dataChangedAt;
      if (recomputing) result.outdated.push(brand);
      result.companies.push({ brand, period: hit.figures.period, ...hit, recomputing });
    }
  }
  return result;
}

/**
 * A request's read of a custom range: computed now when that takes less than its bound; past it, the read answers
 * 202 and the compute-range job computes and stores the rest (what this read stored already stays). The work
 * under way stops before its next company.
 */
async function withinBound(
  ctx: ReadCtx,
  query: PeriodQuery,
  found: ModuleBrands,
  o: { competitors: boolean; totals: boolean },
): Promise<ModuleFigures> {
  // Stored already (a range read before, or finished by its job): answered as stored, whatever the bound.
  const key = periodKeyOf(query);
  const stored = key ? await storedPeriodFigures(ctx.db, found.brands, key) : new Map();
  const now = ctx.clock.now();
  const allStored = found.brands.every((brand) => {
    const hit = stored.get(brand.id);
    return hit !== undefined && current(brand, hit, now);
  });
  if (allStored) return computeMissing(ctx, query, found, o);
  const bound = ctx.customRangeComputeMs ?? CUSTOM_RANGE_COMPUTE_MS;
  const stop = { requested: false };
  const work = computeMissing(ctx, query, found, o, stop);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), bound);
  });
  try {
    const first = await Promise.race([work, late]);
    if (first !== "late") return first;
  } finally {
    clearTimeout(timer);
  }
  stop.requested = true;
  // Whatever the abandoned work does now is stored or dropped: nobody waits for it.
  work.catch(() => {});
  const [own] = found.brands;
  if (own && query.from && query.to) {
    await ctx.jobs?.enqueue("compute-range", {
      workspaceId: workspaceOf(ctx),
      brandId: own.id,
      from: query.from,
      to: query.to,
      competitors: o.competitors,
    });
  }
  throw beingComputed();
}

class Stopped extends Error {}

/** A job's read (and a custom range's within its bound): stored figures where current, the rest computed and stored now. */
async function computeMissing(
  ctx: ReadCtx,
  query: PeriodQuery,
  found: ModuleBrands,
  o: { competitors: boolean; totals: boolean },
  stop?: { requested: boolean },
): Promise<ModuleFigures> {
  const key = periodKeyOf(query);
  const [ownBrand, ...others] = found.brands;
  if (!ownBrand) throw noBrand();
  const stored = key ? await storedPeriodFigures(ctx.db, found.brands, key) : new Map();
  const now = ctx.clock.now();
  const figuresOf = async (brand: FiguredBrand, period?: ResolvedPeriod): Promise<BrandPeriodFigures> => {
    const hit = stored.get(brand.id);
    // Figures computed before the brand's data last changed (an import, a removed one, a connector's read: the
    // database marks it, drizzle/0050_brand_data_changed.sql) are recomputed; so are a named period's figures
    // stored on an earlier day than today.
    if (hit && current(brand, hit, now)) {
      return { brand, period: hit.figures.period, ...hit, recomputing: false };
    }
    if (stop?.requested) throw new Stopped();
    const computed = await withPeriod(() =>
      period ? computeFiguresFor(ctx.db, brand, period, now) : computeBrandFigures(ctx.db, brand, query, now),
    );
    return { brand, ...computed, version: null, recomputing: false };
  };
  // The custom range is checked against the brand's history; its competitors are read for the same days,
  // whatever days their own data covers.
  const own = await figuresOf(ownBrand);
  const custom = (query.period ?? "30d") === "custom" ? own.period : undefined;
  let companies: BrandPeriodFigures[] = [own];
  // One at a time: computing eleven companies' figures must not take every pooled connection at once.
  for (const brand of others) companies.push(await figuresOf(brand, custom));
  if (o.competitors && !custom) companies = await inOneWindow(ctx, query, found, companies);
  const allStored = companies.every((c) => c.version !== null);
  // This read stored figures: the next one must not find them missing in rows kept before
  // (db/read-model/read-model.ts `settle`).
  if (!allStored) await readModelOf(clientOf(ctx.db)).settle();
  const [first = own, ...competitors] = companies;
  return { own: first, competitors, totals: found.totals, unchangedAs: allStored ? found : undefined };
}

const sameWindow = (a: DayWindow, b: DayWindow) => a.from === b.from && a.to === b.to;

/**
 * The companies of a comparison with figures of one window. A named period ends on each company's "today"
 * (brand-figures.ts brandToday): the server's day for every company of one's own, so their comparison has one
 * window already, but a sample brand's today is its data set's last day. The comparison's window is the period
 * ending on the latest today of its companies; a company whose own period ends elsewhere gets its figures for
 * that window (stored under `<period>@<day>`, so the next read finds them, and the company's own modules keep its
 * own period). A company with no data in the window then shows none, and share of voice says so
 * (competitor/share-of-voice.ts).
 */
async function inOneWindow(
  ctx: ReadCtx,
  query: PeriodQuery,
  found: ModuleBrands,
  companies: BrandPeriodFigures[],
): Promise<BrandPeriodFigures[]> {
  const now = ctx.clock.now();
  const ends = companies.flatMap((c) => {
    const today = brandToday(c.brand, c.dataAsOf ? toDay(c.dataAsOf) : null, now);
    return today ? [today] : [];
  });
  const last = ends.sort().at(-1);
  const apart = last ? companies.filter((c) => c.period.window.to !== last) : [];
  if (!last || apart.length === 0) return companies;
  const { period, stored } = await storedForWindow(ctx, query, found, apart, last);
  const aligned: BrandPeriodFigures[] = [];
  for (const company of companies) {
    const { brand } = company;
    const hit = stored.get(brand.id);
    if (sameWindow(company.period.window, period.window)) aligned.push(company);
    else if (hit && hit.computedAt >= brand.dataChangedAt) {
      aligned.push({ brand, period: hit.figures.period, ...hit, recomputing: false });
    } else {
      const computed = await computeFiguresFor(ctx.db, brand, period, now);
      aligned.push({ brand, ...computed, version: null, recomputing: false });
    }
  }
  return aligned;
}
