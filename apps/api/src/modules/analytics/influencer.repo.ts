import type { Db } from "../../db/client";
import type { DataSource, InfluencerAudience, InfluencerRecentPost } from "../../db/schema";
import type { BrandTotals } from "./brand-totals";
import { SUBSCRIPTION_COLUMNS, SUBSCRIPTION_JOIN, type SubscriptionFields } from "./module-plan";
import { ownBrand } from "./module-reads.repo";
import { keptRows } from "./read-model/read-model";

/**
 * The influencer reads as named statements (module-reads.repo.ts says why). Each list filter combination is a
 * statement of its own, so every one is planned for the filters it has.
 */

/** The workspace's brand with its stored totals, and the workspace's plan: one round trip. */
export interface InfluencerContext extends SubscriptionFields {
  id: string;
  industry: string | null;
  /** A sample brand ranks the sample data set's profiles; an own brand its own creators (own-creators.repo.ts). */
  sample: boolean;
  totals: BrandTotals | null;
}

const INFLUENCER_CONTEXT = `select b.id, b.industry, b.sample, (select t.payload from figures t
    where t.brand_id = b.id and t.module = 'dashboard' and t.period_key = 'all') as totals, ${SUBSCRIPTION_COLUMNS}
  from brands b ${SUBSCRIPTION_JOIN}
  where b.id = (${ownBrand("$2")})`;

/** Undefined when the workspace has no brand. */
export async function findInfluencerContext(
  db: Db,
  p: { workspaceId: string; brandId: string | undefined },
): Promise<InfluencerContext | undefined> {
  const rows = await keptRows<InfluencerContext>(db, {
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

/** Arrays come back as JSON (to_json): node-postgres parses it natively, much faster than its array text parser. */
const SUMMARY_COLUMNS = `i.id, i.name, i.handle, i.avatar, i.platform, i.followers, i.engagement_rate, i.authenticity,
  to_json(i.topics) as topics, i.country, s.fit, s.score`;

export interface InfluencerSummaryRow {
  id: string;
  name: string;
  handle: string;
  avatar: string | null;
  platform: string;
  followers: number;
  engagement_rate: number | null;
  authenticity: number | null;
  topics: string[];
  country: string | null;
  fit: number | null;
  score: number | null;
}

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
  const rows = await keptRows<InfluencerSummaryRow>(db, {
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
  const rows = await keptRows<{ n: number }>(db, {
    name: `influencer-count-${shape}`,
    text: `select count(*)::int as n ${FROM_SCORES} where ${where}`,
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

export interface InfluencerDetailsRow extends InfluencerSummaryRow {
  audience: InfluencerAudience | null;
  recent_posts: InfluencerRecentPost[];
  updated_at: Date;
  /** Where the profile came from (the sample data set's are `sample`). */
  source: DataSource;
}

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
const INFLUENCER_DETAILS = `with own as (select b.id, b.industry from brands b where b.id = (${ownBrand("$4")})),
one as (
  select ${SUMMARY_COLUMNS}, i.audience, i.recent_posts, i.updated_at, i.source
  from influencers i join influencer_scores s on s.influencer_id = i.id and s.brand_id = (select id from own)
  where i.id = $2::uuid
)
select own.id as brand_id, own.industry as brand_industry, ${SUBSCRIPTION_COLUMNS}, one.*,
  (select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'followers', p.followers,
      'er', p.engagement_rate, 'fit', p.fit) order by p.score desc nulls last, p.id), '[]'::json)
    from (select i.id, i.name, i.followers, i.engagement_rate, s.fit, s.score ${FROM_SCORES}
      where s.brand_id = own.id and s.platform = one.platform
      ${BY_SCORE} limit $3) p) as peers
from own left join one on true ${SUBSCRIPTION_JOIN}`;

export async function findInfluencerDetails(
  db: Db,
  p: { workspaceId: string; brandId: string | undefined; influencerId: string; peers: number },
): Promise<InfluencerDetailsAnswer | undefined> {
  const rows = await keptRows<
    SubscriptionFields &
      Omit<InfluencerDetailsRow, "id"> & {
        id: string | null;
        brand_id: string;
        brand_industry: string | null;
        peers: PeerPoint[];
      }
  >(db, {
    name: "influencer-details",
    text: INFLUENCER_DETAILS,
    values: [p.workspaceId, p.influencerId, p.peers, p.brandId ?? null],
    tables: ["workspace_brands", "brands", "influencers", "influencer_scores", "subscriptions"],
  });
  const r = rows[0];
  if (!r) return undefined;
  const {
    brand_id,
    brand_industry,
    subscription_plan,
    subscription_status,
    subscription_end_date,
    peers,
    id,
    ...influencer
  } = r;
  return {
    brandId: brand_id,
    brandIndustry: brand_industry,
    subscription_plan,
    subscription_status,
    subscription_end_date,
    influencer: id === null ? undefined : { id, ...influencer },
    peers,
  };
}
