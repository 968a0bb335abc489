import type { components } from "@brandscope/api-client/schema";
import { and, eq, inArray } from "drizzle-orm";
import { figures } from "../../db/schema";
import type { RequestCtx } from "../../http/handler-types";
import type { BrandWithLinks } from "../brand/brand.repo";
import { findCompetitors } from "../brand/brand.repo";
import { currentBrandOrNotFound, workspaceOf } from "../brand/brand.service";
import { readDataSpan } from "./brand-data.repo";
import { historyOrToday } from "./brand-figures";
import { type BrandPeriodFigures, provenanceFrom, readBrandFigures, withPeriod } from "./module-context";
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
  const { refresh, ...period } = query;
  if (refresh) await forgetPeriod(ctx, period);
  const { own, competitors } = await readBrandFigures(ctx, period, { competitors: true, totals: false });
  const entry = (
    { brand, figures }: BrandPeriodFigures,
    isOwnBrand: boolean,
  ): Schemas["CompetitorEntry"] => ({
    id: brand.id,
    name: brand.name,
    logo: brand.logo,
    isOwnBrand,
    sample: brand.sample,
    ...figures.competitor,
  });
  return {
    common: {
      window: own.period.window,
      provenance: provenanceFrom(own.brand, own),
      brand: entry(own, true),
    },
    competitors: competitors.map((c) => entry(c, false)),
  };
}

/** Drops the stored figures of the period of the brand and its competitors, so the read computes them anew. */
async function forgetPeriod(ctx: RequestCtx, query: PeriodQuery) {
  const brand = await currentBrandOrNotFound(ctx);
  const competitors = await findCompetitors(ctx.db, { workspaceId: workspaceOf(ctx), brandId: brand.id });
  const now = ctx.clock.now();
  for (const company of [brand, ...competitors] satisfies BrandWithLinks[]) {
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
