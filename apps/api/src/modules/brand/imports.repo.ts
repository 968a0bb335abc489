import { desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { brands, followerSnapshots, imports, posts } from "../../db/schema";
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

/** The workspace's imports, newest first. */
export function findImports(db: Queryable, p: { workspaceId: string; limit: number }) {
  return db
    .select()
    .from(imports)
    .where(eq(imports.workspaceId, p.workspaceId))
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(p.limit);
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

export async function upsertFollowerSnapshots(
  db: Queryable,
  p: { brandId: string; snapshots: SnapshotValues[] },
) {
  for (const chunk of chunks(p.snapshots)) {
    await db
      .insert(followerSnapshots)
      .values(chunk.map((s) => ({ ...s, brandId: p.brandId, source: "csv_import" as const })))
      .onConflictDoUpdate({
        target: [followerSnapshots.brandId, followerSnapshots.platform, followerSnapshots.day],
        set: { followers: sql`excluded.followers`, source: sql`excluded.source` },
        setWhere: sql`(follower_snapshots.followers, follower_snapshots.source)
          is distinct from (excluded.followers, excluded.source)`,
      });
  }
}

/**
 * Inserts or updates the brand's keywords by (country, lower(keyword)), the unique index's key for a brand.
 * The keyword's spelling of the first import stays; industry stays null, so a workspace's keywords never join
 * the industry lists other workspaces see.
 */
export async function upsertKeywords(db: Queryable, p: { brandId: string; keywords: KeywordValues[] }) {
  for (const chunk of chunks(p.keywords)) {
    const values = chunk.map(
      (k) =>
        sql`(${p.brandId}::uuid, ${k.country}, ${k.keyword}, ${k.currency}, ${k.cpc}::double precision,
          ${k.competition}::double precision, ${k.volume}::integer, ${`{${k.trend.join(",")}}`}::integer[],
          ${k.trendStart}::date, ${k.intent}, 'csv_import')`,
    );
    await db.execute(sql`
      insert into keywords (brand_id, country, keyword, currency, cpc, competition, volume, trend, trend_start,
        intent, source)
      values ${sql.join(values, sql`, `)}
      on conflict (coalesce(brand_id, '00000000-0000-0000-0000-000000000000'::uuid), country, lower(keyword))
      do update set currency = excluded.currency, cpc = excluded.cpc, competition = excluded.competition,
        volume = excluded.volume, trend = excluded.trend, trend_start = excluded.trend_start,
        intent = excluded.intent, source = excluded.source
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
