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

it("lets a job that outlives the stop's grace end after the pool closed without ending the process", {
  timeout: 30_000,
}, async () => {
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  const handlers = Object.fromEntries(
    jobKinds.map((kind) => [kind, async () => undefined]),
  ) as unknown as JobHandlers;
  let ended: (() => void) | undefined;
  const jobEnded = new Promise<void>((resolve) => {
    ended = resolve;
  });
  handlers["discard-expired-imports"] = async () => {
    try {
      // Past the 10 s grace of stop(): the pool is closed under the job, whose own statement then fails.
      await sleep(11_000);
      await pool.query("select 1");
    } finally {
      ended?.();
    }
  };
  const queue = await startJobQueue(pool, pino({ level: "silent" }));
  await queue.work(handlers);
  await queue.enqueue("discard-expired-imports", {});
  await sleep(1_500);
  await queue.stop();
  await pool.end();
  await jobEnded;
  // pg-boss records the job's failure without awaiting it: that statement meets the closed pool. Before, its
  // rejection was unhandled (vitest fails the run on one; a server's process exited with code 1 on SIGTERM).
  await sleep(500);
});

it("runs a brand's recompute after a change before those that stale reads and the new day queued, raising one already waiting", {
  timeout: 30_000,
}, async () => {
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  const ran: string[] = [];
  const handlers = Object.fromEntries(
    jobKinds.map((kind) => [kind, async () => undefined]),
  ) as unknown as JobHandlers;
  const allRan = new Promise<void>((resolve) => {
    handlers["compute-brand"] = async ({ brandId }) => {
      ran.push(brandId);
      if (ran.length === 4) resolve();
    };
  });
  const queue = await startJobQueue(pool, pino({ level: "silent" }));
  try {
    const brand = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    // Queued in this order, before anything runs: the new day's, a stale read's, another new day's, then changes.
    await queue.enqueue("compute-brand", { brandId: brand(1) }, { urgency: "daily" });
    await queue.enqueue("compute-brand", { brandId: brand(2) }, { urgency: "stale" });
    await queue.enqueue("compute-brand", { brandId: brand(3) }, { urgency: "daily" });
    // Brand 3's job already waits: an import now needs it soon.
    await queue.enqueue("compute-brand", { brandId: brand(3) });
    await queue.enqueue("compute-brand", { brandId: brand(4) });
    await queue.work(handlers);
    await allRan;
    expect(ran).toEqual([brand(3), brand(4), brand(2), brand(1)]);
  } finally {
    await queue.stop();
    await pool.end();
  }
});
