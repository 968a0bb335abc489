import { setImmediate as yieldToRequests } from "node:timers/promises";
import type { components } from "@brandscope/api-client/schema";
import type { Queryable } from "../../db/client";
import { type BrandRow, findCompetitorNames } from "../brand";
import {
  type DataSpan,
  readArticles,
  readDataSpan,
  readFollowers,
  readPostSources,
  readPosts,
  readTraffic,
  readWebsiteCoverage,
} from "./brand-data.repo";
import { breakoutInputs } from "./competitor/breakout-inputs";
import { type LandscapeInputs, monthVisits, postCounts } from "./competitor/landscape-inputs";
import { platformFigures } from "./competitor/platform-figures";
import { type TrafficMonth, trafficByCountry, websiteMetrics } from "./competitor/traffic";
import {
  type ContentAnalyticsSections,
  type ContentPost,
  computeContent,
  type FollowerPoint,
} from "./content";
import type { PillarModel } from "./content/pillar-model";
import { keepPillarIdentity } from "./content/pillar-stability";
import { type PostSource, type SourceAges, sourceAges } from "./content/source-ages";
import type { SearchSetFigures } from "./content/types";
import { type ArticlePoint, type WebsiteCoverage, websiteChannel } from "./content/website";
import { findFigure, saveFigure } from "./figures.repo";
import {
  addDays,
  type DayWindow,
  MAX_CUSTOM_DAYS,
  type ResolvedPeriod,
  resolvePeriod,
  toDay,
} from "./periods";
import { fitPillarsOffLoop } from "./pillars-off-loop";
import { chooseSet } from "./search-sets";
import { readSearchSetsForFigures } from "./searches.repo";

type Schemas = components["schemas"];
/** The content module's figures: those computed from posts, and the website channel. */
export type ContentFigures = ContentAnalyticsSections &
  Pick<Schemas["ContentAnalytics"], "website"> &
  SourceAges;
export type CompetitorFigures = Pick<
  Schemas["CompetitorEntry"],
  "audienceByPlatform" | "trafficByCountry" | "trafficMeasure" | "metrics" | "sources"
>;

/** The periods the compute job stores ahead of any request. */
export const NAMED_PERIODS = ["7d", "30d", "90d", "12m"] as const;
/** §1.5: the reference median of a post looks back 90 days before the window. */
const LOOKBACK_DAYS = 90;

/** The raw series of one brand that every figure of the brand is computed from. */
export interface BrandSeries {
  history: DayWindow | null;
  dataAsOf: Date | null;
  posts: ContentPost[];
  followers: FollowerPoint[];
  traffic: TrafficMonth[];
  /** The names the brand is compared with, which its keywords and pillars keep (§1.4). */
  competitorNames: string[];
  /** The website's articles and how far its reads reach; outside `history`, which the posts and followers set. */
  articles: ArticlePoint[];
  website: WebsiteCoverage | null;
  /** The newest post of each platform and source, whose ages the content module says (content/source-ages.ts). */
  postSources: PostSource[];
  /** The newest sets of the brand's own Search Console queries, for the keywords of its posts. */
  searchSets: SearchSetFigures[];
}

export async function loadBrandSeries(db: Queryable, brandId: string, span?: DataSpan): Promise<BrandSeries> {
  const { history, dataAsOf } = span ?? (await readDataSpan(db, { brandId }));
  const traffic = await readTraffic(db, { brandId });
  const competitorNames = await findCompetitorNames(db, { brandId });
  const website = await readWebsiteCoverage(db, { brandId });
  const articles = website?.coveredFrom ? await readArticles(db, { brandId }) : [];
  if (!history) {
    const empty = {
      history: null,
      dataAsOf: null,
      posts: [],
      followers: [],
      postSources: [],
      searchSets: [],
    };
    return { ...empty, traffic, competitorNames, articles, website };
  }
  // A custom period reaches back two years at most, its previous period as far again, plus the reference window.
  const from = addDays(history.to, -(4 * 366 + LOOKBACK_DAYS));
  const posts = await readPosts(db, { brandId, window: { from, to: history.to } });
  const followers = await readFollowers(db, { brandId });
  const postSources = await readPostSources(db, { brandId });
  const searchSets = await readSearchSetsForFigures(db, { brandId });
  return {
    history,
    dataAsOf,
    posts,
    followers,
    traffic,
    competitorNames,
    articles,
    website,
    postSources,
    searchSets,
  };
}

/**
 * The last day of a brand's named periods, its "today" (docs/decisions.md "Periods"): the server's UTC day for a
 * brand of one's own, whatever the age of its sources, since a marketer reading "30 days" expects the last thirty
 * and a source newer than another must not be cut off; the data's last day for a brand of the sample data set,
 * the date it was made for. Null for a sample brand without data (it sets no comparison's window).
 */
export function brandToday(
  brand: Pick<BrandRow, "sample">,
  lastDay: string | null,
  now: Date,
): string | null {
  return brand.sample ? lastDay : toDay(now);
}

/**
 * The days a brand's periods are resolved within (periods.ts resolvePeriod): named periods end on its last day,
 * its "today" (brandToday), and a custom range lies inside. An own brand's range starts two years back, or with
 * its data where that is older; a sample brand without data ends yesterday, the last complete day.
 */
export function periodBounds(
  brand: Pick<BrandRow, "sample">,
  history: DayWindow | null,
  now: Date,
): DayWindow {
  const today = toDay(now);
  if (brand.sample) return history ?? { from: addDays(today, -1), to: addDays(today, -1) };
  // Any range of the last two years, or back to older data: a brand's first day of data moves whenever an older
  // export is imported, and a range chosen before it reads as days without data, not as a refused request. ISO
  // days compare as text; data dated after today (a clock behind the source's) still ends today.
  const twoYearsBack = addDays(today, -MAX_CUSTOM_DAYS + 1);
  const first = history && history.from.localeCompare(twoYearsBack) < 0 ? history.from : twoYearsBack;
  return { from: first.localeCompare(today) > 0 ? today : first, to: today };
}

/**
 * Whether stored figures may be served at `now`: a named period of an own brand only while it still ends today,
 * so a figure stored yesterday is recomputed rather than shown a day behind (the daily refresh recomputes them
 * ahead of most reads: refresh.ts queueNewDayRecomputes). Custom ranges and windows stored under
 * `<name>@<day>` name their days; a sample brand's today does not move.
 */
export function endsOnToday(brand: Pick<BrandRow, "sample">, period: ResolvedPeriod, now: Date): boolean {
  if (brand.sample || !(NAMED_PERIODS as readonly string[]).includes(period.key)) return true;
  return period.window.to === toDay(now);
}

export function contentFor(
  brand: Pick<BrandRow, "id" | "name" | "logo" | "country">,
  series: BrandSeries,
  period: ResolvedPeriod,
  now: Date,
  pillars: PillarModel | undefined,
): ContentFigures {
  const from = addDays(period.previous.from, -LOOKBACK_DAYS);
  const fromTime = new Date(`${from}T00:00:00.000Z`).getTime();
  const toTime = new Date(`${addDays(period.window.to, 1)}T00:00:00.000Z`).getTime();
  const content = computeContent({
    brand: {
      id: brand.id,
      name: brand.name,
      logo: brand.logo,
      country: brand.country,
      competitorNames: series.competitorNames,
    },
    posts: series.posts.filter((p) => p.postedAt.getTime() >= fromTime && p.postedAt.getTime() < toTime),
    followers: series.followers,
    window: period.window,
    previous: period.previous,
    now,
    ...(pillars ? { pillars } : {}),
    searchSet: chooseSet(series.searchSets, period.window),
  });
  return {
    ...content,
    website: websiteChannel(series.articles, series.website, period.window, period.previous),
    ...sourceAges(
      series.postSources,
      series.articles.at(-1)?.publishedAt ?? null,
      period.window,
      series.history,
    ),
  };
}

function countryShares(rows: readonly TrafficMonth[], window: DayWindow) {
  const { entries, measure } = trafficByCountry(rows, window);
  return { trafficByCountry: entries, trafficMeasure: measure };
}

export function competitorFiguresFor(series: BrandSeries, period: ResolvedPeriod): CompetitorFigures {
  const { articlesPerWeek } = websiteChannel(series.articles, series.website, period.window, period.previous);
  return {
    audienceByPlatform: platformFigures({ followers: series.followers, posts: series.posts }, period.window),
    ...countryShares(series.traffic, period.window),
    metrics: [
      ...websiteMetrics(series.traffic, period.window),
      { metric: "articlesPerWeek", ...articlesPerWeek },
    ],
    // A competitor's export older than the period says so, as the brand's own sources do in content.
    sources: sourceAges(
      series.postSources,
      series.articles.at(-1)?.publishedAt ?? null,
      period.window,
      series.history,
    ).sources,
  };
}

/**
 * Fits the brand's pillars once, so every period shares them (docs/analytics-methods.md §1.7), keeping the ids,
 * labels and colours of the pillars the previous model already had (step 8).
 */
export async function pillarsFor(
  brand: Pick<BrandRow, "id" | "name" | "country">,
  series: BrandSeries,
  previous?: PillarModel,
): Promise<PillarModel | undefined> {
  const model = await fitPillarsOffLoop(series.posts, { ...brand, competitorNames: series.competitorNames });
  return "status" in model ? undefined : keepPillarIdentity(model, previous);
}

/** What the company adds to a landscape's figures, combined across the selected companies when read. */
export function landscapeFor(series: BrandSeries, period: ResolvedPeriod, now: Date): LandscapeInputs {
  return {
    posts: postCounts(series, period.window),
    traffic: monthVisits(series.traffic, period.window),
    breakout: breakoutInputs(series.posts, series.followers, period.window, now),
    history: series.history,
  };
}

/**
 * Changes whenever what a period's stored figures hold or how they are computed changes
 * (docs/analytics-methods.md §6): figures stored under another version are recomputed when read, never mixed with
 * current ones.
 */
export const FIGURES_METHOD_VERSION = "period-figures-v14";

export interface ComputedPeriod {
  methodVersion: string;
  /** The days the figures cover (and, with `previous`, compare), as resolved when they were computed. */
  period: ResolvedPeriod;
  content: ContentFigures;
  competitor: CompetitorFigures;
  landscape: LandscapeInputs;
}

/** Whether stored figures were computed by this version of the methods. */
export const isCurrentFigures = (figures: ComputedPeriod) => figures.methodVersion === FIGURES_METHOD_VERSION;

/**
 * Every figure of one brand for one period, from its raw series. Each part takes up to a few hundred milliseconds
 * for a brand of 100,000 posts, so requests run between them (`npm run bench:import`).
 */
export async function computePeriod(
  brand: Pick<BrandRow, "id" | "name" | "logo" | "country">,
  series: BrandSeries,
  period: ResolvedPeriod,
  now: Date,
  pillars: PillarModel | undefined,
): Promise<ComputedPeriod> {
  const content = contentFor(brand, series, period, now, pillars);
  await yieldToRequests();
  const competitor = competitorFiguresFor(series, period);
  await yieldToRequests();
  return {
    methodVersion: FIGURES_METHOD_VERSION,
    period,
    content,
    competitor,
    landscape: landscapeFor(series, period, now),
  };
}

export interface ComputedBrandFigures {
  period: ResolvedPeriod;
  figures: ComputedPeriod;
  dataAsOf: Date | null;
  computedAt: Date;
}

/**
 * The figures of one brand for one period, computed now and stored: for a period with no current stored figures
 * (a custom period, or a named one the job has not reached yet, or one stored by an older version of the methods).
 * The caller has looked for stored figures already (read-model/stored-figures.ts), so a miss reads the stored row
 * once. Data changes delete the stored rows (figures.repo deleteFigures).
 */
export async function computeBrandFigures(
  db: Queryable,
  brand: Pick<BrandRow, "id" | "name" | "logo" | "country" | "sample">,
  query: Parameters<typeof resolvePeriod>[0],
  now: Date,
): Promise<ComputedBrandFigures> {
  const span = await readDataSpan(db, { brandId: brand.id });
  return computeFiguresFor(
    db,
    brand,
    resolvePeriod(query, periodBounds(brand, span.history, now)),
    now,
    span,
  );
}

/**
 * The figures of one brand for a period resolved already, whatever days its own data covers: a comparison's
 * window (module-context.ts), computed now and stored under the period's key.
 */
export async function computeFiguresFor(
  db: Queryable,
  brand: Pick<BrandRow, "id" | "name" | "logo" | "country">,
  period: ResolvedPeriod,
  now: Date,
  span?: DataSpan,
): Promise<ComputedBrandFigures> {
  const series = await loadBrandSeries(db, brand.id, span);
  const pillarRow = await findFigure<PillarModel>(db, {
    brandId: brand.id,
    module: "pillars",
    periodKey: "all",
  });
  const pillars = pillarRow?.payload ?? (await pillarsFor(brand, series));
  const figures = await computePeriod(brand, series, period, now, pillars);
  await saveFigure(db, {
    brandId: brand.id,
    module: "content",
    periodKey: period.key,
    payload: figures,
    dataAsOf: series.dataAsOf,
    computedAt: now,
  });
  return { period, figures, dataAsOf: series.dataAsOf, computedAt: now };
}
