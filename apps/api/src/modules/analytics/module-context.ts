import type { components } from "@brandscope/api-client/schema";
import { clientOf } from "../../db/client";
import { workspaceOf } from "../../kernel/caller";
import { AppError } from "../../kernel/errors";
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
import { readModelOf } from "./read-model/read-model";
import { storedPeriodFigures } from "./read-model/stored-figures";

type Provenance = components["schemas"]["Provenance"];

interface FigureTimes {
  dataAsOf: Date | null;
  computedAt: Date;
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
}

export interface ModuleFigures {
  own: BrandPeriodFigures;
  competitors: BrandPeriodFigures[];
  totals: BrandTotals | null;
  /**
   * The same object for as long as the brands and their stored figures are unchanged (rows kept in memory:
   * read-model/read-model.ts), so an answer derived from them can be kept under it; undefined when this read
   * computed a company's figures.
   */
  unchangedAs: object | undefined;
}

/**
 * What the content, competitor and dashboard reads start from: the workspace's brand (and competitors) with their
 * figures for the period. Stored figures come from memory when their row has not changed
 * (read-model/stored-figures.ts), so a hot read is one query, or none while its rows are kept; figures not stored
 * yet are computed and stored now (brand-figures.ts). With competitors, every company's figures cover one window
 * (`inOneWindow`).
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
  const [ownBrand, ...others] = found.brands;
  if (!ownBrand) throw noBrand();
  const stored = key ? await storedPeriodFigures(ctx.db, found.brands, key) : new Map();
  const now = ctx.clock.now();
  const figuresOf = async (brand: FiguredBrand, period?: ResolvedPeriod): Promise<BrandPeriodFigures> => {
    const hit = stored.get(brand.id);
    // Figures computed before the brand's data last changed (an import, a removed one, a connector's read) are
    // recomputed now rather than shown until the compute job gets to them (brand/imports.repo.ts
    // markBrandDataChanged); so are a named period's figures stored on an earlier day than today.
    if (hit && hit.computedAt >= brand.dataChangedAt && endsOnToday(brand, hit.figures.period, now)) {
      return { brand, period: hit.figures.period, ...hit };
    }
    const computed = await withPeriod(() =>
      period ? computeFiguresFor(ctx.db, brand, period, now) : computeBrandFigures(ctx.db, brand, query, now),
    );
    return { brand, ...computed, version: null };
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
  // This read stored figures: the next one must not find them missing in rows kept before (read-model.ts settle).
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
  const period = periodEndingOn(query, last);
  const versions = (brand: FiguredBrand) =>
    found.alignedKey === period.key ? brand.alignedFigures : undefined;
  const stored = await storedPeriodFigures(
    ctx.db,
    apart.map((c) => ({ id: c.brand.id, figures: versions(c.brand) })),
    period.key,
  );
  const aligned: BrandPeriodFigures[] = [];
  for (const company of companies) {
    const { brand } = company;
    const hit = stored.get(brand.id);
    if (sameWindow(company.period.window, period.window)) aligned.push(company);
    else if (hit && hit.computedAt >= brand.dataChangedAt) {
      aligned.push({ brand, period: hit.figures.period, ...hit });
    } else {
      const computed = await computeFiguresFor(ctx.db, brand, period, now);
      aligned.push({ brand, ...computed, version: null });
    }
  }
  return aligned;
}
