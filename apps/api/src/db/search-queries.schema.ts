import { sql } from "drizzle-orm";
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { brandOwnerColumns, imports } from "./brand-data.schema";
import { oneOf } from "./columns";
import { connections } from "./connectors.schema";

/** Where a brand's own search queries came from: a Search Console export, or the Search Console connector. */
export const searchQuerySources = ["csv_import", "provider"] as const;
export type SearchQuerySource = (typeof searchQuerySources)[number];

/**
 * A brand's own search queries from Google Search Console (docs/decisions.md "Your searches"): how often the
 * brand's pages were shown for a query (impressions) and clicked, the click-through rate (0–1) and the average
 * position, totalled over one period. They are never search volume: a query's impressions count only the searches
 * the brand appeared in. A counted figure the source lacks is null (unknown), never 0.
 *
 * One period's rows from one source form a set: an export for the same days replaces the set (imports.repo.ts),
 * a connector read replaces the connector's set (search-console.repo.ts). An export's rows go with their import;
 * a connector's stay when it is disconnected.
 */
export const searchQueries = pgTable(
  "search_queries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...brandOwnerColumns(),
    query: text("query").notNull(),
    /** ISO 3166-1 alpha-2 when the source splits by country (the connector); null for an export's all countries. */
    country: text("country"),
    periodFrom: date("period_from").notNull(),
    periodTo: date("period_to").notNull(),
    clicks: integer("clicks"),
    impressions: integer("impressions"),
    ctr: doublePrecision("ctr"),
    position: doublePrecision("position"),
    source: text("source", { enum: searchQuerySources }).notNull(),
    /** The export that stored the row (removing the import removes it); null for the connector's. */
    importId: uuid("import_id").references(() => imports.id, { onDelete: "cascade" }),
    /** The Search Console connection that read the row; null for an export's. */
    connectionId: uuid("connection_id").references(() => connections.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("search_queries_set_query_key").on(
      t.brandId,
      t.source,
      t.periodFrom,
      t.periodTo,
      sql`coalesce(${t.country}, '')`,
      sql`lower(${t.query})`,
    ),
    index("search_queries_workspace_id_idx").on(t.workspaceId),
    index("search_queries_import_idx").on(t.importId).where(sql`${t.importId} is not null`),
    check("search_queries_source_check", oneOf("source", searchQuerySources)),
    check("search_queries_period_check", sql`${t.periodFrom} <= ${t.periodTo}`),
    check("search_queries_import_check", sql`${t.source} <> 'csv_import' or ${t.importId} is not null`),
  ],
);
