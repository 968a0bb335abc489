import type { components } from "@brandscope/api-client/schema";
import type { RequestCtx } from "../../kernel/handler-types";
import { type JsonText, jsonArray, jsonMerge, jsonObject, jsonOnce } from "../../kernel/json-text";
import { VersionedCache } from "../../lib/versioned-cache";
import type { CompetitorFigures } from "./brand-figures";
import { breakoutPosts } from "./competitor/breakout-posts";
import { shareOfVoice } from "./competitor/share-of-voice";
import { type BrandPeriodFigures, provenanceFrom, readBrandFigures } from "./module-context";
import type { PeriodQuery } from "./periods";
import { queueRefresh } from "./refresh";

type Schemas = components["schemas"];

/**
 * The brand against each competitor for one period. Each company's figures are stored per brand and period, so
 * a competitor followed by many workspaces is computed once. `refresh` queues a recompute (refresh.ts) and answers
 * with the figures stored now.
 */
export async function getCompetitorAnalytics(
  ctx: RequestCtx,
  query: PeriodQuery & { refresh?: boolean | undefined },
): Promise<JsonText<Schemas["CompetitorAnalytics"]>> {
  const { refresh, ...period } = query;
  const queued = refresh ? await queueRefresh(ctx) : undefined;
  const answer = await competitorAnswer(ctx, period);
  return queued ? jsonMerge({ refresh: queued }, answer) : answer;
}

async function competitorAnswer(
  ctx: RequestCtx,
  period: PeriodQuery,
): Promise<JsonText<Schemas["CompetitorAnalytics"]>> {
  const { own, competitors, unchangedAs } = await readBrandFigures(ctx, period, {
    competitors: true,
    totals: false,
  });
  const provenance = provenanceFrom(own.brand, own, { now: ctx.clock.now(), cadence: "social" });
  // The answer is tens of kilobytes: assembling it anew for every request made most of the read's garbage.
  const kept = unchangedAs && keptAnswers.get(unchangedAs);
  if (kept && kept.stale === provenance.stale) return kept.answer;
  // Each company's stored figures and the landscape's are serialized once per stored row (json-text.ts).
  const entry = (
    { brand, figures }: BrandPeriodFigures,
    isOwnBrand: boolean,
  ): JsonText<Schemas["CompetitorEntry"]> =>
    jsonMerge(
      { id: brand.id, name: brand.name, logo: brand.logo, isOwnBrand, sample: brand.sample },
      jsonOnce(figures.competitor),
    );
  const answer = jsonMerge(
    jsonObject<Pick<Schemas["CompetitorAnalytics"], "common" | "competitors">>({
      common: jsonObject<Schemas["CompetitorAnalytics"]["common"]>({
        window: own.period.window,
        provenance,
        brand: entry(own, true),
      }),
      competitors: jsonArray(competitors.map((c) => entry(c, false))),
    }),
    jsonOnce(landscapeOf([own, ...competitors])),
  );
  if (unchangedAs) keptAnswers.set(unchangedAs, { stale: provenance.stale, answer });
  return answer;
}

/**
 * Answers kept for as long as the brands and figures they were made from are unchanged (module-context.ts
 * `unchangedAs`). Only staleness, judged by the clock, can differ between two such reads.
 */
const keptAnswers = new WeakMap<
  object,
  { stale: boolean; answer: JsonText<Schemas["CompetitorAnalytics"]> }
>();

type LandscapeFigures = Pick<Schemas["CompetitorAnalytics"], "shareOfVoice" | "breakoutPosts">;

/**
 * The landscape is whichever competitors the workspace follows, so its figures are combined from each company's
 * stored figures when read. Combining sorts thousands of engagement rates for the medians: the answer is kept
 * for the set of stored rows it came from, as the rows' figures themselves are (figure-cache.ts).
 */
const landscapeCache = new VersionedCache<LandscapeFigures>(200);

function landscapeOf(companies: BrandPeriodFigures[]): LandscapeFigures {
  const versions = companies.map((c) => (c.version === null ? null : `${c.brand.id}@${c.version}`));
  const key = versions.every((v) => v !== null) ? versions.join(",") : undefined;
  const kept = key === undefined ? undefined : landscapeCache.get(key, "");
  if (kept) return kept;
  const landscape = companies.map(({ brand, figures }) => ({
    id: brand.id,
    window: figures.period.window,
    platforms: figures.competitor.audienceByPlatform,
    inputs: figures.landscape,
  }));
  const combined = {
    shareOfVoice: shareOfVoice(landscape),
    breakoutPosts: breakoutPosts(landscape.map((c) => ({ ...c, inputs: c.inputs?.breakout }))),
  };
  if (key !== undefined) landscapeCache.set(key, "", combined);
  return combined;
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
