import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { keptRows } from "../../db/read-model/read-model";
import { brands, influencerScores, influencers } from "../../db/schema";
import { asJson, COUNT, computed, type RowOf, selection, withOptional } from "../../db/typed-rows";
import type { BrandTotals } from "./brand-totals";
import { SUBSCRIPTION_COLUMNS, SUBSCRIPTION_JOIN, type SubscriptionFields } from "./module-plan";
import { ownBrand } from "./module-reads.repo";

/**
 * The influencer reads as named statements (module-reads.repo.ts says why). Each list filter combination is a
 * statement of its own, so every one is planned for the filters it has.
 */

const b = alias(brands, "b");
const i = alias(influencers, "i");
const s = alias(influencerScores, "s");

/**
 * The workspace's brand with its stored totals, and the workspace's plan: one round trip. A sample brand ranks the
 * sample data set's profiles; an own brand its own creators (own-creators.repo.ts).
 */
const INFLUENCER_CONTEXT_COLUMNS = selection({
  id: b.id,
  industry: b.industry,
  sample: b.sample,
  totals: computed<BrandTotals | null>(`(select t.payload from figures t
    where t.brand_id = b.id and t.module = 'dashboard' and t.period_key = 'all')`),
  ...SUBSCRIPTION_COLUMNS,
});

export type InfluencerContext = RowOf<(typeof INFLUENCER_CONTEXT_COLUMNS)["fields"]>;

const INFLUENCER_CONTEXT = `select ${INFLUENCER_CONTEXT_COLUMNS.text}
  from brands b ${SUBSCRIPTION_JOIN}
  where b.id = (${ownBrand("$2")})`;

/** Undefined when the workspace has no brand. */
export async function findInfluencerContext(
  db: Db,
  p: { workspaceId: string; brandId: string | undefined },
): Promise<InfluencerContext | undefined> {
  const rows = await keptRows(db, INFLUENCER_CONTEXT_COLUMNS, {
    name: "influencer-context",
    text: INFLUENCER_CONTEXT,
    values: [p.workspaceId, p.brandId ?? null],
    tables: ["workspace_brands", "brands", "figures", "subscriptions"],
  });
  return rows[0];
}

export interface InfluencerFilters {
  brandId: string;
  platform: string | undefined;
  country: string | undefined;
  industry: string | undefined;
  /** A LIKE pattern matched against the lower-cased "name handle". */
  search: string | undefined;
}

/** Arrays come back as JSON (asJson): node-postgres parses it natively, much faster than its array text parser. */
const SUMMARY_FIELDS = {
  id: i.id,
  name: i.name,
  handle: i.handle,
  avatar: i.avatar,
  platform: i.platform,
  followers: i.followers,
  engagement_rate: i.engagementRate,
  authenticity: i.authenticity,
  topics: asJson(i.topics),
  country: i.country,
  fit: s.fit,
  score: s.score,
};
const SUMMARY = selection(SUMMARY_FIELDS);
const SUMMARY_COLUMNS = SUMMARY.text;

export type InfluencerSummaryRow = RowOf<typeof SUMMARY_FIELDS>;

/** The where clause of the filters present, their values from $2 on, and a statement-name suffix. */
function whereOf(f: InfluencerFilters) {
  const values: unknown[] = [f.brandId];
  const clauses = ["s.brand_id = $1"];
  let shape = "";
  const add = (value: string | undefined, clause: (n: number) => string, flag: string) => {
    if (value === undefined) {
      shape += "-";
      return;
    }
    values.push(value);
    clauses.push(clause(values.length));
    shape += flag;
  };
  add(f.platform, (n) => `s.platform = $${n}`, "p");
  add(f.country, (n) => `i.country = $${n}`, "c");
  add(f.industry, (n) => `i.industry = $${n}`, "i");
  add(f.search, (n) => `lower(i.name || ' ' || i.handle) like $${n}`, "s");
  return { where: clauses.join(" and "), values, shape };
}

const FROM_SCORES = "from influencer_scores s join influencers i on i.id = s.influencer_id";
/**
 * In the order of influencer_scores_brand_score_idx (and its platform twin), so a page is an index range, not a sort
 * of every score.
 */
const BY_SCORE = "order by s.score desc nulls last, s.influencer_id";

/**
 * A page of the influencers scored for the brand, best first. Filtered by platform or not at all, the page is
 * cut from the ranking index alone (an index-only scan of score and id) and only its rows are joined: skipping to
 * a late page then walks index entries, not an influencer lookup per skipped row (the last of 1,050 pages read
 * 109,000 buffers in 108 ms that way; 530 buffers now). Filters on the influencer's own columns need the join first.
 */
export async function findInfluencerPage(
  db: Db,
  p: InfluencerFilters & { limit: number; offset: number },
): Promise<readonly InfluencerSummaryRow[]> {
  const { where, values, shape } = whereOf(p);
  const n = values.length;
  const page = `limit $${n + 1} offset $${n + 2}`;
  const scoresOnly = p.country === undefined && p.industry === undefined && p.search === undefined;
  const text = scoresOnly
    ? `select ${SUMMARY_COLUMNS} from (select s.influencer_id, s.score from influencer_scores s
        where ${where} ${BY_SCORE} ${page}) r
      join influencer_scores s on s.brand_id = $1 and s.influencer_id = r.influencer_id
      join influencers i on i.id = r.influencer_id ${BY_SCORE}`
    : `select ${SUMMARY_COLUMNS} ${FROM_SCORES} where ${where} ${BY_SCORE} ${page}`;
  const rows = await keptRows(db, SUMMARY, {
    name: `influencer-page-${shape}`,
    text,
    values: [...values, p.limit, p.offset],
    tables: ["influencer_scores", "influencers"],
  });
  return rows;
}

/** How many influencers scored for the brand match the filters. */
export async function countInfluencers(db: Db, p: InfluencerFilters): Promise<number> {
  const { where, values, shape } = whereOf(p);
  const rows = await keptRows(db, COUNT, {
    name: `influencer-count-${shape}`,
    text: `select ${COUNT.text} ${FROM_SCORES} where ${where}`,
    values,
    tables: ["influencer_scores", "influencers"],
  });
  return rows[0]?.n ?? 0;
}

/** How the influencer compares with the brand's best-ranked peers on its platform (audience-vs-engagement.ts). */
export interface PeerPoint {
  id: string;
  name: string;
  followers: number;
  er: number | null;
  fit: number | null;
}

/** An influencer's details: its summary, audience, recent posts and where the profile came from (`sample`…). */
const DETAILS = selection({
  ...SUMMARY_FIELDS,
  audience: i.audience,
  recent_posts: i.recentPosts,
  updated_at: i.updatedAt,
  source: i.source,
});

export type InfluencerDetailsRow = RowOf<(typeof DETAILS)["fields"]>;

export interface InfluencerDetailsAnswer extends SubscriptionFields {
  brandId: string;
  brandIndustry: string | null;
  /** Undefined when no influencer has the id. */
  influencer: InfluencerDetailsRow | undefined;
  /** The brand's best-ranked influencers on the influencer's platform, best first. */
  peers: PeerPoint[];
}

/**
 * The workspace's brand and plan, the influencer with its score for the brand, and the brand's `$3` best-ranked
 * influencers on the same platform: one round trip. No row: the workspace has no brand. An influencer the brand
 * was not ranked against is not in its pool (audience.repo.ts findInfluencerPool: a brand of one's own never gets
 * the sample's creators), so it is not found.
 */
const INFLUENCER_DETAILS_COLUMNS = withOptional(
  selection({
    brand_id: computed<string>("own.id"),
    brand_industry: computed<string | null>("own.industry"),
    ...SUBSCRIPTION_COLUMNS,
    peers: computed<PeerPoint[]>(`(select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name,
      'followers', p.followers, 'er', p.engagement_rate, 'fit', p.fit) order by p.score desc nulls last, p.id),
      '[]'::json)
    from (select i.id, i.name, i.followers, i.engagement_rate, s.fit, s.score ${FROM_SCORES}
      where s.brand_id = own.id and s.platform = one.platform
      ${BY_SCORE} limit $3) p)`),
  }),
  "one",
  DETAILS,
);

const INFLUENCER_DETAILS = `with own as (select b.id, b.industry from brands b where b.id = (${ownBrand("$4")})),
one as (
  select ${DETAILS.text}
  from influencers i join influencer_scores s on s.influencer_id = i.id and s.brand_id = (select id from own)
  where i.id = $2::uuid
)
select ${INFLUENCER_DETAILS_COLUMNS.text}
from own left join one on true ${SUBSCRIPTION_JOIN}`;

export async function findInfluencerDetails(
  db: Db,
  p: { workspaceId: string; brandId: string | undefined; influencerId: string; peers: number },
): Promise<InfluencerDetailsAnswer | undefined> {
  const rows = await keptRows(db, INFLUENCER_DETAILS_COLUMNS, {
    name: "influencer-details",
    text: INFLUENCER_DETAILS,
    values: [p.workspaceId, p.influencerId, p.peers, p.brandId ?? null],
    tables: ["workspace_brands", "brands", "influencers", "influencer_scores", "subscriptions"],
  });
  const r = rows[0];
  if (!r) return undefined;
  const answer = {
    brandId: r.brand_id,
    brandIndustry: r.brand_industry,
    subscription_plan: r.subscription_plan,
    subscription_status: r.subscription_status,
    subscription_end_date: r.subscription_end_date,
    peers: r.peers,
  };
  if (r.id === null) return { ...answer, influencer: undefined };
  const {
    brand_id: _b,
    brand_industry: _i,
    subscription_plan: _p,
    subscription_status: _s,
    subscription_end_date: _e,
    peers: _peers,
    ...influencer
  } = r;
  return { ...answer, influencer };
}
