import type { components } from "@brandscope/api-client/schema";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Queryable, type Tx, transactionConnectionOf } from "../../db/client";
import { copyTextInto } from "../../db/copy-rows";
import {
  audienceSegments,
  followerSnapshots,
  importFiles,
  imports,
  keywords,
  ownCreators,
  posts,
  searchQueries,
  trafficMonths,
  users,
} from "../../db/schema";
import { computed, selection, selectRows, statementRows } from "../../db/typed-rows";
import { COPY_COLUMNS, type CopyTexts } from "./read-export";

export type ImportRecord = typeof imports.$inferSelect;
export type ImportError = ImportRecord["errors"][number];

export async function insertImport(
  db: Queryable,
  p: {
    workspaceId: string;
    brandId: string;
    userId: string;
    format: string;
    fileName: string;
    status: ImportRecord["status"];
    rows: number;
    imported: number;
    errors: ImportError[];
    days?: { from: string; to: string } | null;
    now: Date;
  },
): Promise<ImportRecord> {
  const [row] = await db
    .insert(imports)
    .values({
      workspaceId: p.workspaceId,
      brandId: p.brandId,
      userId: p.userId,
      format: p.format,
      fileName: p.fileName,
      status: p.status,
      rows: p.rows,
      imported: p.imported,
      errors: p.errors,
      firstDay: p.days?.from ?? null,
      lastDay: p.days?.to ?? null,
      createdAt: p.now,
    })
    .returning();
  if (!row) throw new Error("The import was not stored");
  return row;
}

/** An import as listed: with its uploader's name and the rows it holds (removing it removes them). */
export interface ListedImport extends ImportRecord {
  uploadedBy: string | null;
  holds: ImportHolds;
}

/** The rows of each kind an import holds. */
export type ImportHolds = components["schemas"]["Import"]["holds"];

/** The tables whose rows an import stores, each row with the import that stored it last (`import_id`). */
const IMPORTED_TABLES = [
  posts,
  followerSnapshots,
  keywords,
  searchQueries,
  audienceSegments,
  trafficMonths,
  ownCreators,
] as const;
type ImportedTable = (typeof IMPORTED_TABLES)[number];

const heldBy = (table: ImportedTable) =>
  sql<number>`(select count(*)::int from ${table} where ${table.importId} = ${imports.id})`;

/** The workspace's imports, newest first (or the one `importId`). */
export async function findImports(
  db: Queryable,
  p: { workspaceId: string; limit: number; importId?: string; brandIds?: string[] },
): Promise<ListedImport[]> {
  const rows = await db
    .select({
      record: imports,
      uploadedBy: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      posts: heldBy(posts),
      followerDays: heldBy(followerSnapshots),
      keywords: heldBy(keywords),
      searchQueries: heldBy(searchQueries),
      audienceSegments: heldBy(audienceSegments),
      trafficMonths: heldBy(trafficMonths),
      creators: heldBy(ownCreators),
    })
    .from(imports)
    .leftJoin(users, eq(users.id, imports.userId))
    .where(
      and(
        eq(imports.workspaceId, p.workspaceId),
        p.importId ? eq(imports.id, p.importId) : undefined,
        p.brandIds ? inArray(imports.brandId, p.brandIds) : undefined,
      ),
    )
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(p.limit);
  return rows.map((row) => ({
    ...row.record,
    uploadedBy: row.uploadedBy,
    holds: {
      posts: row.posts,
      followerDays: row.followerDays,
      keywords: row.keywords,
      searchQueries: row.searchQueries,
      audienceSegments: row.audienceSegments,
      trafficMonths: row.trafficMonths,
      creators: row.creators,
    },
  }));
}

/** Deletes one of the workspace's imports; its rows go with it (the foreign keys cascade). The brand's id, if any. */
export async function deleteImportRecord(db: Queryable, p: { workspaceId: string; importId: string }) {
  const [row] = await db
    .delete(imports)
    .where(and(eq(imports.id, p.importId), eq(imports.workspaceId, p.workspaceId)))
    .returning({ brandId: imports.brandId, status: imports.status });
  return row;
}

/** Keeps a pending import's file until it is committed, discarded or expires. */
export async function insertImportFile(
  db: Queryable,
  p: { importId: string; referenceDate: string; data: Buffer },
) {
  await db.insert(importFiles).values(p);
}

/** One of the workspace's imports with its kept file (pending imports only have one). */
export async function findImportWithFile(db: Queryable, p: { workspaceId: string; importId: string }) {
  const [row] = await db
    .select({ record: imports, file: importFiles })
    .from(imports)
    .leftJoin(importFiles, eq(importFiles.importId, imports.id))
    .where(and(eq(imports.id, p.importId), eq(imports.workspaceId, p.workspaceId)));
  return row;
}

/**
 * Marks a pending import completed, as of `now`, and drops its kept file. Undefined when it is no longer pending:
 * of two commits at once, only one stores the rows.
 */
export async function completePendingImport(
  tx: Tx,
  p: { importId: string; imported: number; notes: ImportError[]; now: Date },
) {
  const [row] = await tx
    .update(imports)
    .set({ status: "completed", imported: p.imported, errors: p.notes, createdAt: p.now })
    .where(and(eq(imports.id, p.importId), eq(imports.status, "pending")))
    .returning();
  if (row) await tx.delete(importFiles).where(eq(importFiles.importId, p.importId));
  return row;
}

/**
 * Pending imports uploaded before `before` go, with their files (the foreign key cascades): the workspace's, or
 * every workspace's. How many went.
 */
export async function deleteExpiredPendingImports(db: Queryable, p: { workspaceId?: string; before: Date }) {
  const removed = await db
    .delete(imports)
    .where(
      and(
        p.workspaceId ? eq(imports.workspaceId, p.workspaceId) : undefined,
        eq(imports.status, "pending"),
        lt(imports.createdAt, p.before),
      ),
    )
    .returning({ id: imports.id });
  return removed.length;
}

/** The workspace's pending imports (previews waiting to be imported or discarded): how many, and their files' bytes. */
export async function pendingImportsOf(
  db: Queryable,
  p: { workspaceId: string },
): Promise<{ count: number; bytes: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      // octet_length reads a stored bytea's size without reading the value.
      bytes: sql<number>`coalesce(sum(octet_length(${importFiles.data})), 0)::float8`,
    })
    .from(imports)
    .leftJoin(importFiles, eq(importFiles.importId, imports.id))
    .where(and(eq(imports.workspaceId, p.workspaceId), eq(imports.status, "pending")));
  return row ?? { count: 0, bytes: 0 };
}

/**
 * The rows the workspace's imports keep stored, all its brands together: posts, follower days, keywords, search
 * queries, audience segments and creators whose import is one of the workspace's (a row re-stored by a later import counts once, with it).
 */
export async function importedRowsOf(db: Queryable, p: { workspaceId: string }): Promise<number> {
  const stored = IMPORTED_TABLES.map(
    (table) => sql`(select count(*) from ${table} join ${imports} on ${imports.id} = ${table.importId}
                    where ${imports.workspaceId} = ${p.workspaceId})`,
  );
  const total = selection({ rows: computed<number>(sql`(${sql.join(stored, sql` + `)})::float8`) });
  const [row] = await selectRows(db, total, sql`select ${total.sql}`);
  return row?.rows ?? 0;
}

/**
 * Stores an import's rows (COPY texts from read-export.ts) for the brand, in the caller's transaction: each table's
 * rows are copied into a temporary table and upserted from there in one statement, so a 100,000-row file costs the
 * server a few statements instead of a hundred INSERTs built and sent from the event loop.
 *
 * Re-importing a post (same brand, platform and URL), a follower day or a keyword (same country and lower-cased
 * text) updates the row instead of adding a copy; an unchanged row keeps the import that stored it first, so
 * removing a later import of the same rows leaves them. A keyword keeps its first spelling, and industry stays
 * null, so a workspace's keywords never join the industry lists other workspaces see.
 *
 * A Search Console export's queries replace the brand's exported queries of the same period (the same days again
 * is the same export read again, or a newer export of it), never a connector's read nor another period's.
 *
 * A GA4 traffic export's months replace every row of the brand's traffic in those months (a newer export of a month
 * may lack a country the older one had); other months stay.
 *
 * Audience segments go as a whole (storeSegments). Answers the earlier audience imports whose segments this one
 * replaced.
 */
export async function storeImportRows(
  tx: Tx,
  p: {
    workspaceId: string;
    brandId: string;
    importId: string;
    copy: CopyTexts;
    searchPeriod: { from: string; to: string } | null;
  },
): Promise<ReplacedSegments[]> {
  const client = transactionConnectionOf(tx);
  const owner = [p.brandId, p.importId];
  if (p.copy.creators) await storeCreators(tx, { ...p, creators: p.copy.creators });
  if (p.copy.posts) {
    await client.query(`create temp table import_posts (platform text, url text, posted_at timestamptz, text text,
      format text, likes integer, comments integer, shares integer, views integer, plays integer, impressions integer,
      reach integer) on commit drop`);
    await copyTextInto(client, "import_posts", COPY_COLUMNS.posts, p.copy.posts);
    await client.query(
      `insert into posts (brand_id, platform, url, posted_at, text, format, likes, comments, shares, views, plays,
        impressions, reach, source, import_id)
      select $1, platform, url, posted_at, text, format, likes, comments, shares, views, plays, impressions, reach,
        'csv_import', $2
      from import_posts
      on conflict (brand_id, platform, url) do update set posted_at = excluded.posted_at, text = excluded.text,
        format = excluded.format, likes = excluded.likes, comments = excluded.comments, shares = excluded.shares,
        views = excluded.views, plays = excluded.plays, impressions = excluded.impressions, reach = excluded.reach,
        source = excluded.source, import_id = excluded.import_id
      where (posts.posted_at, posts.text, posts.format, posts.likes, posts.comments, posts.shares, posts.views,
        posts.plays, posts.impressions, posts.reach, posts.source) is distinct from (excluded.posted_at,
        excluded.text, excluded.format, excluded.likes, excluded.comments, excluded.shares, excluded.views,
        excluded.plays, excluded.impressions, excluded.reach, excluded.source)`,
      owner,
    );
  }
  if (p.copy.snapshots) {
    await client.query(
      "create temp table import_snapshots (platform text, day date, followers integer) on commit drop",
    );
    await copyTextInto(client, "import_snapshots", COPY_COLUMNS.snapshots, p.copy.snapshots);
    await client.query(
      `insert into follower_snapshots (brand_id, platform, day, followers, source, import_id)
      select $1, platform, day, followers, 'csv_import', $2 from import_snapshots
      on conflict (brand_id, platform, day) do update set followers = excluded.followers, source = excluded.source,
        import_id = excluded.import_id, rounded_to = null
      where (follower_snapshots.followers, follower_snapshots.source)
        is distinct from (excluded.followers, excluded.source)`,
      owner,
    );
  }
  if (p.copy.keywords) {
    await client.query(`create temp table import_keywords (country text, keyword text, currency text,
      cpc double precision, competition double precision, volume integer, volume_low integer, volume_high integer,
      trend integer[], trend_start date, intent text) on commit drop`);
    await copyTextInto(client, "import_keywords", COPY_COLUMNS.keywords, p.copy.keywords);
    await client.query(
      `insert into keywords (brand_id, country, keyword, currency, cpc, competition, volume, volume_low, volume_high,
        trend, trend_start, intent, source, import_id)
      select $1, country, keyword, currency, cpc, competition, volume, volume_low, volume_high, trend, trend_start,
        intent, 'csv_import', $2
      from import_keywords
      on conflict (coalesce(brand_id, '00000000-0000-0000-0000-000000000000'::uuid), country, lower(keyword))
      do update set currency = excluded.currency, cpc = excluded.cpc, competition = excluded.competition,
        volume = excluded.volume, volume_low = excluded.volume_low, volume_high = excluded.volume_high,
        trend = excluded.trend, trend_start = excluded.trend_start,
        intent = excluded.intent, source = excluded.source, import_id = excluded.import_id
      where (keywords.currency, keywords.cpc, keywords.competition, keywords.volume, keywords.volume_low,
        keywords.volume_high, keywords.trend, keywords.trend_start, keywords.intent, keywords.source)
        is distinct from (excluded.currency, excluded.cpc, excluded.competition, excluded.volume, excluded.volume_low,
        excluded.volume_high, excluded.trend, excluded.trend_start, excluded.intent, excluded.source)`,
      owner,
    );
  }
  if (p.copy.searchQueries && p.searchPeriod) {
    await client.query(`create temp table import_search_queries (query text, clicks integer, impressions integer,
      ctr double precision, position double precision) on commit drop`);
    await copyTextInto(client, "import_search_queries", COPY_COLUMNS.searchQueries, p.copy.searchQueries);
    const period = [p.brandId, p.searchPeriod.from, p.searchPeriod.to];
    await client.query(
      `delete from search_queries where brand_id = $1 and source = 'csv_import' and period_from = $2
        and period_to = $3`,
      period,
    );
    await client.query(
      `insert into search_queries (workspace_id, brand_id, query, country, period_from, period_to, clicks,
        impressions, ctr, position, source, import_id)
      select $4, $1, query, null, $2, $3, clicks, impressions, ctr, position, 'csv_import', $5
      from import_search_queries`,
      [...period, p.workspaceId, p.importId],
    );
  }
  if (p.copy.traffic) {
    await client.query(`create temp table import_traffic (month date, country text, visits integer,
      engaged_sessions integer, engagement_seconds double precision) on commit drop`);
    await copyTextInto(client, "import_traffic", COPY_COLUMNS.traffic, p.copy.traffic);
    await client.query(
      "delete from traffic_months where brand_id = $1 and month in (select month from import_traffic)",
      [p.brandId],
    );
    await client.query(
      `insert into traffic_months (brand_id, month, country, visits, engaged_sessions, engagement_seconds, source,
        import_id)
      select $1, month, country, visits, engaged_sessions, engagement_seconds, 'csv_import', $2 from import_traffic`,
      owner,
    );
  }
  return p.copy.segments ? storeSegments(tx, { ...p, segments: p.copy.segments }) : [];
}

const CREATOR_COLUMNS = COPY_COLUMNS.creators.join(", ");

/**
 * A creator list's creators join the brand's own pool (own_creators), labelled as from a creator list. A creator
 * already there (mentioned in posts, or on an earlier list) takes the list's values and is the list's from then on;
 * its count of mentions stays.
 */
async function storeCreators(
  tx: Tx,
  p: { workspaceId: string; brandId: string; importId: string; creators: string },
): Promise<void> {
  const client = transactionConnectionOf(tx);
  await client.query(`create temp table import_creators (platform text, handle text, name text, url text,
    followers integer, engagement_rate double precision, country text, description text, recent_titles text[])
    on commit drop`);
  await copyTextInto(client, "import_creators", COPY_COLUMNS.creators, p.creators);
  await client.query(
    `insert into own_creators (workspace_id, brand_id, ${CREATOR_COLUMNS}, origin, import_id)
    select $1, $2, ${CREATOR_COLUMNS}, 'creator_list', $3 from import_creators
    on conflict (brand_id, platform, handle) do update set name = excluded.name, url = excluded.url,
      followers = excluded.followers, engagement_rate = excluded.engagement_rate, country = excluded.country,
      description = excluded.description, recent_titles = excluded.recent_titles, origin = excluded.origin,
      import_id = excluded.import_id, updated_at = now()`,
    [p.workspaceId, p.brandId, p.importId],
  );
}

/** An earlier audience import whose segments a later one replaced. */
export interface ReplacedSegments {
  fileName: string;
  segments: number;
}

const SEGMENT_COLUMNS = "age_band, gender, country, interests, platform_affinity, size";

/**
 * A brand's audience is what its latest audience export says: the segments replace those of every earlier audience
 * import of the brand, whose history then holds none. The same segments again (the same file) change nothing and
 * keep the import that stored them first, as a re-imported post does.
 */
/** Whether the import's segments are those stored (storeSegments' `stored` and `import_segments`). */
const SAME_SEGMENTS = selection({
  same: computed<boolean>(`(select count(*) from stored) = (select count(*) from import_segments)
      and not exists (select ${SEGMENT_COLUMNS} from import_segments except select ${SEGMENT_COLUMNS} from stored)`),
});
/** An earlier audience import whose segments a new one replaced, with how many. */
const REPLACED_SEGMENTS = selection({
  fileName: alias(imports, "i").fileName,
  segments: computed<number>("count(*)::int"),
});

async function storeSegments(
  tx: Tx,
  p: { brandId: string; importId: string; segments: string },
): Promise<ReplacedSegments[]> {
  const client = transactionConnectionOf(tx);
  await client.query(`create temp table import_segments (age_band text, gender text, country text,
    interests jsonb, platform_affinity jsonb, size integer) on commit drop`);
  await copyTextInto(client, "import_segments", COPY_COLUMNS.segments, p.segments);
  const [same] = await statementRows(
    client,
    SAME_SEGMENTS,
    `with stored as (select ${SEGMENT_COLUMNS} from audience_segments where brand_id = $1 and import_id is not null)
    select ${SAME_SEGMENTS.text}`,
    [p.brandId],
  );
  if (same?.same) return [];
  const replaced = await statementRows(
    client,
    REPLACED_SEGMENTS,
    `with gone as (delete from audience_segments where brand_id = $1 and import_id is not null
      returning import_id)
    select ${REPLACED_SEGMENTS.text} from gone join imports i on i.id = gone.import_id
    group by i.id, i.file_name, i.created_at order by i.created_at`,
    [p.brandId],
  );
  await client.query(
    `insert into audience_segments (brand_id, ${SEGMENT_COLUMNS}, source, import_id)
    select $1, ${SEGMENT_COLUMNS}, 'csv_import', $2 from import_segments`,
    [p.brandId, p.importId],
  );
  return [...replaced];
}

/** Adds notes to an import's list (after its rows are stored, when storing them had something to say). */
export async function appendImportNotes(db: Queryable, p: { importId: string; notes: ImportError[] }) {
  if (p.notes.length === 0) return;
  await db
    .update(imports)
    .set({ errors: sql`${imports.errors} || ${JSON.stringify(p.notes)}::jsonb` })
    .where(eq(imports.id, p.importId));
}
