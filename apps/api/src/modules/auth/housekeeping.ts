import type { Db } from "../../db/client";
import { addMs, DAY_MS } from "../../lib/clock";
import { deleteExpiredCodes } from "./codes.repo";
import { deleteEndedBuckets } from "./rate-limit.repo";
import { deleteEndedSessions } from "./sessions.repo";
import { deleteExpiredPendingSocialLogins } from "./social.repo";

/** Removes what can no longer be used: ended rate-limit buckets, and codes, sessions and social sign-ins over for a day. */
export async function runHousekeeping(db: Db, now: Date): Promise<void> {
  const dayAgo = addMs(now, -DAY_MS);
  await deleteEndedBuckets(db, { now });
  await deleteExpiredCodes(db, { before: dayAgo });
  await deleteEndedSessions(db, { before: dayAgo });
  await deleteExpiredPendingSocialLogins(db, { now });
}
