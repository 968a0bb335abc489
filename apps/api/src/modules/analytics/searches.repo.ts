import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable } from "../../db/client";
import { imports, type SearchQuerySource, searchQueries } from "../../db/schema";
import { computed, type RowOf, selection, selectRows } from "../../db/typed-rows";
import type { SearchSetFigures } from "./content/types";

/** One period's queries from one source, as stored (db/search-queries.schema.ts). */
export interface StoredSearchSet {
  source: SearchQuerySource;
  from: string;
  to: string;
  /** The export's file name (the newest, if several exports of the same days were stored); null for the connector. */
  fileName: string | null;
}

const q = alias(searchQueries, "q");

/** A set of searches: its days as ISO dates, the newest export's file name. */
const SEARCH_SET = selection({
  source: q.source,
  from: computed<string>(sql`${q.periodFrom}::text`),
  to: computed<string>(sql`${q.periodTo}::text`),
  fileName: computed<string | null>(
    "(array_agg(i.file_name order by i.created_at desc) filter (where i.file_name is not null))[1]",
  ),
});

/** The brand's sets of searches, newest first: at most `limit`. */
export async function findSearchSets(
  db: Queryable,
  p: { workspaceId: string; brandId: string; limit: number },
): Promise<StoredSearchSet[]> {
  return selectRows(
    db,
    SEARCH_SET,
    sql`select ${SEARCH_SET.sql}
      from ${searchQueries} q left join ${imports} i on i.id = q.import_id
      where q.workspace_id = ${p.workspaceId} and q.brand_id = ${p.brandId}
      group by q.source, q.period_from, q.period_to
      order by q.period_to desc, q.period_from desc, q.source
      limit ${p.limit}`,
  );
}

/** A query's figures over its countries (findSearchQueries' `grouped`), with how many queries the set holds. */
const SEARCH_QUERY = selection({
  query: computed<string>("query"),
  clicks: computed<number | null>("clicks"),
  impressions: computed<number | null>("impressions"),
  ctr: computed<number | null>("case when n = 1 then one_ctr else summed_ctr end"),
  position: computed<number | null>("case when n = 1 then one_position else weighted_position end"),
  total: computed<number>("(count(*) over ())::int"),
});

export type SearchQueryFigures = Omit<RowOf<typeof SEARCH_QUERY.fields>, "total">;

/**
 * One set's queries by clicks (then impressions), at most `limit`, with how many the set holds. The connector
 * stores a query once per country: its countries are added up here, CTR recomputed from the sums and the position
 * weighted by impressions, as Search Console totals them; a query stored once keeps its own figures.
 */
export async function findSearchQueries(
  db: Queryable,
  p: { workspaceId: string; brandId: string; set: Omit<StoredSearchSet, "fileName">; limit: number },
): Promise<{ queries: SearchQueryFigures[]; total: number }> {
  const rows = await selectRows(
    db,
    SEARCH_QUERY,
    sql`with grouped as (
        select min(q.query) as query, count(*) as n,
          sum(q.clicks)::int as clicks, sum(q.impressions)::int as impressions,
          max(q.ctr) as one_ctr, max(q.position) as one_position,
          sum(q.clicks)::float8 / nullif(sum(q.impressions), 0) as summed_ctr,
          sum(q.position * q.impressions) / nullif(sum(q.impressions) filter (where q.position is not null), 0)
            as weighted_position
        from ${searchQueries} q
        where q.workspace_id = ${p.workspaceId} and q.brand_id = ${p.brandId} and q.source = ${p.set.source}
          and q.period_from = ${p.set.from} and q.period_to = ${p.set.to}
        group by lower(q.query)
      )
      select ${SEARCH_QUERY.sql}
      from grouped
      order by clicks desc nulls last, impressions desc nulls last, query
      limit ${p.limit}`,
  );
  return {
    queries: rows.map(({ total: _total, ...query }) => query),
    total: rows[0]?.total ?? 0,
  };
}

/** How many stored sets, newest first, and how many of each set's queries by clicks the content figures read. */
const FIGURE_SETS = 5;
const FIGURE_QUERIES = 1_000;

/** A query of one of the newest sets (readSearchSetsForFigures' `ranked`), the set's days as ISO dates. */
const RANKED_QUERY = selection({
  from: computed<string>("period_from::text"),
  to: computed<string>("period_to::text"),
  query: computed<string>("query"),
  clicks: computed<number | null>("clicks"),
  impressions: computed<number | null>("impressions"),
});

/**
 * The brand's newest sets of searches with the queries of each that have the most clicks, for the keywords of its
 * posts (analytics/content/keyword-searches.ts). Read by the figures' job for one brand, whose rows they are.
 */
export async function readSearchSetsForFigures(
  db: Queryable,
  p: { brandId: string },
): Promise<SearchSetFigures[]> {
  const rows = await selectRows(
    db,
    RANKED_QUERY,
    sql`with sets as (
        select q.source, q.period_from, q.period_to from ${searchQueries} q where q.brand_id = ${p.brandId}
        group by q.source, q.period_from, q.period_to
        order by q.period_to desc, q.period_from desc, q.source limit ${FIGURE_SETS}
      ), grouped as (
        select s.source, s.period_from, s.period_to, min(q.query) as query,
          sum(q.clicks)::int as clicks, sum(q.impressions)::int as impressions
        from sets s join ${searchQueries} q on q.brand_id = ${p.brandId} and q.source = s.source
          and q.period_from = s.period_from and q.period_to = s.period_to
        group by s.source, s.period_from, s.period_to, lower(q.query)
      ), ranked as (
        select g.*, row_number() over (partition by g.source, g.period_from, g.period_to
          order by g.clicks desc nulls last, g.impressions desc nulls last, g.query) as n
        from grouped g
      )
      select ${RANKED_QUERY.sql}
      from ranked where n <= ${FIGURE_QUERIES}
      order by period_to desc, period_from desc, source, n`,
  );
  const sets = new Map<string, SearchSetFigures & { queries: SearchSetFigures["queries"][number][] }>();
  for (const row of rows) {
    const key = `${row.from}/${row.to}`;
    const set = sets.get(key) ?? { from: row.from, to: row.to, queries: [] };
    set.queries.push({ query: row.query, clicks: row.clicks, impressions: row.impressions });
    sets.set(key, set);
  }
  return [...sets.values()];
}
