import { and, desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { brands, followerSnapshots, imports, keywords, posts, users } from "../../db/schema";
import type { KeywordValues, PostValues, SnapshotValues } from "./import-rows";

export type ImportRecord = typeof imports.$inferSelect;
export type ImportError = ImportRecord["errors"][number];

/** Rows per INSERT: posts have 12 columns, well under PostgreSQL's 65,535 parameters. */
const CHUNK = 1000;

function chunks<T>(values: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(values.slice(i, i + CHUNK));
  return out;
}

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
      createdAt: p.now,
    })
    .returning();
  if (!row) throw new Error("The import was not stored");
  return row;
}

/** An import as listed: with its uploader's name and the rows it holds (removing it removes them). */
export interface ListedImport extends ImportRecord {
  uploadedBy: string | null;
  holds: { posts: number; followerDays: number; keywords: number };
}

const heldBy = (table: typeof posts | typeof followerSnapshots | typeof keywords) =>
  sql<number>`(select count(*)::int from ${table} where ${table.importId} = ${imports.id})`;

/** The workspace's imports, newest first (or the one `importId`). */
export async function findImports(
  db: Queryable,
  p: { workspaceId: string; limit: number; importId?: string },
): Promise<ListedImport[]> {
  const rows = await db
    .select({
      record: imports,
      uploadedBy: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      posts: heldBy(posts),
      followerDays: heldBy(followerSnapshots),
      keywords: heldBy(keywords),
    })
    .from(imports)
    .leftJoin(users, eq(users.id, imports.userId))
    .where(and(eq(imports.workspaceId, p.workspaceId), p.importId ? eq(imports.id, p.importId) : undefined))
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(p.limit);
  return rows.map((row) => ({
    ...row.record,
    uploadedBy: row.uploadedBy,
    holds: { posts: row.posts, followerDays: row.followerDays, keywords: row.keywords },
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

/**
 * Inserts or updates posts by (brand, platform, url). A row whose values are unchanged is not touched at all,
 * so re-importing a file leaves every post as it was, `import_id` included (it names the import that last
 * changed the post).
 */
export async function upsertPosts(
  db: Queryable,
  p: { brandId: string; importId: string; posts: PostValues[] },
) {
  for (const chunk of chunks(p.posts)) {
    await db
      .insert(posts)
      .values(
        chunk.map((post) => ({
          ...post,
          brandId: p.brandId,
          source: "csv_import" as const,
          importId: p.importId,
        })),
      )
      .onConflictDoUpdate({
        target: [posts.brandId, posts.platform, posts.url],
        set: {
          postedAt: sql`excluded.posted_at`,
          text: sql`excluded.text`,
          format: sql`excluded.format`,
          likes: sql`excluded.likes`,
          comments: sql`excluded.comments`,
          shares: sql`excluded.shares`,
          views: sql`excluded.views`,
          source: sql`excluded.source`,
          importId: sql`excluded.import_id`,
        },
        setWhere: sql`(posts.posted_at, posts.text, posts.format, posts.likes, posts.comments, posts.shares,
          posts.views, posts.source) is distinct from (excluded.posted_at, excluded.text, excluded.format,
          excluded.likes, excluded.comments, excluded.shares, excluded.views, excluded.source)`,
      });
  }
}

/** Like `upsertPosts`: an unchanged follower total keeps the import that stored it. */
export async function upsertFollowerSnapshots(
  db: Queryable,
  p: { brandId: string; importId: string; snapshots: SnapshotValues[] },
) {
  for (const chunk of chunks(p.snapshots)) {
    await db
      .insert(followerSnapshots)
      .values(
        chunk.map((s) => ({ ...s, brandId: p.brandId, source: "csv_import" as const, importId: p.importId })),
      )
      .onConflictDoUpdate({
        target: [followerSnapshots.brandId, followerSnapshots.platform, followerSnapshots.day],
        set: {
          followers: sql`excluded.followers`,
          source: sql`excluded.source`,
          importId: sql`excluded.import_id`,
        },
        setWhere: sql`(follower_snapshots.followers, follower_snapshots.source)
          is distinct from (excluded.followers, excluded.source)`,
      });
  }
}

/**
 * Inserts or updates the brand's keywords by (country, lower(keyword)), the unique index's key for a brand.
 * The keyword's spelling of the first import stays; industry stays null, so a workspace's keywords never join
 * the industry lists other workspaces see. Like `upsertPosts`: an unchanged keyword keeps the import that stored it.
 */
export async function upsertKeywords(
  db: Queryable,
  p: { brandId: string; importId: string; keywords: KeywordValues[] },
) {
  for (const chunk of chunks(p.keywords)) {
    const values = chunk.map(
      (k) =>
        sql`(${p.brandId}::uuid, ${k.country}, ${k.keyword}, ${k.currency}, ${k.cpc}::double precision,
          ${k.competition}::double precision, ${k.volume}::integer, ${`{${k.trend.join(",")}}`}::integer[],
          ${k.trendStart}::date, ${k.intent}, 'csv_import', ${p.importId}::uuid)`,
    );
    await db.execute(sql`
      insert into keywords (brand_id, country, keyword, currency, cpc, competition, volume, trend, trend_start,
        intent, source, import_id)
      values ${sql.join(values, sql`, `)}
      on conflict (coalesce(brand_id, '00000000-0000-0000-0000-000000000000'::uuid), country, lower(keyword))
      do update set currency = excluded.currency, cpc = excluded.cpc, competition = excluded.competition,
        volume = excluded.volume, trend = excluded.trend, trend_start = excluded.trend_start,
        intent = excluded.intent, source = excluded.source, import_id = excluded.import_id
      where (keywords.currency, keywords.cpc, keywords.competition, keywords.volume, keywords.trend,
        keywords.trend_start, keywords.intent, keywords.source)
        is distinct from (excluded.currency, excluded.cpc, excluded.competition, excluded.volume, excluded.trend,
        excluded.trend_start, excluded.intent, excluded.source)`);
  }
}

/** Figures computed before `now` are stale for this brand. */
export async function markBrandDataChanged(db: Queryable, p: { brandId: string; now: Date }) {
  await db.update(brands).set({ dataChangedAt: p.now }).where(eq(brands.id, p.brandId));
}
