import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnPostgres, startEmbeddedPostgres } from "../../src/db/embedded";
import { stopPostmaster } from "../../src/db/postmaster";
import { type AppProcess, connectToEmbedded, killStartedApps, seededBearer, startApp } from "./app-process";
import { startFakeWebsite } from "./fake-website";
import { startSignUpLoad, storedEmails, type Write } from "./write-load";

/*
 * The "Faults" suite: the real server as a child process under a load of sign-ups (each 201 is an account the
 * server says it stored), while PostgreSQL restarts, while the app is killed, and while it is asked to stop.
 * It prints what it tried and what it found.
 */

const log = pino({ level: "silent" });
/** Cheap password hashing keeps the load about writes; the per-address limit sees one address per sign-up. */
const LOAD_ENV = { NODE_ENV: "test", PASSWORD_HASHING: "fast-test-only", TRUST_PROXY: "loopback" };
const CONCURRENCY = 6;

let folder: string;
const cleanups: (() => Promise<void>)[] = [];
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "brandscope-faults-"));
  // The embedded PostgreSQL runs as the postgres user under root: it must reach the folders below.
  await chmod(folder, 0o755);
});
afterAll(async () => {
  await killStartedApps();
  for (const cleanup of cleanups.reverse()) await cleanup();
  await rm(folder, { recursive: true, force: true });
});

const report = (title: string, lines: string[]) => console.log([`[faults] ${title}`, ...lines].join("\n  "));
/** Writes the server must have acknowledged before a fault is injected, so the fault lands amid real writes. */
const ACKNOWLEDGED_BEFORE_FAULT = 10;
const acknowledged = (writes: Write[]) => writes.filter((w) => w.status !== undefined && w.status < 300);
const ms = (value: number) => `${Math.round(value)} ms`;

/** Every account the server acknowledged is stored; returns how many of the attempts were stored. */
async function expectAcknowledgedStored(db: pg.Client | pg.Pool, writes: Write[]): Promise<Set<string>> {
  const stored = await storedEmails(
    db,
    writes.map((w) => w.email),
  );
  const lost = acknowledged(writes).filter((w) => !stored.has(w.email));
  expect(lost.map((w) => w.email)).toEqual([]);
  return stored;
}

describe.sequential("Faults", () => {
  let app: AppProcess;
  const base = () => `http://127.0.0.1:${app.port}`;

  it("PostgreSQL restarted during a write load: the server recovers by itself and loses no acknowledged write", {
    timeout: 120_000,
  }, async () => {
    // A PostgreSQL of the test's own, as a DATABASE_URL server would be, restarted on the same port.
    const database = await startEmbeddedPostgres({ dataDir: join(folder, "database"), log });
    cleanups.push(database.stop);
    const pgdata = join(folder, "database", "postgres");
    const port = Number(new URL(database.url).port);
    const check = new pg.Pool({ connectionString: database.url, max: 2 });
    check.on("error", () => undefined);
    cleanups.push(() => check.end());
    const site = await startFakeWebsite();
    cleanups.push(site.close);

    app = await startApp({
      ...LOAD_ENV,
      DATABASE_URL: database.url,
      DATA_DIR: join(folder, "app-on-database-url"),
      WEBSITE_FETCH_ALLOW_PRIVATE: "127.0.0.1",
      WEBSITE_FETCH_ALLOW_PORTS: String(site.port),
    });
    await app.ready;

    // A brand's collection is under way when the database goes: its job must come through the restart too.
    const authorization = await seededBearer(check);
    const held = site.hold();
    const created = await fetch(`${base()}/api/brand`, {
      method: "POST",
      headers: { authorization, "content-type": "application/json" },
      body: JSON.stringify({
        websiteUrl: site.url,
        country: "GB",
        brandName: "Bramble Tea",
        socialLinks: [{ socialPlatform: "instagram", socialLink: "https://instagram.com/bramble.tea" }],
      }),
    });
    expect(created.status).toBe(201);
    await held.asked;

    const load = startSignUpLoad(base, CONCURRENCY);
    await sleep(1_500);
    const downAt = performance.now();
    await stopPostmaster(pgdata, log);
    // The job now goes on to write into a database that is not there, and pg-boss to record that it failed.
    held.release();
    await sleep(2_000);
    await spawnPostgres({ pgdata, log }, port);
    const upAt = performance.now();
    await sleep(3_000);
    const writes = await load.stop();

    expect(app.child.exitCode, app.output()).toBeNull();
    const stored = await expectAcknowledgedStored(check, writes);
    const refused = writes.filter((w) => w.status === undefined || w.status >= 300);
    // While it is away, a write is answered at once with the Error body: no hang, no dropped connection.
    for (const w of refused)
      expect({ status: w.status, code: w.code }, w.error).toEqual({ status: 500, code: "INTERNAL_ERROR" });
    const afterRestart = writes.filter((w) => w.sentAt > upAt + 1_000);
    expect(afterRestart.length).toBeGreaterThan(0);
    expect(afterRestart.filter((w) => w.status !== 201)).toEqual([]);
    const firstBack = writes.find((w) => w.sentAt > upAt && w.status === 201);
    expect((await fetch(`${base()}/api/health`)).status).toBe(200);

    // pg-boss records the failed try once the database is back and runs it again.
    const retryStarted = performance.now();
    let brand: { status: string } | undefined;
    while (performance.now() - retryStarted < 45_000) {
      const response = await fetch(`${base()}/api/brand`, { headers: { authorization } });
      brand = ((await response.json()) as { brand: { status: string } | null }).brand ?? undefined;
      if (brand?.status === "active") break;
      await sleep(250);
    }
    expect(brand?.status).toBe("active");
    expect(site.pageRequests()).toBe(2);

    report("PostgreSQL restarted during a write load", [
      `PostgreSQL down for ${ms(upAt - downAt)} (fast shutdown, then started again on port ${port})`,
      `sign-ups sent: ${writes.length}, acknowledged (201): ${acknowledged(writes).length}, ` +
        `found in the database: ${stored.size}`,
      `refused while it was away: ${refused.length}, each at once with 500 and the Error body (none hung)`,
      `first write acknowledged ${firstBack ? ms(firstBack.endedAt - upAt) : "never"} after PostgreSQL was back`,
      `the brand collection interrupted by the restart was retried and completed ` +
        `${ms(performance.now() - retryStarted)} after the load ended`,
    ]);
    app.child.kill("SIGTERM");
    expect(await app.exited).toBe(0);
  });

  it("the app killed with SIGKILL during writes: the next start comes up by itself with every committed write", {
    timeout: 120_000,
  }, async () => {
    const dataDir = join(folder, "app-on-embedded");
    app = await startApp({ ...LOAD_ENV, DATA_DIR: dataDir });
    await app.ready;
    const load = startSignUpLoad(base, CONCURRENCY);
    // Killed amid acknowledged writes: a kill before any was answered would prove nothing about them.
    await load.acknowledged(ACKNOWLEDGED_BEFORE_FAULT);
    app.child.kill("SIGKILL");
    await app.exited;
    const writes = await load.stop();
    expect(acknowledged(writes).length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_FAULT);

    const restartedAt = performance.now();
    app = await startApp({ ...LOAD_ENV, DATA_DIR: dataDir });
    await app.ready;
    const upMs = performance.now() - restartedAt;
    const verify = await connectToEmbedded(dataDir);
    const stored = await expectAcknowledgedStored(verify, writes);
    await verify.end();

    report("the app killed with SIGKILL during writes", [
      `sign-ups sent: ${writes.length}, acknowledged (201): ${acknowledged(writes).length}, ` +
        `found after the restart: ${stored.size} ` +
        `(${stored.size - acknowledged(writes).length} committed as the app died, never answered)`,
      `next start: up in ${ms(upMs)}, after stopping the PostgreSQL the killed app left running`,
    ]);
  });

  it("SIGTERM during load: in-flight requests finish, nothing half-done", { timeout: 120_000 }, async () => {
    const dataDir = join(folder, "app-on-embedded");
    const load = startSignUpLoad(base, CONCURRENCY);
    await sleep(1_500);
    const signalAt = performance.now();
    app.child.kill("SIGTERM");
    expect(await app.exited).toBe(0);
    const stoppedMs = performance.now() - signalAt;
    const writes = await load.stop();

    // Its PostgreSQL stopped with it: start it alone to look.
    const database = await startEmbeddedPostgres({ dataDir, log });
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const stored = await expectAcknowledgedStored(db, writes);
    await db.end();
    await database.stop();

    const answered = writes.filter((w) => w.status !== undefined);
    const inFlight = answered.filter((w) => w.sentAt < signalAt && w.endedAt > signalAt);
    const unanswered = writes.filter((w) => w.status === undefined);
    // Every request the server took was answered 201, those in flight at the signal too...
    expect(answered.filter((w) => w.status !== 201)).toEqual([]);
    expect(inFlight.length).toBeGreaterThan(0);
    // ...and a request it did not take (the listener closed) did nothing, so a client may send it again.
    expect(unanswered.filter((w) => stored.has(w.email)).map((w) => w.email)).toEqual([]);

    report("SIGTERM during load", [
      `sign-ups sent: ${writes.length}, acknowledged (201): ${answered.length}, found: ${stored.size}`,
      `in flight at the signal and answered 201: ${inFlight.length}; refused after the listener closed: ` +
        `${unanswered.length} (none stored)`,
      `stopped ${ms(stoppedMs)} after SIGTERM, exit code 0`,
    ]);
  });
});
