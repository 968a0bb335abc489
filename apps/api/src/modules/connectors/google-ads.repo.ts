import { and, count, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import {
  type ConnectorStatus,
  connections,
  type GoogleAdsCustomer,
  keywords,
  searchQueries,
} from "../../db/schema";
import { type ConnectionOwner, type ConnectionRow, connectionKey } from "./connections.repo";

/** Stores a new grant: the sealed refresh token, the customers it can read and the one chosen. */
export async function saveGoogleAdsConnection(
  db: Queryable,
  p: ConnectionOwner & {
    sealedCredential: string;
    /** The Google account whose grant it is (google-oauth.ts subjectOfIdToken); null when Google named none. */
    accountSubject: string | null;
    customers: GoogleAdsCustomer[];
    customerId: string | null;
    status: ConnectorStatus;
    reason: string | null;
  },
): Promise<ConnectionRow> {
  const values = {
    sealedCredential: p.sealedCredential,
    accountSubject: p.accountSubject,
    customers: p.customers,
    property: p.customerId,
    status: p.status,
    statusReason: p.reason,
    rateLimitedUntil: null,
  };
  const [row] = await db
    .insert(connections)
    .values({ workspaceId: p.workspaceId, brandId: p.brandId, provider: "google_ads", ...values })
    .onConflictDoUpdate({ target: connectionKey, set: values })
    .returning();
  if (!row) throw new Error("The connection was not stored");
  return row;
}

/** The customers Google listed on a read (none could be listed at connect), and the one chosen if any. */
export async function setCustomers(
  db: Queryable,
  p: { id: string; customers: GoogleAdsCustomer[]; customerId: string | null },
) {
  await db
    .update(connections)
    .set({ customers: p.customers, property: p.customerId })
    .where(eq(connections.id, p.id));
}

export async function setRateLimitedUntil(db: Queryable, p: { id: string; until: Date | null }) {
  await db.update(connections).set({ rateLimitedUntil: p.until }).where(eq(connections.id, p.id));
}

/**
 * The seed keywords of a read: the brand's own keywords of any source (imported, an earlier read), those with the
 * most demand first, then its own searches (Search Console's queries, search_queries) with the most impressions,
 * one per text: Google Ads then gives those queries a search volume of their own.
 */
export async function findSeedKeywords(
  db: Queryable,
  p: { brandId: string; limit: number },
): Promise<string[]> {
  const rows = await db
    .select({ keyword: keywords.keyword })
    .from(keywords)
    .where(eq(keywords.brandId, p.brandId))
    .orderBy(sql`${keywords.volume} desc nulls last`, desc(keywords.id))
    .limit(p.limit * 4);
  const searched = await db
    .select({ keyword: searchQueries.query })
    .from(searchQueries)
    .where(eq(searchQueries.brandId, p.brandId))
    .orderBy(
      desc(searchQueries.periodTo),
      sql`${searchQueries.impressions} desc nulls last`,
      desc(searchQueries.id),
    )
    .limit(p.limit * 4);
  const seen = new Set<string>();
  const seeds: string[] = [];
  for (const { keyword } of [...rows, ...searched]) {
    const key = keyword.trim().toLowerCase();
    if (seen.has(key) || seeds.length >= p.limit) continue;
    seen.add(key);
    seeds.push(keyword.trim());
  }
  return seeds;
}

export interface PlannedKeyword {
  keyword: string;
  volume: number | null;
  cpc: number | null;
  competition: number | null;
  trend: number[];
  trendStart: string | null;
  intent: string;
}

/**
 * Stores a read's figures as the brand's keywords in its country: an imported row (a Keyword Planner export) keeps
 * its figures where both name the same keyword in the same country; an earlier read's provider row takes the new
 * volume, CPC, competition and trend; a keyword without a row (a Search Console query among them) gets a provider
 * row. Returns the rows written.
 */
export async function applyPlannedKeywords(
  db: Queryable,
  p: { brandId: string; country: string; currency: string; at: Date; rows: PlannedKeyword[] },
): Promise<number> {
  let written = 0;
  for (const row of p.rows) {
    const figures = {
      volume: row.volume,
      cpc: row.cpc,
      competition: row.competition,
      trend: row.trend,
      trendStart: row.trendStart,
      currency: p.currency,
      intent: row.intent,
      plannedAt: p.at,
    };
    const [existing] = await db
      .select({ id: keywords.id, source: keywords.source })
      .from(keywords)
      .where(
        and(
          eq(keywords.brandId, p.brandId),
          eq(keywords.country, p.country),
          sql`lower(${keywords.keyword}) = lower(${row.keyword})`,
        ),
      );
    if (existing && existing.source !== "provider") continue;
    if (existing) {
      await db.update(keywords).set(figures).where(eq(keywords.id, existing.id));
    } else {
      await db.insert(keywords).values({
        brandId: p.brandId,
        country: p.country,
        keyword: row.keyword,
        source: "provider",
        ...figures,
      });
    }
    written += 1;
  }
  return written;
}

export async function countPlannedKeywords(db: Queryable, p: { brandId: string }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(keywords)
    .where(and(eq(keywords.brandId, p.brandId), isNotNull(keywords.plannedAt)));
  return row?.n ?? 0;
}
