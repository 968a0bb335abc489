import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jwtKey } from "../../src/config/keys";
import * as schema from "../../src/db/schema";
import { brands, workspaceBrands } from "../../src/db/schema";
import { findFreePort } from "../../src/lib/free-port";
import { createTestDatabase, type TestDatabase } from "../database";
import { seedSignedInUser } from "../users";
import { type AppProcess, appSecretOf, killStartedApps, startApp } from "./app-process";
import { type FakeWebsite, startFakeWebsite } from "./fake-website";

/*
 * "A worker process kind" (issue 33, workers apart from the web): a web instance (PROCESS_KIND=web) and a worker
 * (PROCESS_KIND=worker, what `npm run worker` starts) on one PostgreSQL, as separate processes. Requests go to the
 * web instance, which queues jobs; the worker runs them. "Job started" lines (LOG_LEVEL=info) say which process
 * ran a job.
 */

// shared/ sits beside the repository (CI clones it that way too).
const FIXTURES = join(import.meta.dirname, "../../../../../shared/fixtures/imports");

let folder: string;
let database: TestDatabase;
let check: pg.Pool;
let site: FakeWebsite;
let web: AppProcess;
let worker: AppProcess;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "brandscope-worker-"));
  database = await createTestDatabase();
  check = new pg.Pool({ connectionString: database.url, max: 2 });
  // The teardown's forced drop can terminate a connection still closing (57P01): not a failure of the test.
  check.on("error", () => undefined);
  site = await startFakeWebsite();
  const env = (kind: string) => ({
    PROCESS_KIND: kind,
    DATABASE_URL: database.url,
    DATA_DIR: join(folder, kind),
    WEBSITE_FETCH_ALLOW_PRIVATE: "127.0.0.1",
    WEBSITE_FETCH_ALLOW_PORTS: String(site.port),
    LOG_LEVEL: "info",
  });
  // The web instance first: the worker must also pick up what was queued before it started.
  web = await startApp(env("web"));
  await web.ready;
  worker = await startApp(env("worker"));
  await worker.ready;
}, 120_000);

afterAll(async () => {
  await killStartedApps();
  await Promise.all([check?.end(), site?.close()]);
  await database?.drop();
  await rm(folder, { recursive: true, force: true });
});

const jobLines = (app: AppProcess, kind?: string) =>
  app
    .output()
    .split("\n")
    .filter((line) => line.includes('"Job started"') && (!kind || line.includes(`"job":"${kind}"`)));

/** A signed-in owner of a workspace with one brand, seeded in the shared database. */
async function ownerWithBrand(): Promise<{ authorization: string; brandId: string; workspaceId: string }> {
  const db = drizzle({ client: check, schema });
  const user = await seedSignedInUser(db, jwtKey(await appSecretOf(check)));
  const [brand] = await db
    .insert(brands)
    .values({
      workspaceId: user.workspaceId,
      name: "Lumora Coffee",
      website: "https://lumoracoffee.example/",
      country: "US",
      status: "active",
    })
    .returning();
  if (!brand) throw new Error("no brand");
  await db.insert(workspaceBrands).values({ workspaceId: user.workspaceId, brandId: brand.id });
  return { authorization: user.authorization, brandId: brand.id, workspaceId: user.workspaceId };
}

async function jobStates(kind: string, key: string): Promise<string[]> {
  const { rows } = await check.query<{ state: string }>(
    `select state::text from pgboss.job where name = $1 and singleton_key = $2
     union all
     select state::text from pgboss.archive where name = $1 and singleton_key = $2`,
    [kind, key],
  );
  return rows.map((row) => row.state);
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, withinMs = 30_000): Promise<T> {
  for (const started = performance.now(); performance.now() - started < withinMs; await sleep(200)) {
    const found = await probe();
    if (found !== undefined) return found;
  }
  throw new Error(`${what} did not happen within ${withinMs} ms`);
}

describe("a web instance and a worker on one PostgreSQL", { timeout: 90_000 }, () => {
  it("serves the app only on the web instance and a health check only on the worker", async () => {
    expect(web.output()).toContain("its jobs queued for the workers");
    expect((await fetch(`http://localhost:${web.port}/api/health`)).status).toBe(200);
    const health = await fetch(`http://localhost:${worker.port}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok", kind: "worker" });
    // Behind the web's load balancer by mistake, a worker fails the balancer's check and serves nothing.
    expect((await fetch(`http://localhost:${worker.port}/api/health`)).status).toBe(404);
    expect((await fetch(`http://localhost:${worker.port}/api/countries`)).status).toBe(404);
  });

  it("runs on the worker the recompute an import on the web instance queued, and the schedules there too", async () => {
    const { authorization, brandId } = await ownerWithBrand();
    const form = new FormData();
    form.append("referenceDate", "2026-09-14");
    form.append(
      "file",
      new Blob([readFileSync(join(FIXTURES, "instagram-content.csv"))], { type: "text/csv" }),
      "instagram-content.csv",
    );
    const imported = await fetch(`http://localhost:${web.port}/api/brand/imports`, {
      method: "POST",
      headers: { authorization },
      body: form,
    });
    expect(imported.status, await imported.clone().text()).toBe(201);
    expect(await imported.json()).toMatchObject({ brandId, status: "completed", imported: 6 });

    const figures = await until("The brand's figures", async () => {
      const { rows } = await check.query<{ n: number }>(
        "select count(*)::int as n from figures where brand_id = $1",
        [brandId],
      );
      return rows[0] && rows[0].n > 0 ? rows[0].n : undefined;
    });
    expect(figures).toBeGreaterThan(0);
    await until("The compute-brand job's completion", async () =>
      (await jobStates("compute-brand", brandId)).includes("completed") ? true : undefined,
    );
    expect(jobLines(worker, "compute-brand").filter((line) => line.includes(brandId))).toHaveLength(1);
    // The web instance ran no job of any kind, and no cron: the schedules are the worker's.
    expect(jobLines(web)).toEqual([]);
    const { rows: schedules } = await check.query<{ name: string }>("select name from pgboss.schedule");
    expect(schedules.map((s) => s.name)).toEqual(
      expect.arrayContaining(["mail-outbox", "refresh-sources", "send-digests", "deliver-alerts"]),
    );
    console.log(
      `[worker] import on the web instance (port ${web.port}); compute-brand run by the worker (${jobLines(worker).length} jobs started there, ` +
        `${jobLines(web).length} on the web instance); ${figures} figure rows stored`,
    );
  });

  it("finishes the job in flight on SIGTERM before it exits", async () => {
    // A new account adds its brand; the worker's collection of it waits on the website until released, so the job
    // is in flight when the signal comes.
    const user = await seedSignedInUser(drizzle({ client: check, schema }), jwtKey(await appSecretOf(check)));
    const held = site.hold();
    const created = await fetch(`http://localhost:${web.port}/api/brand`, {
      method: "POST",
      headers: { authorization: user.authorization, "content-type": "application/json" },
      body: JSON.stringify({
        websiteUrl: site.url,
        country: "GB",
        brandName: "Bramble Tea",
        socialLinks: [{ socialPlatform: "instagram", socialLink: "https://instagram.com/bramble.tea" }],
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const brandId = ((await created.json()) as { id: string }).id;
    await held.asked;
    worker.child.kill("SIGTERM");
    await sleep(1_000);
    held.release();
    expect(await worker.exited).toBe(0);

    expect(await jobStates("collect-brand", brandId)).toEqual(["completed"]);
    const { rows } = await check.query<{ status: string }>("select status from brands where id = $1", [
      brandId,
    ]);
    expect(rows[0]?.status).toBe("active");
    const stops = worker
      .output()
      .split("\n")
      .filter((line) => line.includes('"msg":"Stopped the'))
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(stops).toEqual([
      "Stopped the health check",
      "Stopped the job queue",
      "Stopped the change listener",
      "Stopped the database pool",
    ]);
    expect(jobLines(web)).toEqual([]);
  });
});

describe("a worker's refusals", () => {
  it("refuses to start without DATABASE_URL, in one line naming the setting", async () => {
    const port = await findFreePort();
    const app = await startApp({
      PROCESS_KIND: "worker",
      DATA_DIR: join(folder, "alone"),
      PORT: String(port),
    });
    expect(await app.exited).toBe(1);
    expect(app.output()).toBe(
      "Invalid configuration: PROCESS_KIND is worker, which needs DATABASE_URL: web instances and workers share one PostgreSQL, and the embedded one serves a single npm start only (PROCESS_KIND=all, the default)\n",
    );
  });

  it("refuses an unknown process kind", async () => {
    const app = await startApp({ PROCESS_KIND: "jobs", DATABASE_URL: database.url, DATA_DIR: folder });
    expect(await app.exited).toBe(1);
    expect(app.output()).toBe("Invalid configuration: PROCESS_KIND must be all, web or worker\n");
  });
});
