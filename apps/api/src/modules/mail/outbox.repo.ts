import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { selection, selectRows } from "../../db/typed-rows";

export async function insertOutboxMail(
  db: Queryable,
  p: { recipient: string; sealed: string; nextAttemptAt: Date },
): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ recipient: p.recipient, sealed: p.sealed, nextAttemptAt: p.nextAttemptAt })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error("The outbox kept no row");
  return row.id;
}

export async function deleteOutboxMail(db: Queryable, p: { id: string }): Promise<void> {
  await db.delete(mailOutbox).where(eq(mailOutbox.id, p.id));
}

const CLAIMED = selection({
  id: mailOutbox.id,
  sealed: mailOutbox.sealed,
  attempts: mailOutbox.attempts,
  createdAt: mailOutbox.createdAt,
});

/**
 * Takes up to `limit` messages due by `now` for one delivery attempt each: they are held until `heldUntil`, so
 * another instance's run (or this one's next) leaves them alone meanwhile; SKIP LOCKED keeps two runs apart.
 */
export async function claimDueMail(db: Queryable, p: { now: Date; heldUntil: Date; limit: number }) {
  return selectRows(
    db,
    CLAIMED,
    sql`
    update ${mailOutbox} set next_attempt_at = ${p.heldUntil.toISOString()}::timestamptz, attempts = attempts + 1
    where id in (
      select id from ${mailOutbox} where next_attempt_at <= ${p.now.toISOString()}::timestamptz
      order by next_attempt_at limit ${p.limit} for update skip locked
    )
    returning ${CLAIMED.sql}`,
  );
}

export async function recordMailFailure(
  db: Queryable,
  p: { id: string; error: string; nextAttemptAt: Date },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ lastError: p.error, nextAttemptAt: p.nextAttemptAt })
    .where(eq(mailOutbox.id, p.id));
}
