import type { components } from "@brandscope/api-client/schema";
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { personas } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { RequestCtx } from "../../http/handler-types";
import { workspacePlan } from "../billing/plan-limits";
import { findCompetitors, findCurrentBrand } from "../brand/brand.repo";
import { workspaceOf } from "../brand/brand.service";
import type { PersonaDetailsPayload } from "./audience.compute";
import { containsPattern } from "./like-pattern";
import { provenanceOf } from "./module-context";

type Schemas = components["schemas"];
type PersonaRow = typeof personas.$inferSelect;

/** The brands whose audiences the workspace sees: its brand and the competitors it follows. */
async function audienceBrands(ctx: RequestCtx) {
  const workspaceId = workspaceOf(ctx);
  const brand = await findCurrentBrand(ctx.db, { workspaceId });
  if (!brand) return [];
  return [brand, ...(await findCompetitors(ctx.db, { workspaceId, brandId: brand.id }))];
}

function toSummary(row: PersonaRow): Schemas["PersonaSummary"] {
  return {
    id: row.id,
    name: row.name,
    ageMin: row.ageMin,
    ageMax: row.ageMax,
    gender: row.gender as Schemas["PersonaSummary"]["gender"],
    interests: row.interests,
    platforms: row.platforms as Schemas["SocialNetwork"][],
    size: row.size,
    share: row.share,
    engagementRate: row.engagementRate,
    country: row.country,
    industry: row.industry,
  };
}

function filtersOf(brandIds: string[], query: { country?: string; industry?: string; search?: string }): SQL {
  const conditions: (SQL | undefined)[] = [inArray(personas.brandId, brandIds)];
  if (query.country) conditions.push(eq(personas.country, query.country));
  if (query.industry) conditions.push(eq(personas.industry, query.industry));
  const search = query.search?.trim();
  if (search) {
    const pattern = containsPattern(search.toLowerCase());
    conditions.push(
      or(
        ilike(personas.name, pattern),
        sql`exists (select 1 from unnest(${personas.interests}) as i where lower(i) like ${pattern})`,
      ),
    );
  }
  return and(...conditions) ?? sql`true`;
}

/**
 * Personas of the workspace's brand and competitors, by name, a page at a time. Starter sees the 3 largest
 * (of the filtered industry) and is told the list is limited.
 */
export async function listPersonas(
  ctx: RequestCtx,
  query: { limit?: number; page?: number; country?: string; industry?: string; search?: string },
): Promise<Schemas["PersonaList"]> {
  const brands = await audienceBrands(ctx);
  if (brands.length === 0) return { results: [], total: 0, limited: false };
  const { limits } = await workspacePlan(ctx.db, { workspaceId: workspaceOf(ctx) });
  const where = filtersOf(
    brands.map((b) => b.id),
    query,
  );
  const limit = query.limit ?? 20;
  const page = query.page ?? 1;
  const [counted] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(personas).where(where);
  const total = counted?.n ?? 0;
  if (limits.topPersonas !== null && total > limits.topPersonas) {
    const top = await ctx.db
      .select()
      .from(personas)
      .where(where)
      .orderBy(desc(personas.size), asc(personas.id))
      .limit(limits.topPersonas);
    const byName = top.sort((a, b) =>
      a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : a.id < b.id ? -1 : 1,
    );
    const results = page === 1 ? byName.slice(0, limit) : [];
    return { results: results.map(toSummary), total: top.length, limited: true };
  }
  const rows = await ctx.db
    .select()
    .from(personas)
    .where(where)
    .orderBy(asc(personas.sortKey), asc(personas.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { results: rows.map(toSummary), total, limited: false };
}

export async function getPersona(ctx: RequestCtx, id: string): Promise<Schemas["PersonaDetails"]> {
  const brands = await audienceBrands(ctx);
  const notFound = new AppError(
    "NOT_FOUND",
    404,
    "This persona does not exist or is not part of your audience.",
  );
  if (brands.length === 0) throw notFound;
  const [row] = await ctx.db
    .select()
    .from(personas)
    .where(
      and(
        eq(personas.id, id),
        inArray(
          personas.brandId,
          brands.map((b) => b.id),
        ),
      ),
    );
  if (!row) throw notFound;
  const { limits } = await workspacePlan(ctx.db, { workspaceId: workspaceOf(ctx) });
  if (limits.topPersonas !== null) {
    const top = await ctx.db
      .select({ id: personas.id })
      .from(personas)
      .where(
        and(
          inArray(
            personas.brandId,
            brands.map((b) => b.id),
          ),
          row.industry ? eq(personas.industry, row.industry) : sql`true`,
        ),
      )
      .orderBy(desc(personas.size), asc(personas.id))
      .limit(limits.topPersonas);
    if (!top.some((p) => p.id === id)) throw notFound;
  }
  const details = row.details as PersonaDetailsPayload;
  const brand = brands.find((b) => b.id === row.brandId) ?? { id: row.brandId, sample: false };
  return {
    ...toSummary(row),
    interestRadar: details.interestRadar,
    platformSplit: details.platformSplit,
    activity: details.activity,
    keywords: details.keywords,
    influencers: details.influencers.map((i) => ({ ...i, platform: i.platform as Schemas["SocialNetwork"] })),
    provenance: await provenanceOf(ctx, brand, { dataAsOf: null, computedAt: row.computedAt }),
  };
}
