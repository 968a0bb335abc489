import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { brandCompetitors, brands } from "../../db/schema";
import { type ArticleDating, websiteArticles, websiteReads } from "../../db/website.schema";
import type { ListedArticle } from "./feed";

type BrandRow = typeof brands.$inferSelect;

export type WebsiteReadRow = typeof websiteReads.$inferSelect;

/**
 * Stores a read's articles; an article stored before keeps its date (a sitemap's last change moves with every
 * edit) and takes the newer title. Answers how many were new.
 */
export async function storeArticles(
  db: Queryable,
  p: { brandId: string; articles: readonly ListedArticle[]; datedBy: ArticleDating },
): Promise<number> {
  if (p.articles.length === 0) return 0;
  const rows = await db
    .insert(websiteArticles)
    .values(
      p.articles.map((a) => ({
        brandId: p.brandId,
        url: a.url,
        title: a.title.slice(0, 500),
        publishedAt: a.publishedAt,
        datedBy: p.datedBy,
      })),
    )
    .onConflictDoUpdate({
      target: [websiteArticles.brandId, websiteArticles.url],
      set: { title: sql`excluded.title` },
      setWhere: sql`${websiteArticles.title} is distinct from excluded.title`,
    })
    // xmax is 0 for a row this statement inserted, not for one it updated.
    .returning({ inserted: sql<boolean>`xmax = 0` });
  return rows.filter((r) => r.inserted).length;
}

export async function findWebsiteRead(db: Queryable, p: { brandId: string }) {
  const [row] = await db.select().from(websiteReads).where(eq(websiteReads.brandId, p.brandId));
  return row;
}

export async function saveWebsiteRead(db: Queryable, row: WebsiteReadRow) {
  const { brandId: _, ...changes } = row;
  await db
    .insert(websiteReads)
    .values(row)
    .onConflictDoUpdate({ target: websiteReads.brandId, set: changes });
}

/** Refresh now: the read shows as under way until it has run. */
export async function requestWebsiteRead(db: Queryable, p: { brandId: string; now: Date }) {
  await db
    .insert(websiteReads)
    .values({ brandId: p.brandId, requestedAt: p.now })
    .onConflictDoUpdate({ target: websiteReads.brandId, set: { requestedAt: p.now } });
}

/** A company of the workspace's current brand (itself or a competitor) with the state of its website reads. */
export interface WebsiteSourceRow {
  brandId: string;
  name: string;
  website: string;
  own: boolean;
  status: BrandRow["status"];
  read: WebsiteReadRow | null;
}

/** The current brand and its competitors, with their website reads: the Data sources screen's "Websites". */
export async function findWebsiteSources(
  db: Queryable,
  p: { workspaceId: string; brandId: string },
): Promise<WebsiteSourceRow[]> {
  const rows = await db
    .select({ brand: brands, read: websiteReads })
    .from(brands)
    .leftJoin(websiteReads, eq(websiteReads.brandId, brands.id))
    .leftJoin(
      brandCompetitors,
      and(
        eq(brandCompetitors.competitorId, brands.id),
        eq(brandCompetitors.workspaceId, p.workspaceId),
        eq(brandCompetitors.brandId, p.brandId),
      ),
    )
    .where(
      and(
        eq(brands.workspaceId, p.workspaceId),
        sql`(${brands.id} = ${p.brandId} or ${brandCompetitors.competitorId} is not null)`,
      ),
    )
    .orderBy(sql`${brands.id} = ${p.brandId} desc`, brandCompetitors.createdAt, brands.id);
  return rows.map((r) => ({
    brandId: r.brand.id,
    name: r.brand.name,
    website: r.brand.website,
    own: r.brand.id === p.brandId,
    status: r.brand.status,
    read: r.read,
  }));
}

/**
 * Every company of a workspace (own brands and competitors, not the shared sample) whose collection has ended, with
 * when its website was last read: the daily refresh picks those due. A website that failed is tried again too.
 */
export async function findWebsiteReadTimes(db: Queryable) {
  return db
    .select({ brandId: brands.id, workspaceId: brands.workspaceId, lastRunAt: websiteReads.lastRunAt })
    .from(brands)
    .leftJoin(websiteReads, eq(websiteReads.brandId, brands.id))
    .where(
      and(
        eq(brands.sample, false),
        isNotNull(brands.workspaceId),
        inArray(brands.status, ["active", "error"]),
      ),
    )
    .orderBy(desc(brands.createdAt));
}
