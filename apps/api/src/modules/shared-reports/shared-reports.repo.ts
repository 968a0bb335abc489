import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { brands, sharedReports, users, workspaces } from "../../db/schema";

export type SharedReportRow = typeof sharedReports.$inferSelect;

const listed = {
  report: sharedReports,
  brandName: brands.name,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
  creatorEmail: users.email,
};

const withNames = (db: Queryable) =>
  db
    .select(listed)
    .from(sharedReports)
    .innerJoin(brands, eq(brands.id, sharedReports.brandId))
    .leftJoin(users, eq(users.id, sharedReports.createdBy));

export type ListedSharedReport = Awaited<ReturnType<typeof findSharedReports>>[number];

export async function insertSharedReport(db: Queryable, values: typeof sharedReports.$inferInsert) {
  const [row] = await db.insert(sharedReports).values(values).returning({ id: sharedReports.id });
  if (!row) throw new Error("shared report not inserted");
  return row;
}

/** The workspace's links, newest first, with the brand's and the maker's names. */
export const findSharedReports = (db: Queryable, p: { workspaceId: string; id?: string }) =>
  withNames(db)
    .where(
      and(
        eq(sharedReports.workspaceId, p.workspaceId),
        p.id === undefined ? undefined : eq(sharedReports.id, p.id),
      ),
    )
    .orderBy(desc(sharedReports.createdAt), desc(sharedReports.id));

/** Revokes one link of the workspace unless it is revoked already (its first revocation's time is kept). */
export async function revokeSharedReportRow(
  db: Queryable,
  p: { id: string; workspaceId: string; now: Date },
) {
  await db
    .update(sharedReports)
    .set({ revokedAt: p.now })
    .where(
      and(
        eq(sharedReports.id, p.id),
        eq(sharedReports.workspaceId, p.workspaceId),
        isNull(sharedReports.revokedAt),
      ),
    );
}

/** The link a token opens, with its workspace's name: the only way in for someone without an account. */
export async function findSharedReportByToken(db: Queryable, p: { tokenHash: string }) {
  const [row] = await db
    .select({ report: sharedReports, brandName: brands.name, workspaceName: workspaces.name })
    .from(sharedReports)
    .innerJoin(brands, eq(brands.id, sharedReports.brandId))
    .innerJoin(workspaces, eq(workspaces.id, sharedReports.workspaceId))
    .where(eq(sharedReports.tokenHash, p.tokenHash));
  return row;
}

/**
 * Notes the opening. At most once a minute per link, so a page reloaded in a loop does not write on every read
 * (the rate limit holds the reads themselves).
 */
export async function markSharedReportOpened(db: Queryable, p: { id: string; now: Date }) {
  await db
    .update(sharedReports)
    .set({ lastOpenedAt: p.now })
    .where(
      and(
        eq(sharedReports.id, p.id),
        sql`(${sharedReports.lastOpenedAt} is null or ${sharedReports.lastOpenedAt} < ${p.now.toISOString()}::timestamptz - interval '1 minute')`,
      ),
    );
}
