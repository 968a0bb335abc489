import { and, desc, eq, gt, gte, inArray, isNull, lte, max, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import {
  type AlertEmailChoice,
  type AlertRule,
  type AlertSensitivity,
  alertMemberSettings,
  alertReads,
  alertRuleSettings,
  alerts,
  brandCompetitors,
  brands,
  posts,
  searchQueries,
  workspaceBrands,
} from "../../db/schema";
import { dayToDate } from "../analytics";
import type { EngagementPost, Fired, SearchSet } from "./rules";

/**
 * The workspaces whose alerts a brand's recompute may change: those owning it (every rule), and those following it
 * as a competitor of one of their own brands (the breakout rule of that brand). The sample brand is nobody's own.
 */
export async function alertTargets(db: Queryable, p: { brandId: string }) {
  const own = await db
    .select({ workspaceId: workspaceBrands.workspaceId, brandId: brands.id, name: brands.name })
    .from(workspaceBrands)
    .innerJoin(brands, and(eq(brands.id, workspaceBrands.brandId), eq(brands.sample, false)))
    .where(eq(workspaceBrands.brandId, p.brandId));
  const following = await db
    .select({ workspaceId: brandCompetitors.workspaceId, brandId: brands.id, name: brands.name })
    .from(brandCompetitors)
    .innerJoin(brands, and(eq(brands.id, brandCompetitors.brandId), eq(brands.sample, false)))
    .where(eq(brandCompetitors.competitorId, p.brandId));
  return { own, following };
}

/** The UTC day of the brand's newest post, if any. */
export async function newestPostDay(db: Queryable, p: { brandId: string }): Promise<string | null> {
  const [row] = await db
    .select({ newest: max(posts.postedAt) })
    .from(posts)
    .where(eq(posts.brandId, p.brandId));
  return row?.newest ? row.newest.toISOString().slice(0, 10) : null;
}

/** The counts of E of the brand's posts from `from` to `to` (whole UTC days). */
export async function engagementPosts(
  db: Queryable,
  p: { brandId: string; from: string; to: string },
): Promise<EngagementPost[]> {
  const rows = await db
    .select({
      platform: posts.platform,
      postedAt: posts.postedAt,
      likes: posts.likes,
      comments: posts.comments,
      shares: posts.shares,
    })
    .from(posts)
    .where(
      and(
        eq(posts.brandId, p.brandId),
        gte(posts.postedAt, dayToDate(p.from)),
        lte(posts.postedAt, new Date(dayToDate(p.to).getTime() + 86_399_999)),
      ),
    );
  return rows.map(({ postedAt, ...r }) => ({ ...r, day: postedAt.toISOString().slice(0, 10) }));
}

/**
 * The brand's newest set of Search Console queries (the one reaching the latest day) and the newest set of the same
 * source ending before it starts, clicks summed over countries per query. Null when there is no newest set.
 */
export async function searchSets(
  db: Queryable,
  p: { workspaceId: string; brandId: string },
): Promise<{ newest: SearchSet; previous: SearchSet | null } | null> {
  const scope = and(eq(searchQueries.workspaceId, p.workspaceId), eq(searchQueries.brandId, p.brandId));
  const [head] = await db
    .select({ source: searchQueries.source, from: searchQueries.periodFrom, to: searchQueries.periodTo })
    .from(searchQueries)
    .where(scope)
    .orderBy(desc(searchQueries.periodTo), desc(searchQueries.periodFrom), searchQueries.source)
    .limit(1);
  if (!head) return null;
  const [before] = await db
    .select({ from: searchQueries.periodFrom, to: searchQueries.periodTo })
    .from(searchQueries)
    .where(and(scope, eq(searchQueries.source, head.source), sql`${searchQueries.periodTo} < ${head.from}`))
    .orderBy(desc(searchQueries.periodTo), desc(searchQueries.periodFrom))
    .limit(1);
  const setOf = async (window: { from: string; to: string }): Promise<SearchSet> => {
    const queries = await db
      .select({
        query: sql<string>`min(${searchQueries.query})`,
        clicks: sql<number>`coalesce(sum(${searchQueries.clicks}), 0)::int`,
      })
      .from(searchQueries)
      .where(
        and(
          scope,
          eq(searchQueries.source, head.source),
          eq(searchQueries.periodFrom, window.from),
          eq(searchQueries.periodTo, window.to),
        ),
      )
      .groupBy(sql`lower(${searchQueries.query})`);
    return { window, queries };
  };
  return { newest: await setOf(head), previous: before ? await setOf(before) : null };
}

export interface RuleSetting {
  rule: AlertRule;
  enabled: boolean;
  sensitivity: AlertSensitivity;
}

export async function findRuleSettings(db: Queryable, p: { workspaceId: string }): Promise<RuleSetting[]> {
  return db
    .select({
      rule: alertRuleSettings.rule,
      enabled: alertRuleSettings.enabled,
      sensitivity: alertRuleSettings.sensitivity,
    })
    .from(alertRuleSettings)
    .where(eq(alertRuleSettings.workspaceId, p.workspaceId));
}

export async function saveRuleSettings(
  db: Queryable,
  p: { workspaceId: string; settings: RuleSetting[]; now: Date },
): Promise<void> {
  for (const s of p.settings) {
    const values = { enabled: s.enabled, sensitivity: s.sensitivity, updatedAt: p.now };
    await db
      .insert(alertRuleSettings)
      .values({ workspaceId: p.workspaceId, rule: s.rule, ...values })
      .onConflictDoUpdate({ target: [alertRuleSettings.workspaceId, alertRuleSettings.rule], set: values });
  }
}

export interface MemberSetting {
  mutedRules: AlertRule[];
  email: AlertEmailChoice;
}

export async function findMemberSettings(
  db: Queryable,
  p: { userId: string },
): Promise<MemberSetting | undefined> {
  const [row] = await db
    .select({ mutedRules: alertMemberSettings.mutedRules, email: alertMemberSettings.email })
    .from(alertMemberSettings)
    .where(eq(alertMemberSettings.userId, p.userId));
  return row;
}

export async function saveMemberSettings(
  db: Queryable,
  p: { userId: string; settings: MemberSetting; now: Date },
): Promise<void> {
  const values = { ...p.settings, updatedAt: p.now };
  await db
    .insert(alertMemberSettings)
    .values({ userId: p.userId, ...values })
    .onConflictDoUpdate({ target: alertMemberSettings.userId, set: values });
}

/**
 * Stores what fired, in one run (`batchId`), leaving out an event stored before (its subject) and a cool-down key that
 * fired within its cool-down. The caller holds the workspace's lock; the unique event key holds even without it.
 */
export async function storeFired(
  db: Queryable,
  p: { workspaceId: string; batchId: string; fired: Fired[]; now: Date },
) {
  const stored: (typeof alerts.$inferSelect)[] = [];
  for (const f of p.fired) {
    const sameBrand = f.brandId === null ? isNull(alerts.brandId) : eq(alerts.brandId, f.brandId);
    const since = new Date(p.now.getTime() - f.coolDownMs);
    const [recent] = await db
      .select({ id: alerts.id })
      .from(alerts)
      .where(
        and(
          eq(alerts.workspaceId, p.workspaceId),
          eq(alerts.rule, f.rule),
          sameBrand,
          or(
            eq(alerts.subject, f.subject),
            and(eq(alerts.coolDownKey, f.coolDownKey), gt(alerts.firedAt, since)),
          ),
        ),
      )
      .limit(1);
    if (recent) continue;
    const [row] = await db
      .insert(alerts)
      .values({
        workspaceId: p.workspaceId,
        brandId: f.brandId,
        rule: f.rule,
        subject: f.subject,
        coolDownKey: f.coolDownKey,
        batchId: p.batchId,
        title: f.title,
        detail: f.detail,
        link: f.link,
        periodFrom: f.period?.from ?? null,
        periodTo: f.period?.to ?? null,
        firedAt: p.now,
      })
      .onConflictDoNothing()
      .returning();
    if (row) stored.push(row);
  }
  return stored;
}

/** Serialises the alert runs of one workspace until the transaction ends. */
export async function lockWorkspaceAlerts(db: Queryable, p: { workspaceId: string }): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`alerts:${p.workspaceId}`}))`);
}

/** The newest alerts of a workspace a member sees (their muted rules left out), with whether they read each. */
export async function listAlerts(
  db: Queryable,
  p: { workspaceId: string; userId: string; muted: AlertRule[]; limit: number },
) {
  return db
    .select({
      id: alerts.id,
      brandId: alerts.brandId,
      rule: alerts.rule,
      batchId: alerts.batchId,
      title: alerts.title,
      detail: alerts.detail,
      link: alerts.link,
      periodFrom: alerts.periodFrom,
      periodTo: alerts.periodTo,
      firedAt: alerts.firedAt,
      readAt: alertReads.readAt,
    })
    .from(alerts)
    .leftJoin(alertReads, and(eq(alertReads.alertId, alerts.id), eq(alertReads.userId, p.userId)))
    .where(and(eq(alerts.workspaceId, p.workspaceId), notMuted(p.muted)))
    .orderBy(desc(alerts.firedAt), alerts.id)
    .limit(p.limit);
}

const notMuted = (muted: AlertRule[]) =>
  muted.length === 0 ? undefined : sql`${alerts.rule} not in ${sql`(${sql.join(muted, sql`, `)})`}`;

/** How many alerts of the workspace the member has not read (their muted rules left out). */
export async function countUnread(
  db: Queryable,
  p: { workspaceId: string; userId: string; muted: AlertRule[] },
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(alerts)
    .leftJoin(alertReads, and(eq(alertReads.alertId, alerts.id), eq(alertReads.userId, p.userId)))
    .where(and(eq(alerts.workspaceId, p.workspaceId), isNull(alertReads.alertId), notMuted(p.muted)));
  return row?.n ?? 0;
}

/**
 * Marks alerts read for the member: the ids given, or all; only alerts of the member's workspace, so an id of
 * another workspace marks nothing.
 */
export async function markRead(
  db: Queryable,
  p: { workspaceId: string; userId: string; ids: string[] | "all"; now: Date },
): Promise<void> {
  if (p.ids !== "all" && p.ids.length === 0) return;
  const own = db
    .select({
      alertId: alerts.id,
      userId: sql`${p.userId}::uuid`.as("user_id"),
      readAt: sql`${p.now}`.as("read_at"),
    })
    .from(alerts)
    .where(
      and(eq(alerts.workspaceId, p.workspaceId), p.ids === "all" ? undefined : inArray(alerts.id, p.ids)),
    );
  await db.insert(alertReads).select(own).onConflictDoNothing();
}
