import type { FastifyBaseLogger } from "fastify";
import type { AppKeys } from "../../config/keys";
import type { Db, Tx } from "../../db/client";
import { addMs, type Clock, DAY_MS, HOUR_MS, MINUTE_MS } from "../../lib/clock";
import { seal } from "../../lib/crypto";
import type { Mail, Mailer } from "../../lib/mailer";
import { claimDueMail, deleteOutboxMail, insertOutboxMail, recordMailFailure } from "./outbox.repo";

/**
 * The mail outbox: every e-mail the app sends (codes, invitations, notices, sales requests) is first written,
 * sealed, in the transaction of what it tells about, then sent at once in the background. What could not be sent
 * (an SMTP outage, a crash before sending) stays and is sent by the `mail-outbox` job, which runs every minute
 * with back-off. A message may go out twice (a crash between sending and forgetting it), never not at all, unless
 * it could not be delivered for GIVE_UP_AFTER_MS.
 */

/** A message being sent now is left alone by the job this long (then counts as not sent: its sender died). */
const SENDING_HOLD_MS = 2 * MINUTE_MS;
const RETRY_DELAYS_MS = [MINUTE_MS, 2 * MINUTE_MS, 5 * MINUTE_MS, 15 * MINUTE_MS, HOUR_MS];
/** Codes expire within a day and invitations within a week: a message older than this helps no one. */
const GIVE_UP_AFTER_MS = 3 * DAY_MS;
const BATCH = 50;

export interface QueuedMail {
  id: string;
  mail: Mail;
}

interface SealDeps {
  keys: Pick<AppKeys, "seal">;
  clock: Clock;
}

export interface OutboxDeps extends SealDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** Keeps the message in the transaction; once it commits, hand what this returns to `sendQueuedMail`. */
export async function queueMail(tx: Tx, deps: SealDeps, mail: Mail): Promise<QueuedMail> {
  const id = await insertOutboxMail(tx, {
    recipient: mail.to,
    sealed: seal(deps.keys.seal, JSON.stringify(mail)),
    nextAttemptAt: addMs(deps.clock.now(), SENDING_HOLD_MS),
  });
  return { id, mail };
}

/** Sends committed messages in the background; each is forgotten once the mail server took it. */
export function sendQueuedMail(deps: OutboxDeps, ...queued: QueuedMail[]): void {
  for (const { id, mail } of queued) {
    deps.mailer.sendInBackground(mail, (error) => settle(deps, { id, attempts: 1 }, error));
  }
}

/** An SMTP server's 5xx: the message will never be taken (no such mailbox), so trying again helps no one. */
const isPermanent = (error: unknown) =>
  typeof error === "object" &&
  error !== null &&
  "responseCode" in error &&
  typeof error.responseCode === "number" &&
  error.responseCode >= 500;

async function settle(deps: OutboxDeps, message: { id: string; attempts: number }, error: unknown) {
  if (error === undefined) return deleteOutboxMail(deps.db, message);
  if (isPermanent(error)) {
    deps.log.error(
      { err: error, event: "mail.refused", mailId: message.id },
      "The mail server refused an e-mail for good: dropped",
    );
    return deleteOutboxMail(deps.db, message);
  }
  const delay = RETRY_DELAYS_MS[Math.min(message.attempts, RETRY_DELAYS_MS.length) - 1] ?? HOUR_MS;
  deps.log.warn(
    { err: error, event: "mail.failed", mailId: message.id, attempts: message.attempts },
    "An e-mail could not be sent: it stays in the outbox and is tried again",
  );
  await recordMailFailure(deps.db, {
    id: message.id,
    error: error instanceof Error ? error.message : String(error),
    nextAttemptAt: addMs(deps.clock.now(), delay),
  });
}

/** The `mail-outbox` job: one more attempt for each message that is due. */
export async function deliverDueMail(deps: OutboxDeps): Promise<void> {
  const now = deps.clock.now();
  const due = await claimDueMail(deps.db, { now, heldUntil: addMs(now, SENDING_HOLD_MS), limit: BATCH });
  // One at a time: a batch must not open fifty connections to the mail server at once.
  for (const message of due) {
    if (now.getTime() - message.createdAt.getTime() > GIVE_UP_AFTER_MS) {
      deps.log.error(
        { event: "mail.abandoned", mailId: message.id, attempts: message.attempts },
        "An e-mail could not be delivered for three days: given up",
      );
      await deleteOutboxMail(deps.db, message);
      continue;
    }
    let mail: Mail;
    try {
      mail = JSON.parse(await deps.keys.seal.open(message.sealed)) as Mail;
    } catch (error) {
      // Sealed under a key no longer held (removed from BRANDSCOPE_ENCRYPTION_KEY): nothing here opens it.
      deps.log.error({ err: error, mailId: message.id }, "An e-mail in the outbox cannot be opened: dropped");
      await deleteOutboxMail(deps.db, message);
      continue;
    }
    await deps.mailer.send(mail).then(
      () => settle(deps, message, undefined),
      (error: unknown) => settle(deps, message, error),
    );
  }
}
