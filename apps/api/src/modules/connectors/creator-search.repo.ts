import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable } from "../../db/client";
import { brands } from "../../db/schema";
import { COUNT, computed, selection, selectRows } from "../../db/typed-rows";
import type { FoundCreator } from "./found-creators";

/** An own brand a YouTube creator search could be made for, with what it searches by. */
export interface SearchTarget {
  brandId: string;
  /** The brand's keywords of most searches, most first (at most 3). */
  keywords: string[];
  /** When the brand was last searched for; null when it never was. */
  lastSearch: Date | null;
}

/**
 * A search target's row; the last search as ISO 8601 text. Searches before creator_searches (migration 0037) are
 * known by the channels they stored.
 */
const TARGET = selection({
  brandId: alias(brands, "b").id,
  keywords: computed<
    string[]
  >(`coalesce((select array_agg(k.keyword order by k.volume desc nulls last, k.keyword)
    from (select keyword, volume from keywords where brand_id = b.id
      order by volume desc nulls last, keyword limit 3) k), '{}')`),
  lastSearch: computed<string | null>(`(select to_json(greatest(
      (select max(s.searched_at) from creator_searches s where s.brand_id = b.id),
      (select max(c.updated_at) from own_creators c where c.brand_id = b.id and c.origin = 'youtube_search')
    )) #>> '{}')`),
});

/** The workspace's own brands (not sample ones), with their top keywords and their last search. */
export async function findSearchTargets(db: Queryable, workspaceId: string): Promise<SearchTarget[]> {
  const rows = await selectRows(
    db,
    TARGET,
    sql`select ${TARGET.sql}
    from workspace_brands wb join brands b on b.id = wb.brand_id
    where wb.workspace_id = ${workspaceId} and not b.sample
    order by wb.created_at, b.id`,
  );
  return rows.map((r) => ({
    ...r,
    lastSearch: r.lastSearch === null ? null : new Date(r.lastSearch),
  }));
}

/**
 * The channels a search found join the brand's own creator pool, labelled youtube_search. A channel already there
 * only from a mention takes the channel's profile; one from a creator list keeps the list's values.
 */
export async function storeFoundChannels(
  db: Queryable,
  p: { workspaceId: string; brandId: string; channels: FoundCreator[]; now: Date },
): Promise<void> {
  if (p.channels.length === 0) return;
  const rows = p.channels.map((c) => ({
    handle: (c.customUrl ?? c.id).replace(/^@/, "").toLowerCase(),
    name: c.title,
    url: c.customUrl ? `https://www.youtube.com/${c.customUrl}` : `https://www.youtube.com/channel/${c.id}`,
    followers: c.subscribers,
    description: c.description || null,
    country: c.country,
    engagement_rate: c.engagementRate,
    recent_titles: c.recentTitles,
  }));
  await db.execute(sql`insert into own_creators (workspace_id, brand_id, platform, handle, name, url, followers,
      description, country, engagement_rate, recent_titles, origin, updated_at)
    select ${p.workspaceId}, ${p.brandId}, 'youtube', r.handle, r.name, r.url, r.followers, r.description, r.country,
      r.engagement_rate, r.recent_titles, 'youtube_search', ${p.now}
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(handle text, name text, url text, followers integer, description text, country text,
        engagement_rate double precision, recent_titles text[])
    on conflict (brand_id, platform, handle) do update set name = excluded.name, url = excluded.url,
      followers = excluded.followers, description = excluded.description, country = excluded.country,
      engagement_rate = excluded.engagement_rate, recent_titles = excluded.recent_titles,
      origin = excluded.origin, updated_at = excluded.updated_at
    where own_creators.origin in ('mentioned_in_posts', 'youtube_search')`);
}

/** A search made for a brand, whatever it found: the brand is not due again for a week. */
export async function recordCreatorSearch(
  db: Queryable,
  p: {
    workspaceId: string;
    brandId: string;
    searchedAt: Date;
    quotaDay: string;
    keySource: "workspace" | "operator";
    channels: number;
  },
): Promise<void> {
  await db.execute(sql`insert into creator_searches (workspace_id, brand_id, searched_at, quota_day, key_source,
      channels)
    values (${p.workspaceId}, ${p.brandId}, ${p.searchedAt}, ${p.quotaDay}, ${p.keySource}, ${p.channels})`);
}

/** How many creator searches the workspace made with the operator's key on a quota day. */
export async function countOperatorSearches(
  db: Queryable,
  p: { workspaceId: string; quotaDay: string },
): Promise<number> {
  const [row] = await selectRows(
    db,
    COUNT,
    sql`select ${COUNT.sql} from creator_searches
    where workspace_id = ${p.workspaceId} and quota_day = ${p.quotaDay} and key_source = 'operator'`,
  );
  return row?.n ?? 0;
}
