import type { Queryable } from "../../db/client";
import { findBrandById } from "../brand";
import { readComparisons, readDataSpan } from "./brand-data.repo";
import { brandToday, computePeriod, loadBrandSeries, NAMED_PERIODS } from "./brand-figures";
import type { PillarModel } from "./content/pillar-model";
import { findFigure, saveFigure } from "./figures.repo";
import { periodEndingOn } from "./periods";

/**
 * The days each company of the brand's comparisons needs figures ending on, besides its own "today" (by company
 * id): a comparison shares the period ending on the latest "today" of its companies (module-context.ts
 * inOneWindow), and every company whose today is earlier, or that has none, is read for it. Companies of one's
 * own all end today, so only a comparison with sample brands has such days. `brandEnd` is the brand's own today
 * (brand-figures.ts brandToday), known to the caller.
 */
export async function sharedWindowDays(
  db: Queryable,
  brandId: string,
  brandEnd: string | null,
  now: Date,
): Promise<Map<string, Set<string>>> {
  const ends = new Map<string, string | null>([[brandId, brandEnd]]);
  const days = new Map<string, Set<string>>();
  for (const { companies, withSample } of await readComparisons(db, { brandId })) {
    // Companies of one's own all end today: a comparison without a sample company shares no other day. A company
    // followed by a hundred workspaces is in a hundred comparisons, and its recompute read each of their companies'
    // data span (docs/scale.md).
    if (!withSample) continue;
    for (const id of companies) {
      if (ends.has(id)) continue;
      const company = await findBrandById(db, { brandId: id });
      const { history } = await readDataSpan(db, { brandId: id });
      ends.set(id, company ? brandToday(company, history?.to ?? null, now) : null);
    }
    const last = companies
      .map((id) => ends.get(id) ?? null)
      .filter((end): end is string => end !== null)
      .sort()
      .at(-1);
    if (!last) continue;
    for (const id of companies.filter((c) => ends.get(c) !== last)) {
      days.set(id, (days.get(id) ?? new Set()).add(last));
    }
  }
  return days;
}

/** The stored-figure keys of the named periods ending on `day` ("7d@2026-11-24", …), with their periods. */
export const periodsEndingOn = (day: string) =>
  NAMED_PERIODS.map((name) => periodEndingOn({ period: name }, day));

/**
 * Stores the figures of another company of the brand's comparisons for the shared windows it lacks, so the
 * competitor module finds them rather than computing them in a request. Figures stored since the company's data
 * last changed are kept.
 */
export async function storeSharedWindows(
  db: Queryable,
  companyId: string,
  days: Iterable<string>,
  now: Date,
): Promise<void> {
  const company = await findBrandById(db, { brandId: companyId });
  if (!company) return;
  const missing: string[] = [];
  for (const day of days) {
    const [first] = periodsEndingOn(day);
    const stored =
      first && (await findFigure(db, { brandId: companyId, module: "content", periodKey: first.key }));
    if (!stored || stored.computedAt < company.dataChangedAt) missing.push(day);
  }
  if (missing.length === 0) return;
  const series = await loadBrandSeries(db, companyId);
  const pillars = await findFigure<PillarModel>(db, {
    brandId: companyId,
    module: "pillars",
    periodKey: "all",
  });
  for (const period of missing.flatMap(periodsEndingOn)) {
    await saveFigure(db, {
      brandId: companyId,
      module: "content",
      periodKey: period.key,
      payload: await computePeriod(company, series, period, now, pillars?.payload),
      dataAsOf: series.dataAsOf,
      computedAt: now,
    });
  }
}
