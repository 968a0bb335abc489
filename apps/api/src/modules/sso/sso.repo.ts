import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { ssoConnections, ssoDomains, workspaces } from "../../db/schema";

export type SsoConnectionRow = typeof ssoConnections.$inferSelect;
export type SsoDomainRow = typeof ssoDomains.$inferSelect;

export async function findSsoConnection(db: Queryable, p: { workspaceId: string }) {
  const [row] = await db.select().from(ssoConnections).where(eq(ssoConnections.workspaceId, p.workspaceId));
  return row;
}

/** Creates or replaces the workspace's connection (one identity provider per workspace). */
export async function upsertSsoConnection(
  db: Queryable,
  p: Omit<SsoConnectionRow, "createdAt" | "updatedAt"> & { now: Date },
) {
  const { now, ...values } = p;
  const { workspaceId: _, ...changes } = values;
  await db
    .insert(ssoConnections)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: ssoConnections.workspaceId, set: { ...changes, updatedAt: now } });
}

export async function deleteSsoConnection(db: Queryable, p: { workspaceId: string }) {
  await db.delete(ssoConnections).where(eq(ssoConnections.workspaceId, p.workspaceId));
}

export const findSsoDomains = (db: Queryable, p: { workspaceId: string }) =>
  db
    .select()
    .from(ssoDomains)
    .where(eq(ssoDomains.workspaceId, p.workspaceId))
    .orderBy(ssoDomains.createdAt, ssoDomains.domain);

export async function findSsoDomain(db: Queryable, p: { id: string; workspaceId: string }) {
  const [row] = await db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.id, p.id), eq(ssoDomains.workspaceId, p.workspaceId)));
  return row;
}

/** The domain of this workspace by name; undefined when it has not claimed it. */
export async function findSsoDomainByName(db: Queryable, p: { workspaceId: string; domain: string }) {
  const [row] = await db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.workspaceId, p.workspaceId), eq(ssoDomains.domain, p.domain)));
  return row;
}

/** The workspace that verified this domain, if any (at most one: the partial unique index). */
export async function findVerifiedDomain(db: Queryable, p: { domain: string }) {
  const [row] = await db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.domain, p.domain), isNotNull(ssoDomains.verifiedAt)));
  return row;
}

export async function insertSsoDomain(
  db: Queryable,
  p: { workspaceId: string; domain: string; verificationToken: string; now: Date },
): Promise<SsoDomainRow> {
  const [row] = await db
    .insert(ssoDomains)
    .values({ ...p, createdAt: p.now })
    .returning();
  if (!row) throw new Error("sso domain insert returned no row");
  return row;
}

/** Marks the domain verified; undefined when it is not the workspace's. */
export async function markSsoDomainVerified(
  db: Queryable,
  p: { id: string; workspaceId: string; now: Date },
) {
  const [row] = await db
    .update(ssoDomains)
    .set({ verifiedAt: sql`coalesce(${ssoDomains.verifiedAt}, ${p.now.toISOString()}::timestamptz)` })
    .where(and(eq(ssoDomains.id, p.id), eq(ssoDomains.workspaceId, p.workspaceId)))
    .returning();
  return row;
}

export async function deleteSsoDomain(
  db: Queryable,
  p: { id: string; workspaceId: string },
): Promise<boolean> {
  const rows = await db
    .delete(ssoDomains)
    .where(and(eq(ssoDomains.id, p.id), eq(ssoDomains.workspaceId, p.workspaceId)))
    .returning({ id: ssoDomains.id });
  return rows.length > 0;
}

/** The name of this workspace; undefined once it is deleted. */
export async function findWorkspaceName(db: Queryable, p: { workspaceId: string }) {
  const [row] = await db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, p.workspaceId));
  return row?.name;
}
