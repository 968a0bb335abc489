import { and, asc, eq, gt, gte, lt, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import {
  audienceSegments,
  followerSnapshots,
  posts,
  trafficMonths,
  websiteArticles,
  websiteReads,
} from "../../db/schema";
import { asColumn, computed, selection, selectRows } from "../../db/typed-rows";
import type { PostSource } from "./content/source-ages";
import type { ArticlePoint, WebsiteCoverage } from "./content/website";
import { addDays, type DayWindow, toDay } from "./periods";

export type PostRecord = Pick<
  typeof posts.$inferSelect,
  "id" | "platform" | "url" | "postedAt" | "text" | "format" | "likes" | "comments" | "shares" | "views"
>;

const postColumns = {
  id: posts.id,
  platform: posts.platform,
  url: posts.url,
  postedAt: posts.postedAt,
  text: posts.text,
  format: posts.format,
  likes: posts.likes,
  comments: posts.comments,
  shares: posts.shares,
  views: posts.views,
};

export async function countPosts(db: Queryable, p: { brandId: string }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(posts)
    .where(eq(posts.brandId, p.brandId));
  return row?.n ?? 0;
}

/** Where a brand's posts come from: the newest post of each platform and source (an export, a connection). */
export async function readPostSources(db: Queryable, p: { brandId: string }): Promise<PostSource[]> {
  const rows = await db
    .select({
      platform: posts.platform,
      source: posts.source,
      newest: sql<Date | string>`max(${posts.postedAt})`,
    })
    .from(posts)
    .where(eq(posts.brandId, p.brandId))
    .groupBy(posts.platform, posts.source);
  // A raw aggregate comes back as the driver reads it: a Date, or its text.
  return rows.map((r) => ({ platform: r.platform, source: r.source, newest: new Date(r.newest) }));
}

/**
 * Rows a read of posts takes at a time: turning rows into objects is synchronous, about 1.5 ms per thousand, so a
 * brand of 100,000 posts read at once held the event loop for some 150 ms (npm run bench:import); in pages of this
 * size, requests run between them.
 */
const POSTS_PAGE = 10_000;

/** Posts of a brand between two days (inclusive), through the (brand_id, posted_at) index, page by page. */
export async function readPosts(
  db: Queryable,
  p: { brandId: string; window: DayWindow },
  pageSize = POSTS_PAGE,
): Promise<PostRecord[]> {
  const rows: PostRecord[] = [];
  const from = new Date(`${p.window.from}T00:00:00.000Z`);
  const end = new Date(`${addDays(p.window.to, 1)}T00:00:00.000Z`);
  let after: PostKey | undefined;
  for (;;) {
    const page = await db
      .select(postColumns)
      .from(posts)
      .where(postsBetween({ brandId: p.brandId, from, end, after }))
      .orderBy(asc(posts.postedAt), asc(posts.id))
      .limit(pageSize);
    for (const row of page) rows.push(row);
    const last = page.at(-1);
    if (page.length < pageSize || !last) return rows;
    after = { postedAt: last.postedAt, id: last.id };
  }
}

interface PostKey {
  postedAt: Date;
  id: string;
}

/** The brand's posts from `from` until before `end`, after `after` in (time, id) order: keyset paging. */
function postsBetween(p: { brandId: string; from: Date; end: Date; after: PostKey | undefined }) {
  const { after } = p;
  return and(
    eq(posts.brandId, p.brandId),
    gte(posts.postedAt, p.from),
    lt(posts.postedAt, p.end),
    after
      ? or(
          gt(posts.postedAt, after.postedAt),
          and(eq(posts.postedAt, after.postedAt), gt(posts.id, after.id)),
        )
      : undefined,
  );
}

export function readFollowers(db: Queryable, p: { brandId: string }) {
  return db
    .select({
      platform: followerSnapshots.platform,
      day: followerSnapshots.day,
      followers: followerSnapshots.followers,
      roundedTo: followerSnapshots.roundedTo,
    })
    .from(followerSnapshots)
    .where(eq(followerSnapshots.brandId, p.brandId))
    .orderBy(asc(followerSnapshots.day), asc(followerSnapshots.platform));
}

export async function readTraffic(db: Queryable, p: { brandId: string }) {
  const rows = await db
    .select({
      month: trafficMonths.month,
      country: trafficMonths.country,
      visits: trafficMonths.visits,
      searchVisits: trafficMonths.searchVisits,
      pagesPerVisit: trafficMonths.pagesPerVisit,
      avgDuration: trafficMonths.avgDuration,
      backlinks: trafficMonths.backlinks,
      engagedSessions: trafficMonths.engagedSessions,
      engagementSeconds: trafficMonths.engagementSeconds,
    })
    .from(trafficMonths)
    .where(eq(trafficMonths.brandId, p.brandId))
    .orderBy(asc(trafficMonths.month), asc(trafficMonths.country));
  return rows.map((r) => ({ ...r, month: r.month.slice(0, 7) }));
}

export function readSegments(db: Queryable, p: { brandId: string }) {
  return db
    .select()
    .from(audienceSegments)
    .where(eq(audienceSegments.brandId, p.brandId))
    .orderBy(asc(audienceSegments.id));
}

export interface DataSpan {
  /** Days with data, or null when the brand has none yet. */
  history: DayWindow | null;
  dataAsOf: Date | null;
}

/** The first and last instant of a brand's posts and follower days (readDataSpan's `spans`), as a post's time. */
const SPAN = selection({
  first: asColumn(posts.postedAt, "min(first)"),
  last: asColumn(posts.postedAt, "max(last)"),
});

/** The first and last day the brand has posts or follower counts for: where the periods are anchored. */
export async function readDataSpan(db: Queryable, p: { brandId: string }): Promise<DataSpan> {
  const [row] = await selectRows(
    db,
    SPAN,
    sql`
    select ${SPAN.sql} from (
      select min(posted_at) as first, max(posted_at) as last from ${posts} where brand_id = ${p.brandId}
      union all
      select min(day)::timestamptz, (max(day) + 1)::timestamptz - interval '1 ms'
        from ${followerSnapshots} where brand_id = ${p.brandId}
    ) spans`,
  );
  if (!row?.first || !row.last) return { history: null, dataAsOf: null };
  const { first, last } = row;
  return { history: { from: toDay(first), to: toDay(last) }, dataAsOf: last };
}

/**
 * A page of the brand's posts from `from` until before `end`, by time then id, after the last row of the page
 * before: keyset paging, so each page is one index range scan however far into an export.
 */
export function findPostsPage(
  db: Queryable,
  p: {
    brandId: string;
    from: Date;
    end: Date;
    after: PostKey | undefined;
    limit: number;
  },
) {
  return db
    .select()
    .from(posts)
    .where(postsBetween(p))
    .orderBy(asc(posts.postedAt), asc(posts.id))
    .limit(p.limit);
}

/** A comparison's companies (readComparisons' `m`) and whether a sample one is among them. */
const COMPARISON = selection({
  companies: computed<string[]>("array_agg(distinct m.company::text order by m.company::text)"),
  withSample: computed<boolean>("bool_or(b.sample)"),
});

/**
 * The companies of every comparison the brand is in (module-context.ts inOneWindow): for each workspace that
 * follows competitors for it, or follows it as a competitor, the workspace's brand and all its competitors, and
 * whether a sample company is among them.
 */
export async function readComparisons(
  db: Queryable,
  p: { brandId: string },
): Promise<{ companies: string[]; withSample: boolean }[]> {
  return selectRows(
    db,
    COMPARISON,
    sql`
    with comparisons as (
      select distinct workspace_id, brand_id from brand_competitors
      where brand_id = ${p.brandId} or competitor_id = ${p.brandId}
    )
    select ${COMPARISON.sql}
    from comparisons c cross join lateral (
      select c.brand_id as company
      union all
      select bc.competitor_id from brand_competitors bc
      where bc.workspace_id = c.workspace_id and bc.brand_id = c.brand_id
    ) m join brands b on b.id = m.company
    group by c.workspace_id, c.brand_id`,
  );
}

/** Where the company's website reads stand; null before its first read. */
export async function readWebsiteCoverage(
  db: Queryable,
  p: { brandId: string },
): Promise<WebsiteCoverage | null> {
  const [row] = await db
    .select({
      coveredFrom: websiteReads.coveredFrom,
      datedBy: websiteReads.datedBy,
      sourceUrl: websiteReads.sourceUrl,
      problem: websiteReads.problem,
    })
    .from(websiteReads)
    .where(eq(websiteReads.brandId, p.brandId));
  return row ?? null;
}

/** The company's website articles, oldest first. */
export function readArticles(db: Queryable, p: { brandId: string }): Promise<ArticlePoint[]> {
  return db
    .select({
      url: websiteArticles.url,
      title: websiteArticles.title,
      publishedAt: websiteArticles.publishedAt,
    })
    .from(websiteArticles)
    .where(eq(websiteArticles.brandId, p.brandId))
    .orderBy(asc(websiteArticles.publishedAt), asc(websiteArticles.url));
}
