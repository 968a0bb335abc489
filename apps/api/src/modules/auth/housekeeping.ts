import type { Db } from "../../db/client";
import { addMs, DAY_MS } from "../../lib/clock";
import { deleteExpiredCodes } from "./codes.repo";
import { deleteEndedBuckets } from "./rate-limit.repo";
import { deleteEndedSessions } from "./sessions.repo";

/** Removes what can no longer be used: ended rate-limit buckets, and codes and sessions over for a day (the pending sign-ins are one-use states, swept by kernel/one-use-state.ts). */
export async function runHousekeeping(db: Db, now: Date): Promise<void> {
  const dayAgo = addMs(now, -DAY_MS);
  await deleteEndedBuckets(db, { now });
  await deleteExpiredCodes(db, { before: dayAgo });
  await deleteEndedSessions(db, { before: dayAgo });
}
