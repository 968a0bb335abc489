/** How pg-boss runs a statement: on the pool, or on a transaction's client (db/client.ts transactionClientOf). */
interface SqlRunner {
  executeSql(text: string, values?: unknown[]): Promise<unknown>;
}

/**
 * Raises the priority of the job that waits (queued or waiting to retry) for this queue and singleton key, when it is
 * lower: the queue refused a second one for the key (job-queue.ts, pg-boss's "stately" policy), and the request
 * that asked needs it sooner. pg-boss's own table (`pgboss.job`, partitioned by queue name), version 10's columns.
 */
export async function raiseWaitingJobPriority(
  db: SqlRunner,
  p: { kind: string; singletonKey: string; priority: number },
): Promise<void> {
  await db.executeSql(
    `update pgboss.job set priority = $3
      where name = $1 and singleton_key = $2 and state in ('created', 'retry') and priority < $3`,
    [p.kind, p.singletonKey, p.priority],
  );
}
