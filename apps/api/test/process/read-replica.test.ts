import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { appendFile, chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jwtKey } from "../../src/config/keys";
import * as schema from "../../src/db/schema";
import { findFreePort } from "../../src/lib/free-port";
import { type SeededUser, seedSignedInUser } from "../users";
import { type AppProcess, appSecretOf, killStartedApps, startApp } from "./app-process";

/*
 * "A read replica option" (issue 33): a web instance with DATABASE_URL on a primary made with initdb and
 * DATABASE_REPLICA_URL on a streaming replica made from it with pg_basebackup -R. Module reads (GET /api/intent
 * here) go to the replica; a member's write is read back at once even while the replica's replay is paused; a
 * change the instance has heard of is never kept from a replica that has not replayed it; and a stopped replica
 * leaves the reads to the primary. Which server answered is read from each one's pg_stat_activity.
 */

/** Debian's PostgreSQL 15, which CI installs (.ci/run): the embedded package has no pg_basebackup. */
const PG_BIN = "/usr/lib/postgresql/15/bin";
const present = ["initdb", "postgres", "pg_basebackup"].every((tool) => existsSync(join(PG_BIN, tool)));
if (!present) {
  process.stdout.write(
    `read-replica.test.ts skipped: PostgreSQL 15's initdb, postgres and pg_basebackup are not in ${PG_BIN} (apt-get install postgresql-15)\n`,
  );
}

const run = promisify(execFile);

interface Server {
  child: ChildProcess;
  port: number;
  output(): string;
}

let folder: string;
/** Under root, PostgreSQL runs as the `postgres` user, as the embedded one does (db/embedded.ts). */
let owner: { uid: number; gid: number } | undefined;
const servers: Server[] = [];
let primary: Server;
let replica: Server;
let onPrimary: pg.Pool;
let onReplica: pg.Pool;
let app: AppProcess;

const urlOf = (port: number, database = "brandscope") => `postgres://postgres@127.0.0.1:${port}/${database}`;

async function asOwner(tool: string, args: string[]): Promise<void> {
  await run(join(PG_BIN, tool), args, { ...(owner ?? {}), env: { PATH: process.env.PATH ?? "" } });
}

/** Starts a server on its data folder and resolves once it takes connections. */
async function startPostgres(dataDir: string): Promise<Server> {
  const port = await findFreePort();
  const child = spawn(
    join(PG_BIN, "postgres"),
    ["-D", dataDir, "-p", String(port), "-k", folder, "-c", "listen_addresses=127.0.0.1"],
    { ...(owner ?? {}), stdio: ["ignore", "pipe", "pipe"] },
  );
  let text = "";
  child.stdout?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const server = { child, port, output: () => text };
  servers.push(server);
  for (const started = performance.now(); ; await sleep(100)) {
    const client = new pg.Client({ connectionString: urlOf(port, "postgres") });
    client.on("error", () => undefined);
    try {
      await client.connect();
      await client.end();
      return server;
    } catch (error) {
      if (performance.now() - started > 30_000 || child.exitCode !== null) {
        throw new Error(`PostgreSQL did not start on ${dataDir}: ${String(error)}\n${text}`);
      }
    }
  }
}

async function stopPostgres(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGINT");
  await exited;
}

/** The primary's current WAL position, and a wait until the replica has replayed it. */
async function replicaCaughtUp(): Promise<void> {
  const { rows } = await onPrimary.query<{ at: string }>("select pg_current_wal_lsn()::text as at");
  const target = rows[0]?.at;
  for (const started = performance.now(); performance.now() - started < 10_000; await sleep(20)) {
    const { rows: done } = await onReplica.query<{ ok: boolean }>(
      "select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok",
      [target],
    );
    if (done[0]?.ok) return;
  }
  throw new Error("The replica did not catch up within 10 s");
}

/** The intent read's statement, as each server last ran it on one of the app's connections since `since`. */
async function ranIntentRead(on: pg.Pool, application: string, since: Date): Promise<boolean> {
  const { rows } = await on.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity where application_name = $1 and query_start >= $2
      and query like '%from keywords%'`,
    [application, since],
  );
  return (rows[0]?.n ?? 0) > 0;
}

/** A member of a new workspace without a brand, seeded on the primary with the app's own token secret. */
const seededMember = async (): Promise<SeededUser> =>
  seedSignedInUser(drizzle({ client: onPrimary, schema }), jwtKey(await appSecretOf(onPrimary)));

const api = (path: string, authorization: string, init: RequestInit = {}) =>
  fetch(`http://localhost:${app.port}/api${path}`, {
    ...init,
    headers: { authorization, "content-type": "application/json", ...init.headers },
  });

/** A member's write the intent read shows: connecting the workspace's first brand (404 NO_BRAND before it). */
const connectBrand = (authorization: string) =>
  api("/brand", authorization, {
    method: "POST",
    body: JSON.stringify({
      websiteUrl: "https://lumora.example/",
      country: "US",
      brandName: "Lumora Coffee",
      socialLinks: [{ socialPlatform: "instagram", socialLink: "https://www.instagram.com/lumoracoffee" }],
    }),
  });

beforeAll(async () => {
  if (!present) return;
  folder = await mkdtemp(join(tmpdir(), "brandscope-replica-"));
  if (process.getuid?.() === 0) {
    const [uid, gid] = await Promise.all([run("id", ["-u", "postgres"]), run("id", ["-g", "postgres"])]);
    owner = { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
    await run("chown", [`${owner.uid}:${owner.gid}`, folder]);
  }
  await chmod(folder, 0o755);
  const primaryDir = join(folder, "primary");
  // initdb's pg_hba.conf trusts local and loopback connections, replication ones included.
  await asOwner("initdb", ["-D", primaryDir, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"]);
  await appendFile(
    join(primaryDir, "postgresql.conf"),
    "wal_level = replica\nmax_wal_senders = 4\nfsync = off\nshared_buffers = 32MB\n",
  );
  primary = await startPostgres(primaryDir);
  const admin = new pg.Client({ connectionString: urlOf(primary.port, "postgres") });
  await admin.connect();
  await admin.query("create database brandscope");
  await admin.end();
  const replicaDir = join(folder, "replica");
  await asOwner("pg_basebackup", [
    ...["-h", "127.0.0.1", "-p", String(primary.port), "-U", "postgres"],
    ...["-D", replicaDir, "-R", "-X", "stream", "--checkpoint=fast", "--no-sync"],
  ]);
  replica = await startPostgres(replicaDir);
  onPrimary = new pg.Pool({ connectionString: urlOf(primary.port), max: 2 });
  onReplica = new pg.Pool({ connectionString: urlOf(replica.port), max: 2 });
  for (const pool of [onPrimary, onReplica]) pool.on("error", () => undefined);
  app = await startApp({
    PROCESS_KIND: "web",
    DATABASE_URL: urlOf(primary.port),
    DATABASE_REPLICA_URL: urlOf(replica.port),
    DATA_DIR: join(folder, "app"),
    LOG_LEVEL: "info",
  });
  await app.ready;
}, 90_000);

afterAll(async () => {
  await killStartedApps();
  await Promise.all([onPrimary?.end(), onReplica?.end()]);
  for (const server of servers.reverse()) await stopPostgres(server);
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe.skipIf(!present)("module reads with a streaming read replica", { timeout: 60_000 }, () => {
  let member: string;

  it("answers a module read from the replica once it has replayed what the read must see", async () => {
    member = (await seededMember()).authorization;
    expect((await connectBrand(member)).status).toBe(201);
    await replicaCaughtUp();
    const since = new Date();
    const read = await api("/intent", member);
    expect(read.status, await read.clone().text()).toBe(200);
    expect(await ranIntentRead(onReplica, "brandscope-replica", since)).toBe(true);
    expect(await ranIntentRead(onPrimary, "brandscope", since)).toBe(false);
  });

  it("reads a member's write back at once while the replica's replay is paused, then from the replica again", async () => {
    const writer = (await seededMember()).authorization;
    await replicaCaughtUp();
    expect((await api("/intent", writer)).status).toBe(404);
    await onReplica.query("select pg_wal_replay_pause()");
    try {
      expect((await connectBrand(writer)).status).toBe(201);
      const since = new Date();
      const read = await api("/intent", writer);
      expect(read.status, await read.clone().text()).toBe(200);
      // The replica, paused, still has no brand for this workspace: the primary answered.
      expect(await ranIntentRead(onPrimary, "brandscope", since)).toBe(true);
    } finally {
      await onReplica.query("select pg_wal_replay_resume()");
    }
    await replicaCaughtUp();
    const since = new Date();
    expect((await api("/intent?country=GB", writer)).status).toBe(200);
    expect(await ranIntentRead(onReplica, "brandscope-replica", since)).toBe(true);
  });

  it("never keeps a read from a replica that has not replayed a change the instance has heard of", async () => {
    const { authorization: reader, workspaceId } = await seededMember();
    expect((await connectBrand(reader)).status).toBe(201);
    await replicaCaughtUp();
    expect((await api("/intent", reader)).status).toBe(200);
    await onReplica.query("select pg_wal_replay_pause()");
    try {
      // Not a member's request: a writer the instance learns of only by the change notification (a job, an
      // operator), unlinking the workspace's brand.
      const { rows } = await onPrimary.query(
        "delete from workspace_brands where workspace_id = $1 returning brand_id",
        [workspaceId],
      );
      expect(rows).toHaveLength(1);
      await sleep(300);
      expect((await api("/intent", reader)).status).toBe(404);
    } finally {
      await onReplica.query("select pg_wal_replay_resume()");
    }
    await replicaCaughtUp();
    // What the read kept while the replica lagged is still what the primary holds.
    expect((await api("/intent", reader)).status).toBe(404);
  });

  it("reads from the primary, with a warning, once the replica is stopped", async () => {
    await stopPostgres(replica);
    const read = await api("/intent?country=DE", member);
    expect(read.status, await read.clone().text()).toBe(200);
    const writer = (await seededMember()).authorization;
    expect((await connectBrand(writer)).status).toBe(201);
    expect((await api("/intent", writer)).status).toBe(200);
    expect(app.output()).toContain("The read replica cannot answer: module reads go to the primary");
  });
});
