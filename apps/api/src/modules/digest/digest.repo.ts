import { and, desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import {
  brands,
  type DigestKind,
  digestPreferences,
  digestSends,
  users,
  workspaceBrands,
} from "../../db/schema";

export interface StoredPreference {
  enabled: boolean;
  weekday: number;
  hour: number;
  /** The week's report attached as a PDF (issue 32, the PDF). */
  attachPdf: boolean;
}

export async function findDigestPreference(
  db: Queryable,
  p: { userId: string; brandId: string },
): Promise<StoredPreference | undefined> {
  const [row] = await db
    .select({
      enabled: digestPreferences.enabled,
      weekday: digestPreferences.weekday,
      hour: digestPreferences.hour,
      attachPdf: digestPreferences.attachPdf,
    })
    .from(digestPreferences)
    .where(and(eq(digestPreferences.userId, p.userId), eq(digestPreferences.brandId, p.brandId)));
  return row;
}

export async function saveDigestPreference(
  db: Queryable,
  p: { userId: string; brandId: string; preference: StoredPreference; now: Date },
): Promise<void> {
  const values = { ...p.preference, updatedAt: p.now };
  await db
    .insert(digestPreferences)
    .values({ userId: p.userId, brandId: p.brandId, ...values })
    .onConflictDoUpdate({ target: [digestPreferences.userId, digestPreferences.brandId], set: values });
}

/**
 * Every confirmed member with each own brand of their workspace (never the sample), their saved preference if any
 * and their time zone: what the hourly run chooses from. A workspace has a handful of members and brands.
 */
export async function findDigestRecipients(db: Queryable) {
  const rows = await db
    .select({
      userId: users.id,
      workspaceId: users.workspaceId,
      role: users.role,
      email: users.email,
      firstName: users.firstName,
      timeZone: users.timeZone,
      brandId: brands.id,
      brandName: brands.name,
      enabled: digestPreferences.enabled,
      weekday: digestPreferences.weekday,
      hour: digestPreferences.hour,
      attachPdf: digestPreferences.attachPdf,
    })
    .from(users)
    .innerJoin(workspaceBrands, eq(workspaceBrands.workspaceId, users.workspaceId))
    .innerJoin(brands, and(eq(brands.id, workspaceBrands.brandId), eq(brands.sample, false)))
    .leftJoin(
      digestPreferences,
      and(eq(digestPreferences.userId, users.id), eq(digestPreferences.brandId, brands.id)),
    )
    .where(eq(users.status, "confirmed"));
  return rows.map(({ enabled, weekday, hour, attachPdf, ...rest }) => ({
    ...rest,
    saved:
      enabled === null || weekday === null || hour === null || attachPdf === null
        ? undefined
        : { enabled, weekday, hour, attachPdf },
  }));
}

/**
 * Records the digest of (member, brand, week), in the transaction that queues its e-mail; false when it was recorded
 * already (another instance, or this one before a restart), and then nothing is queued.
 */
export async function claimDigestSend(
  db: Queryable,
  p: { userId: string; brandId: string; week: string; kind: DigestKind; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(digestSends)
    .values({ userId: p.userId, brandId: p.brandId, week: p.week, kind: p.kind, createdAt: p.now })
    .onConflictDoNothing()
    .returning({ week: digestSends.week });
  return rows.length > 0;
}

/** What the member's last digest of the brand was: a "nothing new" is sent once, then nothing until there is news. */
export async function findLastDigestKind(
  db: Queryable,
  p: { userId: string; brandId: string },
): Promise<DigestKind | undefined> {
  const [row] = await db
    .select({ kind: digestSends.kind })
    .from(digestSends)
    .where(and(eq(digestSends.userId, p.userId), eq(digestSends.brandId, p.brandId)))
    .orderBy(desc(digestSends.week))
    .limit(1);
  return row?.kind;
}

/** Whether the digest of (member, brand, week) was recorded: the hourly run skips its work then. */
export async function digestSent(
  db: Queryable,
  p: { userId: string; brandId: string; week: string },
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(digestSends)
    .where(
      and(eq(digestSends.userId, p.userId), eq(digestSends.brandId, p.brandId), eq(digestSends.week, p.week)),
    );
  return row !== undefined;
}

/** The member and brand an unsubscribe token names, if both still exist and the brand is the member's workspace's. */
export async function findMemberBrand(db: Queryable, p: { userId: string; brandId: string }) {
  const [row] = await db
    .select({ role: users.role })
    .from(users)
    .innerJoin(
      workspaceBrands,
      and(eq(workspaceBrands.workspaceId, users.workspaceId), eq(workspaceBrands.brandId, p.brandId)),
    )
    .where(eq(users.id, p.userId));
  return row;
}
