import { Readable } from "node:stream";
import type { components } from "@brandscope/api-client/schema";
import { workspaceOf } from "../../kernel/caller";
import type { HandlerRequest, RequestCtx } from "../../kernel/handler-types";
import { currentBrandOrNotFound } from "../brand";
import { fileNameSlug, findWorkspaceName } from "../branding";
import { listPersonas } from "./audience.service";
import { findPostsPage, readDataSpan } from "./brand-data.repo";
import { periodBounds } from "./brand-figures";
import { competitorCompanies } from "./competitor.service";
import { csvLine } from "./csv";
import { listInfluencers } from "./influencer.service";
import { getIntent } from "./intent.service";
import { withPeriod } from "./module-context";
import { addDays, type PeriodQuery, resolvePeriod } from "./periods";
import { searchesForExport } from "./searches.service";

type Dataset = components["schemas"]["ExportDataset"];
const PAGE = 2_000;
/** The lists' own page limit (contract: limit ≤ 100). */
const LIST_PAGE = 100;

async function* postRows(ctx: RequestCtx, query: PeriodQuery) {
  const brand = await currentBrandOrNotFound(ctx);
  const span = await readDataSpan(ctx.db, { brandId: brand.id });
  const { window } = await withPeriod(async () =>
    resolvePeriod(query, periodBounds(brand, span.history, ctx.clock.now())),
  );
  yield csvLine([
    "platform",
    "published_at",
    "url",
    "format",
    "likes",
    "comments",
    "shares",
    "views",
    "plays",
    "impressions",
    "reach",
    "text",
  ]);
  let after: { postedAt: Date; id: string } | undefined;
  const end = new Date(`${addDays(window.to, 1)}T00:00:00.000Z`);
  for (;;) {
    // Keyset paging: each page is one index range scan, however far into the export.
    const page = await findPostsPage(ctx.db, {
      brandId: brand.id,
      from: new Date(`${window.from}T00:00:00.000Z`),
      end,
      after,
      limit: PAGE,
    });
    for (const p of page) {
      yield csvLine([
        p.platform,
        p.postedAt,
        p.url,
        p.format,
        p.likes,
        p.comments,
        p.shares,
        p.views,
        p.plays,
        p.impressions,
        p.reach,
        p.text,
      ]);
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE) return;
    after = { postedAt: last.postedAt, id: last.id };
  }
}

async function* keywordRows(ctx: RequestCtx) {
  const { keywordData } = await getIntent(ctx, {});
  // A bucketed import's keyword has no exact volume: its range goes in the two bound columns instead.
  yield csvLine([
    "keyword",
    "country",
    "monthly_volume",
    "monthly_volume_low",
    "monthly_volume_high",
    "cpc_usd",
    "competition",
    "trend",
  ]);
  for (const k of keywordData) {
    yield csvLine([
      k.keyword,
      k.country,
      k.volume,
      k.volumeRange?.low ?? null,
      k.volumeRange?.high ?? null,
      k.cpc,
      k.competition,
      k.trend,
    ]);
  }
}

/** "Your searches" as shown for the period: the whole set, by clicks, each row naming its days and source. */
async function* searchRows(ctx: RequestCtx, query: PeriodQuery) {
  const { set, queries } = await searchesForExport(ctx, query);
  yield csvLine(["query", "clicks", "impressions", "ctr", "position", "period_from", "period_to", "source"]);
  if (!set) return;
  for (const q of queries) {
    yield csvLine([q.query, q.clicks, q.impressions, q.ctr, q.position, set.from, set.to, set.sourceName]);
  }
}

async function* personaRows(ctx: RequestCtx) {
  yield csvLine([
    "name",
    "age_min",
    "age_max",
    "gender",
    "country",
    "industry",
    "interests",
    "platforms",
    "size",
    "share",
    "engagement_rate",
  ]);
  for (let page = 1; ; page++) {
    const { results, total } = await listPersonas(ctx, { limit: LIST_PAGE, page });
    for (const p of results) {
      yield csvLine([
        p.name,
        p.ageMin,
        p.ageMax,
        p.gender,
        p.country,
        p.industry,
        p.interests,
        p.platforms,
        p.size,
        p.share,
        p.engagementRate,
      ]);
    }
    if (results.length === 0 || page * LIST_PAGE >= total) return;
  }
}

async function* influencerRows(ctx: RequestCtx) {
  yield csvLine([
    "name",
    "handle",
    "platform",
    "country",
    "followers",
    "engagement_rate",
    "audience_fit",
    "authenticity",
    "topics",
    "source",
    "topic_match",
    "size_band",
    "mentions",
  ]);
  for (let page = 1; ; page++) {
    const { results, total } = await listInfluencers(ctx, { limit: LIST_PAGE, page });
    for (const i of results) {
      yield csvLine([
        i.name,
        i.handle,
        i.platform,
        i.country,
        i.followers,
        i.engagementRate,
        i.audienceFit,
        i.authenticity,
        i.topics,
        // Where the creator came from (the contract's CreatorOrigin); only the sample data set's profiles have none.
        i.origin ?? "sample",
        i.topicMatch,
        i.sizeBand,
        i.mentions,
      ]);
    }
    if (results.length === 0 || page * LIST_PAGE >= total) return;
  }
}

async function* competitorMetricRows(ctx: RequestCtx, query: PeriodQuery) {
  const companies = await competitorCompanies(ctx, query);
  yield csvLine(["company", "own_brand", "metric", "value", "previous", "change", "direction", "status"]);
  for (const company of companies) {
    for (const m of company.figures.metrics) {
      yield csvLine([
        company.name,
        company.isOwnBrand,
        m.metric,
        m.value,
        m.previous,
        m.change,
        m.direction,
        m.status,
      ]);
    }
  }
}

async function* trafficRows(ctx: RequestCtx, query: PeriodQuery) {
  const companies = await competitorCompanies(ctx, query);
  yield csvLine(["company", "own_brand", "country", "visits_share"]);
  for (const company of companies) {
    for (const t of company.figures.trafficByCountry)
      yield csvLine([company.name, company.isOwnBrand, t.countryId, t.visitsShare]);
  }
}

/**
 * A list's or chart's data as CSV (docs/decisions.md "Exports"), streamed. The lists apply the plan as the screens
 * do: Starter's personas and influencers are its top 3.
 */
export async function exportDataset(req: HandlerRequest<"exportDataset">): Promise<Readable> {
  const { ctx, params, query, reply } = req;
  const dataset: Dataset = params.dataset;
  // Fails before the first byte (404 without a brand, 400 for a bad period) rather than mid-stream.
  const brand = await currentBrandOrNotFound(ctx);
  const span = await readDataSpan(ctx.db, { brandId: brand.id });
  const { window } = await withPeriod(async () =>
    resolvePeriod(query, periodBounds(brand, span.history, ctx.clock.now())),
  );
  const rows = {
    posts: () => postRows(ctx, query),
    keywords: () => keywordRows(ctx),
    searches: () => searchRows(ctx, query),
    personas: () => personaRows(ctx),
    influencers: () => influencerRows(ctx),
    "competitor-metrics": () => competitorMetricRows(ctx, query),
    "traffic-by-country": () => trafficRows(ctx, query),
  }[dataset]();
  // The workspace's name first (issue 18): a file downloaded for several clients says whose it is.
  const workspace = fileNameSlug(await findWorkspaceName(ctx.db, { workspaceId: workspaceOf(ctx) }));
  reply.header(
    "content-disposition",
    `attachment; filename="${workspace}-${dataset}-${window.from}-${window.to}.csv"`,
  );
  // A byte-order mark so spreadsheet programs read the file as UTF-8.
  return Readable.from(
    (async function* () {
      yield "\uFEFF";
      yield* rows;
    })(),
  );
}
