import { and, asc, eq, gte, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import {
  type AlertChannelKind,
  type AlertEmailChoice,
  type AlertRule,
  alertChannelDeliveries,
  alertChannels,
  alertEmailSends,
  alertMemberSettings,
  alertReads,
  alerts,
  users,
} from "../../db/schema";
import { selection, selectRows } from "../../db/typed-rows";
import { DAY_MS } from "../../lib/clock";

/** Confirmed members who chose this way of getting alerts by e-mail, with the rules they muted. */
export async function findAlertEmailRecipients(db: Queryable, p: { choice: AlertEmailChoice }) {
  return db
    .select({
      userId: users.id,
      workspaceId: users.workspaceId,
      email: users.email,
      firstName: users.firstName,
      mutedRules: alertMemberSettings.mutedRules,
    })
    .from(alertMemberSettings)
    .innerJoin(users, eq(users.id, alertMemberSettings.userId))
    .where(and(eq(alertMemberSettings.email, p.choice), eq(users.status, "confirmed")));
}

export type StoredAlert = Pick<
  typeof alerts.$inferSelect,
  "id" | "batchId" | "rule" | "title" | "detail" | "link" | "firedAt"
>;

const alertFields = {
  id: alerts.id,
  batchId: alerts.batchId,
  rule: alerts.rule,
  title: alerts.title,
  detail: alerts.detail,
  link: alerts.link,
  firedAt: alerts.firedAt,
};

/**
 * The workspace's alerts fired since `since` that the member has neither read nor been e-mailed, without the rules
 * they muted, oldest first.
 */
export async function findUnsentAlerts(
  db: Queryable,
  p: { workspaceId: string; userId: string; muted: AlertRule[]; since: Date },
): Promise<StoredAlert[]> {
  return db
    .select(alertFields)
    .from(alerts)
    .leftJoin(alertReads, and(eq(alertReads.alertId, alerts.id), eq(alertReads.userId, p.userId)))
    .leftJoin(
      alertEmailSends,
      and(eq(alertEmailSends.alertId, alerts.id), eq(alertEmailSends.userId, p.userId)),
    )
    .where(
      and(
        eq(alerts.workspaceId, p.workspaceId),
        gte(alerts.firedAt, p.since),
        isNull(alertReads.alertId),
        isNull(alertEmailSends.alertId),
        p.muted.length === 0 ? undefined : sql`${alerts.rule} not in ${sql`(${sql.join(p.muted, sql`, `)})`}`,
      ),
    )
    .orderBy(asc(alerts.firedAt), asc(alerts.id));
}

/** Serialises the alert e-mails of one member until the transaction ends: two runs never split one message. */
export async function lockMemberAlertEmails(db: Queryable, p: { userId: string }): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`alert-mail:${p.userId}`}))`);
}

/** Records the alerts as e-mailed to the member, in the transaction that queues the e-mail. */
export async function recordAlertEmails(
  db: Queryable,
  p: { userId: string; alertIds: string[]; now: Date },
): Promise<void> {
  if (p.alertIds.length === 0) return;
  await db
    .insert(alertEmailSends)
    .values(p.alertIds.map((alertId) => ({ alertId, userId: p.userId, createdAt: p.now })))
    .onConflictDoNothing();
}

/** Turns the member's alert e-mail off (the one-click unsubscribe); false when the member no longer exists. */
export async function turnAlertEmailsOff(db: Queryable, p: { userId: string; now: Date }): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, p.userId));
  if (!user) return false;
  await db
    .insert(alertMemberSettings)
    .values({ userId: p.userId, email: "off", updatedAt: p.now })
    .onConflictDoUpdate({ target: alertMemberSettings.userId, set: { email: "off", updatedAt: p.now } });
  return true;
}

// --- Chat webhooks ------------------------------------------------------------------------------------

export type ChannelRow = typeof alertChannels.$inferSelect;

export async function findChannels(db: Queryable, p: { workspaceId: string }): Promise<ChannelRow[]> {
  return db
    .select()
    .from(alertChannels)
    .where(eq(alertChannels.workspaceId, p.workspaceId))
    .orderBy(alertChannels.kind);
}

export async function findChannel(
  db: Queryable,
  p: { workspaceId: string; kind: AlertChannelKind },
): Promise<ChannelRow | undefined> {
  const [row] = await db
    .select()
    .from(alertChannels)
    .where(and(eq(alertChannels.workspaceId, p.workspaceId), eq(alertChannels.kind, p.kind)));
  return row;
}

/** Stores a new URL for the channel; its past results belonged to the old one. */
export async function saveChannel(
  db: Queryable,
  p: { workspaceId: string; kind: AlertChannelKind; sealedUrl: string; urlHint: string; now: Date },
): Promise<void> {
  const values = {
    sealedUrl: p.sealedUrl,
    urlHint: p.urlHint,
    lastSuccessAt: null,
    lastFailureAt: null,
    lastError: null,
    updatedAt: p.now,
  };
  await db
    .insert(alertChannels)
    .values({ workspaceId: p.workspaceId, kind: p.kind, ...values })
    .onConflictDoUpdate({ target: [alertChannels.workspaceId, alertChannels.kind], set: values });
}

/** Removes the channel and what was still to be posted to it. */
export async function deleteChannel(db: Queryable, p: { workspaceId: string; kind: AlertChannelKind }) {
  await db
    .delete(alertChannelDeliveries)
    .where(
      and(eq(alertChannelDeliveries.workspaceId, p.workspaceId), eq(alertChannelDeliveries.kind, p.kind)),
    );
  await db
    .delete(alertChannels)
    .where(and(eq(alertChannels.workspaceId, p.workspaceId), eq(alertChannels.kind, p.kind)));
}

export async function recordChannelResult(
  db: Queryable,
  p: { id: string; now: Date; error: string | null },
): Promise<void> {
  await db
    .update(alertChannels)
    .set(
      p.error === null
        ? { lastSuccessAt: p.now, lastError: null }
        : { lastFailureAt: p.now, lastError: p.error },
    )
    .where(eq(alertChannels.id, p.id));
}

/** How long a run given up on stays counted on its channel (`givenUp`), so a lost run is seen, not kept for ever. */
export const GIVEN_UP_SHOWN_MS = 30 * DAY_MS;

/**
 * Per channel kind, how many runs of alerts wait for a retry, and how many were given up after three days of failures
 * in the last 30 days (with the last time one was).
 */
export async function countPendingDeliveries(db: Queryable, p: { workspaceId: string; now: Date }) {
  const since = new Date(p.now.getTime() - GIVEN_UP_SHOWN_MS).toISOString();
  const rows = await db
    .select({
      kind: alertChannelDeliveries.kind,
      pending: sql<number>`(count(*) filter (where ${alertChannelDeliveries.givenUpAt} is null))::int`,
      givenUp: sql<number>`(count(*) filter (where ${alertChannelDeliveries.givenUpAt} > ${since}::timestamptz))::int`,
      lastGivenUpAt: sql<string | null>`max(${alertChannelDeliveries.givenUpAt})`,
    })
    .from(alertChannelDeliveries)
    .where(
      and(eq(alertChannelDeliveries.workspaceId, p.workspaceId), isNull(alertChannelDeliveries.deliveredAt)),
    )
    .groupBy(alertChannelDeliveries.kind);
  return new Map(
    rows.map((r) => [
      r.kind,
      {
        pending: r.pending,
        givenUp: r.givenUp,
        lastGivenUpAt: r.givenUp > 0 && r.lastGivenUpAt ? new Date(r.lastGivenUpAt) : null,
      },
    ]),
  );
}

/** A run of alerts to post to each chat the workspace has, in the transaction that stores the alerts. */
export async function queueChannelDeliveries(
  db: Queryable,
  p: { workspaceId: string; batchId: string; now: Date },
): Promise<void> {
  await db.execute(sql`
    insert into ${alertChannelDeliveries} (workspace_id, kind, batch_id, next_attempt_at, created_at)
    select workspace_id, kind, ${p.batchId}::uuid, ${p.now.toISOString()}::timestamptz, ${p.now.toISOString()}::timestamptz
    from ${alertChannels} where workspace_id = ${p.workspaceId}::uuid
    on conflict do nothing`);
}

const CLAIMED_DELIVERY = selection({
  id: alertChannelDeliveries.id,
  workspaceId: alertChannelDeliveries.workspaceId,
  kind: alertChannelDeliveries.kind,
  batchId: alertChannelDeliveries.batchId,
  attempts: alertChannelDeliveries.attempts,
  createdAt: alertChannelDeliveries.createdAt,
});

/**
 * Takes up to `limit` deliveries due by `now` for one attempt each, held until `heldUntil` so another run leaves them
 * alone meanwhile (SKIP LOCKED keeps two runs apart), with their channel.
 */
export async function claimDueDeliveries(db: Queryable, p: { now: Date; heldUntil: Date; limit: number }) {
  return selectRows(
    db,
    CLAIMED_DELIVERY,
    sql`
    update ${alertChannelDeliveries} set next_attempt_at = ${p.heldUntil.toISOString()}::timestamptz,
      attempts = attempts + 1
    where id in (
      select id from ${alertChannelDeliveries}
      where delivered_at is null and given_up_at is null and next_attempt_at <= ${p.now.toISOString()}::timestamptz
      order by next_attempt_at limit ${p.limit} for update skip locked
    )
    returning ${CLAIMED_DELIVERY.sql}`,
  );
}

export async function settleDelivery(
  db: Queryable,
  p: { id: string; now: Date } & (
    | { delivered: true }
    | { delivered: false; error: string; retryAt: Date | null }
  ),
): Promise<void> {
  if (p.delivered) {
    await db
      .update(alertChannelDeliveries)
      .set({ deliveredAt: p.now, lastError: null })
      .where(eq(alertChannelDeliveries.id, p.id));
    return;
  }
  if (p.retryAt === null) {
    // Given up, not deleted: the channel's settings count the runs it missed (docs/alerts.md "Slack and Microsoft Teams").
    await db
      .update(alertChannelDeliveries)
      .set({ lastError: p.error, givenUpAt: p.now })
      .where(eq(alertChannelDeliveries.id, p.id));
    return;
  }
  await db
    .update(alertChannelDeliveries)
    .set({ lastError: p.error, nextAttemptAt: p.retryAt })
    .where(eq(alertChannelDeliveries.id, p.id));
}

/** The alerts of one run of a workspace. */
export async function findBatchAlerts(
  db: Queryable,
  p: { workspaceId: string; batchId: string },
): Promise<StoredAlert[]> {
  return db
    .select(alertFields)
    .from(alerts)
    .where(and(eq(alerts.workspaceId, p.workspaceId), eq(alerts.batchId, p.batchId)))
    .orderBy(asc(alerts.firedAt), asc(alerts.id));
}
