import { and, count, eq, isNotNull } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { type ConnectorProperty, type ConnectorStatus, connections, keywords } from "../../db/schema";
import type { ConnectionRow } from "./connections.repo";

/** Stores a new grant: the sealed refresh token, the properties it can read and the one chosen. */
export async function saveSearchConsoleConnection(
  db: Queryable,
  p: {
    workspaceId: string;
    sealedCredential: string;
    /** The Google account whose grant it is (google-oauth.ts subjectOfIdToken); null when Google named none. */
    accountSubject: string | null;
    properties: ConnectorProperty[];
    property: string | null;
    status: ConnectorStatus;
    reason: string | null;
  },
): Promise<ConnectionRow> {
  const values = {
    sealedCredential: p.sealedCredential,
    accountSubject: p.accountSubject,
    properties: p.properties,
    property: p.property,
    status: p.status,
    statusReason: p.reason,
  };
  const [row] = await db
    .insert(connections)
    .values({ workspaceId: p.workspaceId, provider: "search_console", ...values })
    .onConflictDoUpdate({ target: [connections.workspaceId, connections.provider], set: values })
    .returning();
  if (!row) throw new Error("The connection was not stored");
  return row;
}

export async function setProperty(
  db: Queryable,
  p: { id: string; property: string; status: ConnectorStatus; reason: string | null },
) {
  await db
    .update(connections)
    .set({ property: p.property, status: p.status, statusReason: p.reason })
    .where(eq(connections.id, p.id));
}

export interface ProviderKeyword {
  country: string;
  keyword: string;
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
  intent: string;
}

/** Rows per insert statement: 19 values a row stays far below PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 2_000;

/**
 * Replaces the brand's Search Console keywords with this read's. Imported keywords (a keyword planner export) keep
 * their row where both name the same query in the same country (the table's unique key): the import has the
 * search volume and CPC the intent module ranks by, which Search Console does not give. A provider row Google Ads
 * keyword planning gave figures to (plannedAt) keeps them: its volume, CPC, competition and trend stay with the
 * query read again, and a row Search Console no longer lists stays as it is. Returns the rows stored.
 */
export async function replaceProviderKeywords(
  db: Queryable,
  p: { brandId: string; rows: ProviderKeyword[] },
): Promise<number> {
  const provider = and(eq(keywords.brandId, p.brandId), eq(keywords.source, "provider"));
  const planned = await db
    .select()
    .from(keywords)
    .where(and(provider, isNotNull(keywords.plannedAt)));
  const plannedByKey = new Map(planned.map((k) => [`${k.country} ${k.keyword.toLowerCase()}`, k]));
  await db.delete(keywords).where(provider);
  const read = p.rows.map((r) => {
    const plan = plannedByKey.get(`${r.country} ${r.keyword.toLowerCase()}`);
    plannedByKey.delete(`${r.country} ${r.keyword.toLowerCase()}`);
    return {
      brandId: p.brandId,
      country: r.country,
      keyword: r.keyword,
      // Search Console gives no cost per click: the currency is a placeholder next to a null CPC.
      currency: plan?.currency ?? "USD",
      cpc: plan?.cpc ?? null,
      competition: plan?.competition ?? null,
      // The brand's own search demand: impressions over the 28 days read, about a month; Google Ads' average
      // monthly searches when it gave them.
      volume: plan ? plan.volume : r.impressions,
      trend: plan?.trend ?? [],
      trendStart: plan?.trendStart ?? null,
      plannedAt: plan?.plannedAt ?? null,
      intent: plan?.intent ?? r.intent,
      clicks: r.clicks,
      impressions: r.impressions,
      ctr: r.ctr,
      position: r.position,
      source: "provider" as const,
    };
  });
  const kept = [...plannedByKey.values()].map(({ id: _id, ...k }) => ({
    ...k,
    clicks: null,
    impressions: null,
    ctr: null,
    position: null,
  }));
  const values = [...read, ...kept];
  let stored = 0;
  for (let at = 0; at < values.length; at += INSERT_CHUNK) {
    const inserted = await db
      .insert(keywords)
      .values(values.slice(at, at + INSERT_CHUNK))
      .onConflictDoNothing()
      .returning({ id: keywords.id });
    stored += inserted.length;
  }
  return Math.max(0, stored - kept.length);
}

/** The brand's queries from Search Console: provider rows with impressions (Google Ads' own rows have none). */
export async function countProviderKeywords(db: Queryable, p: { brandId: string }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(keywords)
    .where(
      and(eq(keywords.brandId, p.brandId), eq(keywords.source, "provider"), isNotNull(keywords.impressions)),
    );
  return row?.n ?? 0;
}
