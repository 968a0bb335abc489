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
  killStartedApps();
  await rm(folder, { recursive: true, force: true });
});

const health = (port: number) => fetch(`http://localhost:${port}/api/health`).then((r) => r.status);

// One DATA_DIR through the whole story, as an operator would live it; each step needs the one before.
describe.sequential("the app on its embedded PostgreSQL", () => {
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
    expect(await again.exited).toBe(0);
  });
});

describe("start-up failures", () => {
  it("stops with one line naming a bad variable, without a stack trace", async () => {
    const app = await startApp({ DATA_DIR: dataDir, PORT: "8o80" });
    expect(await app.exited).toBe(1);
    expect(app.output()).toBe("Invalid configuration: PORT must be a port number (1-65535)\n");
  });
});
