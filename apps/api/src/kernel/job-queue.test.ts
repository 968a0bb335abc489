import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { type JobHandlers, type JobQueue, jobKinds, startJobQueue } from "./job-queue";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

/** A pool whose fetches of a job of `queue` answer `delayMs` late once `slow` is set: a fetch under way when stop begins. */
function poolWithSlowFetch(url: string, queue: string, delayMs: number): { pool: pg.Pool; slow(): void } {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  let slow = false;
  const query = pool.query.bind(pool) as (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
  pool.query = (async (text: string, values?: unknown[]) => {
    if (slow && text.includes("SKIP LOCKED") && values?.[0] === queue) {
      const result = await query(text, values);
      if (result.rows.length > 0) await sleep(delayMs);
      return result;
    }
    return query(text, values);
  }) as typeof pool.query;
  return { pool, slow: () => (slow = true) };
}

it("stops only after a job fetched while stopping has run and its end is recorded, so the pool can close", async () => {
  const { pool, slow } = poolWithSlowFetch(database.url, "discard-expired-imports", 2_000);
  const ran: string[] = [];
  const idle = async () => undefined;
  const handlers = Object.fromEntries(jobKinds.map((kind) => [kind, idle])) as unknown as JobHandlers;
  handlers["discard-expired-imports"] = async () => {
    ran.push("started");
    await sleep(300);
    ran.push("finished");
  };
  let queue: JobQueue | undefined = await startJobQueue(pool, pino({ level: "silent" }));
  try {
    await queue.work(handlers);
    slow();
    await queue.enqueue("discard-expired-imports", {});
    // The worker polls every second: its next fetch takes the job, and answers 2 s later.
    await sleep(1_200);
    await queue.stop();
    queue = undefined;
    expect(ran).toEqual(["started", "finished"]);
  } finally {
    await queue?.stop();
    await pool.end();
  }
  const check = new pg.Client({ connectionString: database.url });
  await check.connect();
  const { rows } = await check.query("select state from pgboss.job where name = 'discard-expired-imports'");
  await check.end();
  expect(rows).toEqual([{ state: "completed" }]);
});
