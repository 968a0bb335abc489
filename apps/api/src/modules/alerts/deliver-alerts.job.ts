import type { WorkerDeps } from "../../kernel/worker-deps";
import { addMs, DAY_MS, HOUR_MS, MINUTE_MS } from "../../lib/clock";
import { emailLook } from "../branding";
import type { EmailLook } from "../mail";
import { type QueuedMail, queueMail, sendQueuedMail } from "../mail";
import { alertEmail } from "./alert-email";
import { alertEmailToken } from "./alert-email-token";
import { chatPayload, postToChat } from "./chat";
import {
  claimDueDeliveries,
  findAlertEmailRecipients,
  findBatchAlerts,
  findChannel,
  findUnsentAlerts,
  lockMemberAlertEmails,
  recordAlertEmails,
  recordChannelResult,
  type StoredAlert,
  settleDelivery,
} from "./delivery.repo";

/**
 * Alerts leave the app (docs/alerts.md "E-mail", "Slack and Microsoft Teams"): the `deliver-alerts` job, every
 * minute, e-mails the members who chose `instant` (one e-mail per run of alerts) and posts what waits for the
 * workspace's chats; `send-hourly-alert-emails`, on the hour, e-mails those who chose `hourly` one message with
 * what they have not had yet.
 */

/** An alert older than this when first found is not e-mailed: whoever turns e-mail on gets news, not a backlog. */
const EMAIL_LOOKBACK_MS = DAY_MS;

export async function deliverAlertsJob(deps: WorkerDeps): Promise<void> {
  await sendAlertEmails(deps, "instant");
  await deliverChatAlerts(deps);
}

export async function hourlyAlertEmailsJob(deps: WorkerDeps): Promise<void> {
  await sendAlertEmails(deps, "hourly");
}

/**
 * Each member of the mode gets the alerts of their workspace they have neither read nor been e-mailed, their muted
 * rules left out: `instant` one e-mail per run, `hourly` one for all. The alerts are recorded as e-mailed in the
 * transaction that queues the e-mail, under the member's lock, so a second run or instance sends nothing again. The
 * e-mail wears the workspace's logo and accent where its plan applies custom branding: read once per workspace and
 * run, before the transaction (reading and converting the logo holds no lock), and only for a member with news.
 */
export async function sendAlertEmails(deps: WorkerDeps, mode: "instant" | "hourly"): Promise<number> {
  const now = deps.clock.now();
  const since = addMs(now, -EMAIL_LOOKBACK_MS);
  const looks = new Map<string, Promise<EmailLook>>();
  const lookOf = (workspaceId: string) => {
    const known = looks.get(workspaceId);
    if (known) return known;
    const look = emailLook(deps, workspaceId);
    looks.set(workspaceId, look);
    return look;
  };
  let sent = 0;
  for (const member of await findAlertEmailRecipients(deps.db, { choice: mode })) {
    try {
      const news = await findUnsentAlerts(deps.db, { ...member, muted: member.mutedRules, since });
      if (news.length === 0) continue;
      const look = await lookOf(member.workspaceId);
      const queued = await deps.db.transaction(async (tx) => {
        await lockMemberAlertEmails(tx, member);
        const unsent = await findUnsentAlerts(tx, { ...member, muted: member.mutedRules, since });
        if (unsent.length === 0) return [];
        const token = alertEmailToken(deps.keys.unsubscribe, member.userId);
        const links = {
          unsubscribe: `${deps.config.appUrl}/api/alerts/unsubscribe?${new URLSearchParams({ token })}`,
          preferences: `${deps.config.appUrl}/user/profile#section-alerts`,
        };
        const mails: QueuedMail[] = [];
        for (const group of mode === "instant" ? byBatch(unsent) : [unsent]) {
          const mail = await alertEmail(group, {
            to: member.email,
            firstName: member.firstName,
            appUrl: deps.config.appUrl,
            links,
            mode,
            look,
          });
          mails.push(await queueMail(tx, deps, mail));
        }
        await recordAlertEmails(tx, { userId: member.userId, alertIds: unsent.map((a) => a.id), now });
        return mails;
      });
      sendQueuedMail(deps, ...queued);
      sent += queued.length;
    } catch (error) {
      deps.log.error(
        { err: error, event: "alerts.email.failed", userId: member.userId },
        "Alert e-mails could not be made: tried again at the next run",
      );
    }
  }
  if (sent > 0) deps.log.info({ event: "alerts.emailed", mode, sent }, "Alert e-mails queued");
  return sent;
}

function byBatch(alerts: StoredAlert[]): StoredAlert[][] {
  const groups = new Map<string, StoredAlert[]>();
  for (const a of alerts) groups.set(a.batchId, [...(groups.get(a.batchId) ?? []), a]);
  return [...groups.values()];
}

/** Held while being posted; then counts as not posted (its poster died). */
const POSTING_HOLD_MS = 2 * MINUTE_MS;
const RETRY_DELAYS_MS = [MINUTE_MS, 5 * MINUTE_MS, 15 * MINUTE_MS, HOUR_MS];
/**
 * A chat that failed for three days is given up on for that run: not retried (a chat back after an outage would
 * otherwise get days of stale alerts at once), kept as given up so the channel's settings count it (`givenUp`), and
 * the alerts stay in the app.
 */
const GIVE_UP_AFTER_MS = 3 * DAY_MS;
const BATCH = 20;

/**
 * Posts each run of alerts waiting for a chat. A failure is recorded on the delivery and on the channel (the settings
 * show it) and tried again with back-off; a channel removed meanwhile takes its deliveries with it.
 */
export async function deliverChatAlerts(deps: WorkerDeps): Promise<void> {
  const now = deps.clock.now();
  const due = await claimDueDeliveries(deps.db, {
    now,
    heldUntil: addMs(now, POSTING_HOLD_MS),
    limit: BATCH,
  });
  for (const delivery of due) {
    const channel = await findChannel(deps.db, delivery);
    const alerts = await findBatchAlerts(deps.db, delivery);
    if (!channel || alerts.length === 0) {
      await settleDelivery(deps.db, { id: delivery.id, now, delivered: true });
      continue;
    }
    const url = await deps.keys.seal.open(channel.sealedUrl);
    const result = await postToChat(url, chatPayload(delivery.kind, alerts, deps.config.appUrl), {
      allowPrivate: deps.config.websiteFetch.allowPrivate,
      allowPorts: deps.config.websiteFetch.allowPorts,
    });
    const at = deps.clock.now();
    await recordChannelResult(deps.db, { id: channel.id, now: at, error: result.ok ? null : result.error });
    if (result.ok) {
      await settleDelivery(deps.db, { id: delivery.id, now: at, delivered: true });
      continue;
    }
    const givenUp = at.getTime() - delivery.createdAt.getTime() > GIVE_UP_AFTER_MS;
    const delay = RETRY_DELAYS_MS[Math.min(delivery.attempts, RETRY_DELAYS_MS.length) - 1] ?? HOUR_MS;
    deps.log.warn(
      {
        event: givenUp ? "alerts.chat.abandoned" : "alerts.chat.failed",
        kind: delivery.kind,
        attempts: delivery.attempts,
      },
      givenUp
        ? "Alerts could not be posted to a chat for three days: given up, counted on the channel"
        : "Alerts could not be posted to a chat: tried again",
    );
    await settleDelivery(deps.db, {
      id: delivery.id,
      now: at,
      delivered: false,
      error: result.error,
      retryAt: givenUp ? null : addMs(at, delay),
    });
  }
}
