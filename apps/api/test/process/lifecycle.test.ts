import { existsSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../src/config/env";
import { readPostmasterPid } from "../../src/db/postmaster";
import { bearerFor, connectToEmbedded, killStartedApps, startApp } from "./app-process";

let folder: string;
let dataDir: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "brandscope-lifecycle-"));
  await chmod(folder, 0o755);
  dataDir = join(folder, "data");
});
afterAll(async () => {
  await killStartedApps();
  await rm(folder, { recursive: true, force: true });
});

const health = (port: number) => fetch(`http://localhost:${port}/api/health`).then((r) => r.status);

// One DATA_DIR through the whole story, as an operator would live it; each step needs the one before. A step
// starts up to two apps, each starting or recovering its embedded PostgreSQL: on a loaded 2-core CI machine that
// took more than the suite's 30 s (vitest.config.ts), so the steps get the process tests' budget.
describe.sequential("the app on its embedded PostgreSQL", { timeout: 90_000 }, () => {
  let firstPort = 0;
  let first: Awaited<ReturnType<typeof startApp>>;

  it("starts on a new DATA_DIR and serves health", async () => {
    first = await startApp({ DATA_DIR: dataDir });
    await first.ready;
    firstPort = first.port;
    // The app runs on the Node the root package.json pins (this test and the app it spawns), not the machine's.
    const { devDependencies } = JSON.parse(await readFile(join(repoRoot, "package.json"), "utf8")) as {
      devDependencies: { node: string };
    };
    expect(first.output()).toContain(
      `Brandscope is running at http://localhost:${first.port} (Node v${devDependencies.node})`,
    );
    expect(await health(first.port)).toBe(200);
  });

  it("refuses a second app on the same DATA_DIR without touching the first", async () => {
    const second = await startApp({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `Brandscope could not start: Another Brandscope server (pid ${first.child.pid}) is already using DATA_DIR`,
    );
    expect(await health(firstPort)).toBe(200);
  });

  it("recovers after the app is killed with SIGKILL, stopping the orphaned PostgreSQL", async () => {
    const orphan = await readPostmasterPid(join(dataDir, "postgres"));
    first.child.kill("SIGKILL");
    await first.exited;
    expect(orphan && process.kill(orphan, 0)).toBe(true);

    const next = await startApp({ DATA_DIR: dataDir });
    await next.ready;
    expect(await health(next.port)).toBe(200);
    expect(await readPostmasterPid(join(dataDir, "postgres"))).not.toBe(orphan);
    next.child.kill("SIGTERM");
    expect(await next.exited).toBe(0);
  });

  it("lets an in-flight request finish on SIGTERM, stops PostgreSQL cleanly and keeps the data", async () => {
    const app = await startApp({ DATA_DIR: dataDir });
    await app.ready;
    const db = await connectToEmbedded(dataDir);
    await db.query("create table shutdown_marker (note text)");
    await db.query("insert into shutdown_marker values ('written before SIGTERM')");
    // Hold a lock the request needs, so it is still running when the signal comes.
    await db.query("begin");
    await db.query("lock table industries in access exclusive mode");
    const slow = fetch(`http://localhost:${app.port}/api/industries`, {
      headers: { authorization: await bearerFor(dataDir) },
    });
    await sleep(300);
    app.child.kill("SIGTERM");
    await sleep(700);
    await db.query("commit");
    await db.end();

    const response = await slow;
    const answeredAt = Date.now();
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveLength(22);
    expect(await app.exited).toBe(0);
    // Well within the 10 s grace period: the finished request's keep-alive connection does not hold it up.
    expect(Date.now() - answeredAt).toBeLessThan(3_000);
    // PostgreSQL removes its pid file only at the end of a clean shutdown.
    expect(existsSync(join(dataDir, "postgres", "postmaster.pid"))).toBe(false);

    const again = await startApp({ DATA_DIR: dataDir });
    await again.ready;
    const check = await connectToEmbedded(dataDir);
    const { rows } = await check.query("select note from shutdown_marker");
    await check.end();
    expect(rows).toEqual([{ note: "written before SIGTERM" }]);
    again.child.kill("SIGINT");
    expect(await again.exited, again.output()).toBe(0);
  });

  it("stops in order on Ctrl-C, printing one line per step and no stack", async () => {
    const app = await startApp({ DATA_DIR: dataDir, LOG_LEVEL: "info" });
    await app.ready;
    // Connections open in the pool, as after some use.
    const authorization = await bearerFor(dataDir);
    const industries = () =>
      fetch(`http://localhost:${app.port}/api/industries`, { headers: { authorization } });
    for (const response of await Promise.all(Array.from({ length: 6 }, industries)))
      expect(response.status).toBe(200);
    // Each request's log line follows its answer through the pipe.
    while ((app.output().match(/request completed/g) ?? []).length < 6) await sleep(20);
    const printed = app.output().length;

    // What a terminal does on Ctrl-C: SIGINT to every process of the foreground group.
    if (app.child.pid) process.kill(-app.child.pid, "SIGINT");
    expect(await app.exited).toBe(0);
    const lines = app
      .output()
      .slice(printed)
      .trim()
      .split("\n")
      .map((line) => {
        const entry = parseLogLine(line);
        return entry && entry.level < 40 && !("err" in entry) ? entry.msg : line;
      });
    expect(lines).toEqual([
      "Shutting down",
      "Stopped the HTTP server",
      "Stopped the job queue",
      "Stopped the change listener",
      "Stopped the database pool",
      "Stopped the embedded PostgreSQL",
    ]);
  });
});

/** A pino JSON line, or undefined for anything else (a stack trace printed by Node). */
function parseLogLine(line: string): { level: number; msg: string } | undefined {
  try {
    const entry: unknown = JSON.parse(line);
    return typeof entry === "object" && entry !== null && "level" in entry && "msg" in entry
      ? (entry as { level: number; msg: string })
      : undefined;
  } catch {
    return undefined;
  }
}

describe("start-up failures", () => {
  it("stops with one line naming a bad variable, without a stack trace", async () => {
    const app = await startApp({ DATA_DIR: dataDir, PORT: "8o80" });
    expect(await app.exited).toBe(1);
    expect(app.output()).toBe("Invalid configuration: PORT must be a port number (1-65535)\n");
  });
});
