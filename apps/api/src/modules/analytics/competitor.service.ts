import type { components } from "@brandscope/api-client/schema";
import { keptAnswer } from "../../db/read-model/kept-answers";
import { AppError } from "../../kernel/errors";
import type { ReadCtx, RequestCtx } from "../../kernel/handler-types";
import type { CompetitorFigures } from "./brand-figures";
import { breakoutPosts } from "./competitor/breakout-posts";
import { shareOfVoice } from "./competitor/share-of-voice";
import { type BrandPeriodFigures, provenanceFrom, readBrandFigures } from "./module-context";
import type { DayWindow, PeriodQuery } from "./periods";
import { COMPETITOR_ANSWERS, keptLandscape, type LandscapeFigures } from "./read-model/answer-slots";
import { queueRefresh } from "./refresh";

type Schemas = components["schemas"];

/**
 * The brand against each competitor for one period, every company over the same days (module-context.ts
 * readBrandFigures). Each company's figures are stored per brand and period, so a competitor followed by many
 * workspaces is computed once. `refresh` queues a recompute (refresh.ts) and answers
 * with the figures stored now.
 */
export async function getCompetitorAnalytics(
  ctx: RequestCtx,
  query: PeriodQuery & { refresh?: boolean | undefined },
): Promise<Schemas["CompetitorAnalytics"]> {
  const { refresh, ...period } = query;
  // A refresh spends the workspace's recompute allowance (refresh.ts): an admin's call, as the other writes are.
  if (refresh && ctx.role === "member") {
    throw new AppError(
      "ADMIN_ONLY",
      403,
      "Only the owner or an admin of the workspace can refresh the figures. Ask them if you need them recomputed now.",
    );
  }
  const queued = refresh ? await queueRefresh(ctx) : undefined;
  const answer = await competitorAnswer(ctx, period);
  return queued ? { refresh: queued, ...answer } : answer;
}

/** The answer without a refresh: what the weekly digest reads too (modules/digest/digest-content.ts). */
export async function competitorAnswer(
  ctx: ReadCtx,
  period: PeriodQuery,
): Promise<Schemas["CompetitorAnalytics"]> {
  const { own, competitors, unchangedAs } = await readBrandFigures(ctx, period, {
    competitors: true,
    totals: false,
  });
  // The web metrics rest on the brand's traffic exports, its other figures on its social ones: the line names both.
  const importFormat =
    [own.brand.importFormat, own.brand.trafficImportFormat].filter(Boolean).join(", ") || null;
  // Any company's figures answered while their recompute is queued make the comparison's.
  const recomputing = [own, ...competitors].some((c) => c.recomputing);
  const provenance = provenanceFrom(
    { ...own.brand, importFormat },
    { ...own, recomputing },
    { now: ctx.clock.now(), cadence: "social" },
  );
  // Only staleness and the day (whether stored figures still end today), judged by the clock, can differ between
  // two reads of the same kept brands and figures.
  const variant = `${provenance.stale}|${recomputing}`;
  return keptAnswer(ctx.db, COMPETITOR_ANSWERS, unchangedAs, variant, () => {
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
    // Every company's figures cover the brand's window: the one window of the comparison.
    return {
      common: { window: own.period.window, provenance, brand: entry(own, true) },
      competitors: competitors.map((c) => entry(c, false)),
      ...landscapeOf(ctx, own.period.window, [own, ...competitors]),
    };
  });
}

/**
 * Share of voice and breakouts of the companies, whose figures all cover `window` (module-context.ts
 * readBrandFigures), combined from their stored inputs.
 */
function landscapeOf(ctx: ReadCtx, window: DayWindow, companies: BrandPeriodFigures[]): LandscapeFigures {
  // A row's version alone does not tell periods apart: the job writes every period of a brand in one transaction,
  // so its rows share one version. The period's key does. Names are in the reasons.
  const versions = companies.map((c) =>
    c.version === null ? null : `${c.brand.id}@${c.period.key}@${c.version}@${c.brand.name}`,
  );
  const key = versions.every((v) => v !== null) ? versions.join(",") : undefined;
  return keptLandscape(ctx.db, key, () => {
    const landscape = companies.map(({ brand, figures }) => ({
      id: brand.id,
      name: brand.name,
      history: figures.landscape.history,
      window: figures.period.window,
      platforms: figures.competitor.audienceByPlatform,
      inputs: figures.landscape,
    }));
    return {
      shareOfVoice: shareOfVoice(window, landscape),
      breakoutPosts: breakoutPosts(landscape.map((c) => ({ ...c, inputs: c.inputs?.breakout }))),
    };
  });
}

/** The brand and each competitor it follows, the brand first, with their figures for the period (CSV exports). */
export async function competitorCompanies(
  ctx: RequestCtx,
  query: PeriodQuery,
): Promise<{ name: string; isOwnBrand: boolean; figures: CompetitorFigures }[]> {
  const { own, competitors } = await readBrandFigures(ctx, query, { competitors: true, totals: false });
  return [own, ...competitors].map((c) => ({
    name: c.brand.name,
    isOwnBrand: c === own,
    figures: c.figures.competitor,
  }));
}
