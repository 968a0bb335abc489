import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client";
import type { JobKind } from "./job-queue";

/** Whether a job of this kind and singleton key (a brand) waits or runs: queued, waiting to retry, or active. */
export async function hasLiveJob(
  db: Queryable,
  p: { kind: JobKind; singletonKey: string },
): Promise<boolean> {
  const result = await db.execute(sql`select 1 from pgboss.job
    where name = ${p.kind} and singleton_key = ${p.singletonKey} and state in ('created', 'retry', 'active')
    limit 1`);
  return result.rows.length > 0;
}
