import { and, count, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { type ConnectorProperty, type ConnectorStatus, connections, searchQueries } from "../../db/schema";
import { type ConnectionOwner, type ConnectionRow, connectionKey } from "./connections.repo";

/** Stores a new grant: the sealed refresh token, the properties it can read and the one chosen. */
export async function saveSearchConsoleConnection(
  db: Queryable,
  p: ConnectionOwner & {
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
    .values({ workspaceId: p.workspaceId, brandId: p.brandId, provider: "search_console", ...values })
    .onConflictDoUpdate({ target: connectionKey, set: values })
    .returning();
  if (!row) throw new Error("The connection was not stored");
  return row;
}

/** One query as a read stores it: the brand's own search, in one country, over the read's days. */
export interface ReadQuery {
  country: string;
  query: string;
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
}

/** Rows per insert statement: 14 values a row stays far below PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 2_000;

/**
 * Replaces the brand's searches read by the connector with this read's (docs/decisions.md "Your searches"): the
 * connector keeps its latest read only, since each read's 28 days overlap the last one's and adding them up would
 * count the same searches twice. Exported queries are left as they are. Nothing goes into keywords: a query's
 * impressions are not its search volume. Returns the rows stored.
 */
export async function replaceConnectorSearches(
  db: Queryable,
  p: {
    workspaceId: string;
    brandId: string;
    connectionId: string;
    period: { from: string; to: string };
    rows: ReadQuery[];
  },
): Promise<number> {
  await db
    .delete(searchQueries)
    .where(and(eq(searchQueries.brandId, p.brandId), eq(searchQueries.source, "provider")));
  const values = p.rows.map((r) => ({
    workspaceId: p.workspaceId,
    brandId: p.brandId,
    query: r.query,
    country: r.country,
    periodFrom: p.period.from,
    periodTo: p.period.to,
    clicks: r.clicks,
    impressions: r.impressions,
    ctr: r.ctr,
    position: r.position,
    source: "provider" as const,
    connectionId: p.connectionId,
  }));
  let stored = 0;
  for (let at = 0; at < values.length; at += INSERT_CHUNK) {
    const inserted = await db
      .insert(searchQueries)
      .values(values.slice(at, at + INSERT_CHUNK))
      .onConflictDoNothing()
      .returning({ id: searchQueries.id });
    stored += inserted.length;
  }
  return stored;
}

/** The brand's searches the connector read last (one row per query and country). */
export async function countConnectorSearches(db: Queryable, p: { brandId: string }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(searchQueries)
    .where(and(eq(searchQueries.brandId, p.brandId), eq(searchQueries.source, "provider")));
  return row?.n ?? 0;
}
