import type { components } from "@brandscope/api-client/schema";
import { and, eq, gte, isNull, sql } from "drizzle-orm";
import { influencerScores, keywords, personas } from "../../db/schema";
import type { RequestCtx } from "../../http/handler-types";
import { currentBrandOrNotFound, toBrand } from "../brand/brand.service";
import { brandFiguresFor } from "./brand-figures";
import { compareFigure } from "./figure";
import { cpcSummary } from "./intent/cpc-summary";
import { provenanceOf, withPeriod } from "./module-context";
import type { PeriodQuery } from "./periods";

type Schemas = components["schemas"];
type Headline = Schemas["Dashboard"]["headlines"][number];

/** An influencer whose audience fits one of the brand's personas at least this well counts as a strong match. */
const STRONG_FIT = 0.6;

/** One headline per module, each read from stored figures: the dashboard is a summary, never a new computation. */
export async function getDashboard(ctx: RequestCtx, query: PeriodQuery): Promise<Schemas["Dashboard"]> {
  const brand = await currentBrandOrNotFound(ctx);
  const result = await withPeriod(() => brandFiguresFor(ctx.db, brand, query, ctx.clock.now()));
  const { content, competitor } = result.figures;
  const traffic = competitor.metrics.find((m) => m.metric === "overallTraffic");
  const [personaCount] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(personas)
    .where(eq(personas.brandId, brand.id));
  const [matches] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(influencerScores)
    .where(and(eq(influencerScores.brandId, brand.id), gte(influencerScores.fit, STRONG_FIT)));
  const cpcRows = await ctx.db
    .select({ cpc: keywords.cpc, volume: keywords.volume, currency: keywords.currency })
    .from(keywords)
    .where(
      brand.industry
        ? sql`(${keywords.brandId} = ${brand.id} or (${isNull(keywords.brandId)} and ${keywords.industry} = ${brand.industry}))`
        : eq(keywords.brandId, brand.id),
    );
  const summaries = cpcSummary(cpcRows);
  const cpc = summaries.find((row) => row.currency === "USD") ?? summaries[0];
  const count = (n: number | undefined, what: string) =>
    n ? compareFigure(n, null, { n }) : compareFigure(null, null, { reason: `No ${what} yet` });
  const headlines: Headline[] = [
    { module: "content", label: "Posts per week", figure: content.audit.postsPerWeek },
    { module: "content", label: "Engagement rate", figure: content.audit.engagementRate },
    {
      module: "competitor",
      label: "Website visits (latest month)",
      figure: traffic
        ? withoutMetric(traffic)
        : compareFigure(null, null, { reason: "No website traffic data" }),
    },
    { module: "audience", label: "Personas", figure: count(personaCount?.n, "personas") },
    {
      module: "influencer",
      label: "Strong audience matches",
      figure: count(matches?.n, "matching influencers"),
    },
    {
      module: "intent",
      label: "Average cost per click (USD, volume-weighted)",
      figure: compareFigure(cpc?.weightedCpc ?? null, null, { reason: "No keywords with a cost per click" }),
    },
  ];
  return {
    window: result.period.window,
    provenance: await provenanceOf(ctx, brand, result),
    brand: toBrand(brand),
    headlines,
  };
}

function withoutMetric(figure: Schemas["Figure"] & { metric?: unknown }): Schemas["Figure"] {
  const { metric: _metric, ...rest } = figure;
  return rest;
}
