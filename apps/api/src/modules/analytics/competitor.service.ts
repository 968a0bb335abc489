import type { components } from "@brandscope/api-client/schema";
import { and, eq, inArray } from "drizzle-orm";
import { figures } from "../../db/schema";
import type { RequestCtx } from "../../http/handler-types";
import type { BrandWithLinks } from "../brand/brand.repo";
import { findCompetitors } from "../brand/brand.repo";
import { currentBrandOrNotFound, workspaceOf } from "../brand/brand.service";
import { readDataSpan } from "./brand-data.repo";
import { brandFiguresFor, historyOrToday } from "./brand-figures";
import { provenanceOf, withPeriod } from "./module-context";
import { type PeriodQuery, resolvePeriod } from "./periods";

type Schemas = components["schemas"];

/**
 * The brand against each competitor for one period. Each company's figures are stored per brand and period, so
 * a competitor followed by many workspaces is computed once. `refresh` recomputes them from the raw data now.
 */
export async function getCompetitorAnalytics(
  ctx: RequestCtx,
  query: PeriodQuery & { refresh?: boolean | undefined },
): Promise<Schemas["CompetitorAnalytics"]> {
  const brand = await currentBrandOrNotFound(ctx);
  const competitors = await findCompetitors(ctx.db, { workspaceId: workspaceOf(ctx), brandId: brand.id });
  const now = ctx.clock.now();
  const { refresh, ...period } = query;
  if (refresh) await forgetPeriod(ctx, [brand, ...competitors], period);
  const entry = async (company: BrandWithLinks, isOwnBrand: boolean) => {
    const result = await withPeriod(() => brandFiguresFor(ctx.db, company, period, now));
    const body: Schemas["CompetitorEntry"] = {
      id: company.id,
      name: company.name,
      logo: company.logo,
      isOwnBrand,
      sample: company.sample,
      ...result.figures.competitor,
    };
    return { body, result };
  };
  const own = await entry(brand, true);
  const others = [];
  // One at a time: a refresh of eleven companies must not take every pooled connection at once.
  for (const competitor of competitors) others.push((await entry(competitor, false)).body);
  return {
    common: {
      window: own.result.period.window,
      provenance: await provenanceOf(ctx, brand, own.result),
      brand: own.body,
    },
    competitors: others,
  };
}

async function forgetPeriod(ctx: RequestCtx, companies: BrandWithLinks[], query: PeriodQuery) {
  const now = ctx.clock.now();
  for (const company of companies) {
    const span = await readDataSpan(ctx.db, { brandId: company.id });
    const { key } = await withPeriod(async () => resolvePeriod(query, historyOrToday(span.history, now)));
    await ctx.db
      .delete(figures)
      .where(
        and(
          eq(figures.brandId, company.id),
          eq(figures.module, "content"),
          inArray(figures.periodKey, [key]),
        ),
      );
  }
}
