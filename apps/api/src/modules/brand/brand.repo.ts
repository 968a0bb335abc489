import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../db/client";
import {
  brandCompetitors,
  brands,
  type CollectionStatus,
  type SocialNetwork,
  sampleLoads,
  socialAccounts,
  workspaceBrands,
} from "../../db/schema";
import { computed, selection, selectRows } from "../../db/typed-rows";

export type BrandRow = typeof brands.$inferSelect;
export interface SocialLinkRow {
  platform: SocialNetwork;
  url: string;
}
export interface BrandWithLinks extends BrandRow {
  socialLinks: SocialLinkRow[];
}

async function withLinks(db: Queryable, rows: BrandRow[]): Promise<BrandWithLinks[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select({ brandId: socialAccounts.brandId, platform: socialAccounts.platform, url: socialAccounts.url })
    .from(socialAccounts)
    .where(
      inArray(
        socialAccounts.brandId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(socialAccounts.platform));
  return rows.map((row) => ({
    ...row,
    socialLinks: links.filter((l) => l.brandId === row.id).map(({ platform, url }) => ({ platform, url })),
  }));
}

/** The brand's social links, as one JSON column of the brand's own row (one query for both). */
const linksColumn = sql<SocialLinkRow[]>`coalesce((
  select json_agg(json_build_object('platform', a.platform, 'url', a.url) order by a.platform)
  from ${socialAccounts} a where a.brand_id = ${brands.id}), '[]'::json)`;

/**
 * The brand the workspace's modules show: `brandId` when it is one of the workspace's own (the caller's choice),
 * else its newest own brand. Every module call starts here: one query.
 */
export async function findCurrentBrand(
  db: Queryable,
  p: { workspaceId: string; brandId?: string | undefined },
): Promise<BrandWithLinks | undefined> {
  const [row] = await db
    .select({ brand: brands, socialLinks: linksColumn })
    .from(workspaceBrands)
    .innerJoin(brands, eq(brands.id, workspaceBrands.brandId))
    .where(
      and(
        eq(workspaceBrands.workspaceId, p.workspaceId),
        p.brandId === undefined ? undefined : eq(workspaceBrands.brandId, p.brandId),
      ),
    )
    .orderBy(desc(workspaceBrands.createdAt))
    .limit(1);
  return row ? { ...row.brand, socialLinks: row.socialLinks } : undefined;
}

/** The workspace's own brands (not the competitors it follows), newest first: the brand switcher's list. */
export async function findOwnBrands(db: Queryable, p: { workspaceId: string }): Promise<BrandWithLinks[]> {
  const rows = await db
    .select({ brand: brands, socialLinks: linksColumn })
    .from(workspaceBrands)
    .innerJoin(brands, eq(brands.id, workspaceBrands.brandId))
    .where(eq(workspaceBrands.workspaceId, p.workspaceId))
    .orderBy(desc(workspaceBrands.createdAt), asc(brands.id));
  return rows.map((row) => ({ ...row.brand, socialLinks: row.socialLinks }));
}

export async function findCompetitors(db: Queryable, p: { workspaceId: string; brandId: string }) {
  const rows = await db
    .select({ brand: brands })
    .from(brandCompetitors)
    .innerJoin(brands, eq(brands.id, brandCompetitors.competitorId))
    .where(and(eq(brandCompetitors.workspaceId, p.workspaceId), eq(brandCompetitors.brandId, p.brandId)))
    .orderBy(asc(brandCompetitors.createdAt), asc(brands.id));
  return withLinks(
    db,
    rows.map((r) => r.brand),
  );
}

/**
 * The names of the competitors any workspace follows for a brand: its keywords keep them even when a stop-word
 * list holds their words (docs/analytics-methods.md §1.4).
 */
export async function findCompetitorNames(db: Queryable, p: { brandId: string }): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: brands.name })
    .from(brandCompetitors)
    .innerJoin(brands, eq(brands.id, brandCompetitors.competitorId))
    .where(eq(brandCompetitors.brandId, p.brandId))
    .orderBy(asc(brands.name));
  return rows.map((r) => r.name);
}

export async function countCompetitors(db: Queryable, p: { workspaceId: string; brandId: string }) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(brandCompetitors)
    .where(and(eq(brandCompetitors.workspaceId, p.workspaceId), eq(brandCompetitors.brandId, p.brandId)));
  return row?.n ?? 0;
}

export async function findBrandById(db: Queryable, p: { brandId: string }) {
  const [row] = await db.select().from(brands).where(eq(brands.id, p.brandId));
  if (!row) return undefined;
  const [brand] = await withLinks(db, [row]);
  return brand;
}

export interface NewBrand {
  workspaceId: string;
  name: string;
  website: string;
  country: string | null;
  industry: string | null;
  socialLinks: SocialLinkRow[];
  now: Date;
}

export async function insertBrand(db: Queryable, p: NewBrand): Promise<BrandWithLinks> {
  const [row] = await db
    .insert(brands)
    .values({
      workspaceId: p.workspaceId,
      name: p.name,
      website: p.website,
      country: p.country,
      industry: p.industry,
      status: "pending",
      dataChangedAt: p.now,
      createdAt: p.now,
    })
    .returning();
  if (!row) throw new Error("The brand was not stored");
  await upsertSocialLinks(db, { brandId: row.id, links: p.socialLinks });
  return { ...row, socialLinks: [...p.socialLinks].sort((a, b) => a.platform.localeCompare(b.platform)) };
}

/** Links found on the website never replace the ones the user typed. */
export async function upsertSocialLinks(
  db: Queryable,
  p: { brandId: string; links: SocialLinkRow[]; keepExisting?: boolean },
) {
  if (p.links.length === 0) return;
  const insert = db
    .insert(socialAccounts)
    .values(p.links.map((l) => ({ brandId: p.brandId, platform: l.platform, url: l.url })));
  await (p.keepExisting
    ? insert.onConflictDoNothing()
    : insert.onConflictDoUpdate({
        target: [socialAccounts.brandId, socialAccounts.platform],
        set: { url: sql`excluded.url` },
      }));
}

/**
 * The brand's accounts on `platforms` become `links`: the others of those platforms are removed, accounts on other
 * platforms (found on its website) stay.
 */
export async function replaceSocialLinks(
  db: Queryable,
  p: { brandId: string; platforms: readonly SocialNetwork[]; links: SocialLinkRow[] },
) {
  const kept = new Set(p.links.map((l) => l.platform));
  const removed = p.platforms.filter((platform) => !kept.has(platform));
  if (removed.length > 0) {
    await db
      .delete(socialAccounts)
      .where(and(eq(socialAccounts.brandId, p.brandId), inArray(socialAccounts.platform, removed)));
  }
  await upsertSocialLinks(db, p);
}

export async function linkOwnBrand(db: Queryable, p: { workspaceId: string; brandId: string; now: Date }) {
  await db
    .insert(workspaceBrands)
    .values({ workspaceId: p.workspaceId, brandId: p.brandId, createdAt: p.now });
}

export async function linkCompetitors(
  db: Queryable,
  p: { workspaceId: string; brandId: string; competitorIds: string[]; now: Date },
) {
  if (p.competitorIds.length === 0) return;
  await db
    .insert(brandCompetitors)
    .values(
      p.competitorIds.map((competitorId, index) => ({
        workspaceId: p.workspaceId,
        brandId: p.brandId,
        competitorId,
        // Keeps the order they were given in.
        createdAt: new Date(p.now.getTime() + index),
      })),
    )
    .onConflictDoNothing();
}

/** Unlinks a competitor; a competitor brand the workspace created goes with its data. */
export async function removeCompetitor(
  db: Queryable,
  p: { workspaceId: string; brandId: string; competitorId: string },
): Promise<boolean> {
  const removed = await db
    .delete(brandCompetitors)
    .where(
      and(
        eq(brandCompetitors.workspaceId, p.workspaceId),
        eq(brandCompetitors.brandId, p.brandId),
        eq(brandCompetitors.competitorId, p.competitorId),
      ),
    )
    .returning({ id: brandCompetitors.competitorId });
  if (removed.length === 0) return false;
  await db.delete(brands).where(and(eq(brands.id, p.competitorId), eq(brands.workspaceId, p.workspaceId)));
  return true;
}

/**
 * Holds the workspace's brands until the transaction ends: connecting a brand and adding a competitor run one at a
 * time per workspace, so two of them cannot both pass the plan's limit (two brands on a one-brand plan).
 */
export async function lockWorkspaceBrands(tx: Tx, p: { workspaceId: string }) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`brands:${p.workspaceId}`}))`);
}

/**
 * Forgets a brand of the workspace with its competitors: the workspace's own brand rows (and their data) are
 * deleted; shared sample brands are only unlinked.
 */
export async function removeOwnBrand(db: Queryable, p: { workspaceId: string; brandId: string }) {
  const competitors = await db
    .delete(brandCompetitors)
    .where(and(eq(brandCompetitors.workspaceId, p.workspaceId), eq(brandCompetitors.brandId, p.brandId)))
    .returning({ id: brandCompetitors.competitorId });
  await db
    .delete(workspaceBrands)
    .where(and(eq(workspaceBrands.workspaceId, p.workspaceId), eq(workspaceBrands.brandId, p.brandId)));
  const owned = [p.brandId, ...competitors.map((c) => c.id)];
  await db.delete(brands).where(and(inArray(brands.id, owned), eq(brands.workspaceId, p.workspaceId)));
}

export async function removeAllBrands(db: Queryable, p: { workspaceId: string }) {
  await db.delete(brandCompetitors).where(eq(brandCompetitors.workspaceId, p.workspaceId));
  await db.delete(workspaceBrands).where(eq(workspaceBrands.workspaceId, p.workspaceId));
  await db.delete(brands).where(eq(brands.workspaceId, p.workspaceId));
}

/** Only a status that differs is written: the same one again would be a change to every read of brands. */
export async function setBrandStatus(
  db: Queryable,
  p: { brandId: string; status: CollectionStatus; reason: string | null },
) {
  await db
    .update(brands)
    .set({ status: p.status, statusReason: p.reason })
    .where(
      and(
        eq(brands.id, p.brandId),
        sql`(${brands.status}, ${brands.statusReason}) is distinct from (${p.status}, ${p.reason}::text)`,
      ),
    );
}

export async function updateBrandFacts(
  db: Queryable,
  p: { brandId: string; logo?: string | null; description?: string | null; now: Date },
) {
  await db
    .update(brands)
    .set({
      ...(p.logo !== undefined ? { logo: p.logo } : {}),
      ...(p.description !== undefined ? { description: p.description } : {}),
      dataChangedAt: p.now,
    })
    .where(eq(brands.id, p.brandId));
}

/** What a user corrects on their own brand; only the fields given change. */
export async function updateBrandDetails(
  db: Queryable,
  p: { brandId: string; name?: string; industry?: string; country?: string; website?: string; now: Date },
) {
  await db
    .update(brands)
    .set({
      ...(p.name !== undefined ? { name: p.name } : {}),
      ...(p.website !== undefined ? { website: p.website } : {}),
      ...(p.industry !== undefined ? { industry: p.industry } : {}),
      ...(p.country !== undefined ? { country: p.country } : {}),
      dataChangedAt: p.now,
    })
    .where(eq(brands.id, p.brandId));
}

export interface SampleCatalogue {
  focusBrandId: string;
  competitorIds: string[];
}

/** The sample brand and its competitors, as the loader recorded them. */
export async function findSampleCatalogue(db: Queryable): Promise<SampleCatalogue | undefined> {
  const [row] = await db
    .select({ counts: sampleLoads.counts })
    .from(sampleLoads)
    .where(eq(sampleLoads.id, 1));
  const counts = row?.counts as Partial<SampleCatalogue> | undefined;
  if (!counts?.focusBrandId) return undefined;
  const [focus] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.id, counts.focusBrandId), isNull(brands.workspaceId)));
  return focus ? { focusBrandId: focus.id, competitorIds: counts.competitorIds ?? [] } : undefined;
}

/** Who may read a brand's figures: the workspace that owns or follows it. */
export async function isBrandVisible(db: Queryable, p: { workspaceId: string; brandId: string }) {
  const visible = selection({
    visible: computed<boolean>(sql`exists (
      select 1 from ${workspaceBrands} where workspace_id = ${p.workspaceId} and brand_id = ${p.brandId}
      union all
      select 1 from ${brandCompetitors} where workspace_id = ${p.workspaceId} and competitor_id = ${p.brandId}
    )`),
  });
  const [row] = await selectRows(db, visible, sql`select ${visible.sql}`);
  return row?.visible === true;
}

/** Whether `brandId` is one of the workspace's own brands (not only a competitor it follows). */
export async function isOwnBrand(db: Queryable, p: { workspaceId: string; brandId: string }) {
  const own = selection({
    own: computed<boolean>(sql`exists (
      select 1 from ${workspaceBrands} where workspace_id = ${p.workspaceId} and brand_id = ${p.brandId}
    )`),
  });
  const [row] = await selectRows(db, own, sql`select ${own.sql}`);
  return row?.own === true;
}
