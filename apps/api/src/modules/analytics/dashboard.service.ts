import type { components } from "@brandscope/api-client/schema";
import { workspaceOf } from "../../kernel/caller";
import type { RequestCtx } from "../../kernel/handler-types";
import { toBrand } from "../brand";
import { countPersonas } from "./audience.service";
import { brandTotals } from "./brand-totals";
import { compareFigure } from "./figure";
import { provenanceFrom, readBrandFigures } from "./module-context";
import type { PeriodQuery } from "./periods";

type Schemas = components["schemas"];
type Headline = Schemas["Dashboard"]["headlines"][number];

/** One headline per module, each read from stored figures: the dashboard is a summary, never a new computation. */
export async function getDashboard(ctx: RequestCtx, query: PeriodQuery): Promise<Schemas["Dashboard"]> {
  const { own, totals } = await readBrandFigures(ctx, query, { competitors: false, totals: true });
  const { brand } = own;
  const { content, competitor } = own.figures;
  const traffic = competitor.metrics.find((m) => m.metric === "overallTraffic");
  // A request answers 202 until the job stored them (module-context.ts storedOnly); only a job's read counts them.
  const { strongMatches, cpc } = totals ?? (await brandTotals(ctx.db, brand));
  // The count the Audience list shows (own brand and competitors), not the own brand's alone.
  const personaCount = await countPersonas(ctx, {
    workspaceId: workspaceOf(ctx),
    brandId: ctx.brandId,
    country: undefined,
    industry: undefined,
    search: undefined,
  });
  const count = (n: number, what: string) =>
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
    { module: "audience", label: "Personas", figure: count(personaCount, "personas") },
    {
      module: "influencer",
      label: "Strong audience matches",
      figure: count(strongMatches, "matching influencers"),
    },
    {
      module: "intent",
      label: "Average cost per click (USD, volume-weighted)",
      figure: compareFigure(cpc?.weightedCpc ?? null, null, { reason: "No keywords with a cost per click" }),
    },
  ];
  return {
    window: own.period.window,
    provenance: provenanceFrom(brand, own, { now: ctx.clock.now(), cadence: "social" }),
    brand: toBrand(brand),
    headlines,
  };
}

function withoutMetric(figure: Schemas["Figure"] & { metric?: unknown }): Schemas["Figure"] {
  const { metric: _metric, ...rest } = figure;
  return rest;
}
