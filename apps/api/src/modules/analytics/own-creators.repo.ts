import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable } from "../../db/client";
import { brands, imports, keywords, ownCreators, workspaceBrands } from "../../db/schema";
import { COUNT, computed, orNull, type RowOf, selection, selectRows } from "../../db/typed-rows";
import type { PoolCreator, RankedCreator } from "./influencers/own-ranking";

/**
 * The real creators of a workspace's own brand (own_creators): refreshed and ranked by the compute job, read by the
 * influencers module. Never joined with `influencers`, the sample data set's generated profiles.
 */

const b = alias(brands, "b");
const wb = alias(workspaceBrands, "wb");
const c = alias(ownCreators, "c");
const i = alias(imports, "i");

const POOL_OWNERS = selection({
  brandId: b.id,
  workspaceId: wb.workspaceId,
  name: b.name,
  country: b.country,
});

/**
 * The own brands whose creator pool rests on `brandId`'s posts: the brand itself when it is a workspace's own, and
 * every own brand following it as a competitor. Sample brands have no pool of their own.
 */
export async function findPoolOwners(
  db: Queryable,
  brandId: string,
): Promise<RowOf<typeof POOL_OWNERS.fields>[]> {
  return selectRows(
    db,
    POOL_OWNERS,
    sql`select ${POOL_OWNERS.sql}
      from workspace_brands wb join brands b on b.id = wb.brand_id
      where not b.sample and (wb.brand_id = ${brandId} or exists (select 1 from brand_competitors c
        where c.workspace_id = wb.workspace_id and c.brand_id = wb.brand_id and c.competitor_id = ${brandId}))`,
  );
}

/** Mentioned creators kept per brand: the most mentioned, so a brand of 100,000 posts keeps a pool it can read. */
export const MENTIONED_KEPT = 500;

/**
 * An "@name" not inside a word, an e-mail address or a link; the name as Instagram, TikTok and X allow it
 * (letters, digits, "_" and inner dots). text-tokens.ts MENTION_PATTERN reads mentions the same way.
 */
const MENTION = "(?:^|[^[:alnum:]_.@/])@([[:alnum:]_](?:[[:alnum:]_.]*[[:alnum:]_])?)";

/**
 * Reads the @mentions of the company's own posts anew into company_mentions (the creators each is mentioned by, and
 * in how many posts). Answers whether they changed: only then do the pools of the brands following the company
 * need refreshing.
 */
const CHANGED = selection({
  changed: computed<number>("((select count(*) from gone) + (select count(*) from kept))::int"),
});

export async function refreshCompanyMentions(db: Queryable, p: { brandId: string }): Promise<boolean> {
  const rows = await selectRows(
    db,
    CHANGED,
    sql`
    with fresh as (
      select p.platform, lower(m[1]) as handle, count(distinct p.id)::int as mentions
      from posts p cross join lateral regexp_matches(p.text, ${MENTION}, 'g') m
      where p.brand_id = ${p.brandId}
      group by 1, 2
    ),
    gone as (
      delete from company_mentions c where c.brand_id = ${p.brandId}
        and not exists (select 1 from fresh f where f.platform = c.platform and f.handle = c.handle)
      returning 1
    ),
    kept as (
      insert into company_mentions (brand_id, platform, handle, mentions)
      select ${p.brandId}, platform, handle, mentions from fresh
      on conflict (brand_id, platform, handle) do update set mentions = excluded.mentions
        where company_mentions.mentions <> excluded.mentions
      returning 1
    )
    select ${CHANGED.sql}`,
  );
  return (rows[0]?.changed ?? 0) > 0;
}

/** A creator mentioned in the companies' posts (refreshMentionedCreators' `found`). */
const MENTIONED = selection({
  platform: computed<string>("f.platform"),
  handle: computed<string>("f.handle"),
  mentions: computed<number>("f.mentions"),
});

/**
 * Creators @mentioned in the imported posts of the brand and its competitors (company_mentions, kept by each
 * company's recompute) become candidates labelled mentioned_in_posts, on the platform of the post; the brand's and
 * competitors' own accounts are not candidates, and a sample competitor's generated posts are not read (the sample
 * data set stays in the sample workspace). Every creator's count of mentions is set anew, and mentioned-only
 * creators no longer mentioned leave the pool.
 */
export async function refreshMentionedCreators(
  db: Queryable,
  p: { brandId: string; workspaceId: string },
): Promise<void> {
  const found = await selectRows(
    db,
    MENTIONED,
    sql`with companies as (
        select ${p.brandId}::uuid as id
        union select c.competitor_id from brand_competitors c join brands b on b.id = c.competitor_id
          where c.brand_id = ${p.brandId} and c.workspace_id = ${p.workspaceId} and not b.sample
      ),
      own_handles as (
        select platform, lower(ltrim(handle, '@')) as handle from social_accounts
        where brand_id in (select id from companies) and handle is not null
      ),
      found as (
        -- A post is one company's: the companies' counts of posts add up.
        select platform, handle, sum(mentions)::int as mentions from company_mentions
        where brand_id in (select id from companies)
        group by 1, 2
      )
      select ${MENTIONED.sql} from found f
      where not exists (select 1 from own_handles o where o.platform = f.platform and o.handle = f.handle)
      order by f.mentions desc, f.platform, f.handle limit ${MENTIONED_KEPT}`,
  );
  const kept = JSON.stringify(found);
  const keptRows = sql`jsonb_to_recordset(${kept}::jsonb) as k(platform text, handle text, mentions integer)`;
  await db.execute(sql`delete from own_creators c where c.brand_id = ${p.brandId}
    and c.origin = 'mentioned_in_posts'
    and not exists (select 1 from ${keptRows} where k.platform = c.platform and k.handle = c.handle)`);
  await db.execute(sql`update own_creators c set mentions = coalesce((select k.mentions from ${keptRows}
      where k.platform = c.platform and k.handle = c.handle), 0)
    where c.brand_id = ${p.brandId}`);
  await db.execute(sql`insert into own_creators (workspace_id, brand_id, platform, handle, origin, mentions)
    select ${p.workspaceId}, ${p.brandId}, k.platform, k.handle, 'mentioned_in_posts', k.mentions from ${keptRows}
    on conflict (brand_id, platform, handle) do nothing`);
}

/** The brand's pool as the ranking reads it. */
const POOL = selection({
  id: ownCreators.id,
  platform: ownCreators.platform,
  handle: ownCreators.handle,
  name: ownCreators.name,
  description: ownCreators.description,
  recentTitles: ownCreators.recentTitles,
  followers: ownCreators.followers,
  engagementRate: ownCreators.engagementRate,
  mentions: ownCreators.mentions,
});

export async function findPool(db: Queryable, brandId: string): Promise<PoolCreator[]> {
  return selectRows(
    db,
    POOL,
    sql`select ${POOL.sql}
      from own_creators where brand_id = ${brandId} order by id`,
  );
}

const KEYWORD = selection({ keyword: keywords.keyword });
/** A pillar's label or one of its terms (findBrandTopics' `t`, never null there). */
const TOPIC = selection({ topic: computed<string>("t.topic") });

/** The brand's keywords and the labels and terms of its content pillars: what topic match looks for. */
export async function findBrandTopics(
  db: Queryable,
  brandId: string,
): Promise<{ keywords: string[]; topics: string[] }> {
  const keywordRows = await selectRows(
    db,
    KEYWORD,
    sql`select ${KEYWORD.sql} from keywords where brand_id = ${brandId} order by volume desc nulls last, keyword`,
  );
  const topics = await selectRows(
    db,
    TOPIC,
    sql`select ${TOPIC.sql} from figures f,
        lateral jsonb_array_elements(coalesce(f.payload -> 'pillars', '[]'::jsonb)) with ordinality as p(node, n),
        lateral (select p.node ->> 'label' as topic, 0 as k
          union all select value, k from jsonb_array_elements_text(coalesce(p.node -> 'terms', '[]'::jsonb))
            with ordinality as term(value, k)) t
      where f.brand_id = ${brandId} and f.module = 'pillars' and f.period_key = 'all' and t.topic is not null
      order by p.n, t.k`,
  );
  return { keywords: keywordRows.map((k) => k.keyword), topics: topics.map((t) => t.topic) };
}

/** Stores the ranking of the whole pool at once. */
export async function saveRanking(db: Queryable, brandId: string, ranked: readonly RankedCreator[]) {
  if (ranked.length === 0) return;
  await db.execute(sql`update own_creators c set score = r.score, topic_match = r.topic_match,
      matched_terms = array(select jsonb_array_elements_text(r.terms))
    from jsonb_to_recordset(${JSON.stringify(
      ranked.map((r) => ({ id: r.id, score: r.score, topic_match: r.topicMatch, terms: r.matchedTerms })),
    )}::jsonb) as r(id uuid, score double precision, topic_match double precision, terms jsonb)
    where c.brand_id = ${brandId} and c.id = r.id`);
}

/**
 * A creator as stored: what its source said (a creator list's row, imports/types.ts), how it ranks, when it was
 * last updated (ISO 8601) and the creator list's file name, for a creator from one.
 */
const OWN_CREATOR = selection({
  id: c.id,
  platform: c.platform,
  handle: c.handle,
  name: c.name,
  url: c.url,
  followers: c.followers,
  engagementRate: c.engagementRate,
  country: c.country,
  description: c.description,
  recentTitles: c.recentTitles,
  origin: c.origin,
  mentions: c.mentions,
  score: c.score,
  topicMatch: c.topicMatch,
  matchedTerms: c.matchedTerms,
  updatedAt: computed<string>(sql`to_json(${c.updatedAt}) #>> '{}'`),
  fileName: orNull(i.fileName),
});

export type OwnCreatorRow = RowOf<typeof OWN_CREATOR.fields>;

export interface OwnCreatorFilters {
  brandId: string;
  platform: string | undefined;
  country: string | undefined;
  /** A LIKE pattern matched against the lower-cased "name handle". */
  search: string | undefined;
}

const FROM = sql`from own_creators c left join imports i on i.id = c.import_id`;
/** own-ranking.ts rankOwnCreators' order. */
const ORDER = sql`order by c.score desc nulls last, c.mentions desc, c.followers desc nulls last, c.platform,
  c.handle`;

function whereOf(f: OwnCreatorFilters) {
  return sql`where c.brand_id = ${f.brandId}
    ${f.platform === undefined ? sql`` : sql`and c.platform = ${f.platform}`}
    ${f.country === undefined ? sql`` : sql`and c.country = ${f.country}`}
    ${f.search === undefined ? sql`` : sql`and lower(coalesce(c.name, '') || ' ' || c.handle) like ${f.search}`}`;
}

/** A page of the brand's own creators, best first. */
export async function findOwnCreatorPage(
  db: Queryable,
  f: OwnCreatorFilters & { limit: number; offset: number },
): Promise<OwnCreatorRow[]> {
  return selectRows(
    db,
    OWN_CREATOR,
    sql`select ${OWN_CREATOR.sql} ${FROM} ${whereOf(f)} ${ORDER} limit ${f.limit} offset ${f.offset}`,
  );
}

export async function countOwnCreators(db: Queryable, f: OwnCreatorFilters): Promise<number> {
  const [row] = await selectRows(db, COUNT, sql`select ${COUNT.sql} ${FROM} ${whereOf(f)}`);
  return row?.n ?? 0;
}

/** One of the brand's own creators; undefined when the brand has none with the id. */
export async function findOwnCreator(
  db: Queryable,
  p: { brandId: string; id: string },
): Promise<OwnCreatorRow | undefined> {
  const [row] = await selectRows(
    db,
    OWN_CREATOR,
    sql`select ${OWN_CREATOR.sql} ${FROM} where c.brand_id = ${p.brandId} and c.id = ${p.id}`,
  );
  return row;
}
