import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STRONG_PASSWORD, uniqueEmail } from "../api";
import { createTestDatabase, type TestDatabase } from "../database";
import { type SmtpSink, startSmtpSink } from "../smtp-sink";
import { type AppProcess, killStartedApps, startApp } from "./app-process";
import { type FakeWebsite, startFakeWebsite } from "./fake-website";
import { type Nginx, startNginx } from "./nginx";

/*
 * "Two instances behind a real load balancer": Debian's nginx, round robin, in front of two web instances
 * (PROCESS_KIND=web) on one PostgreSQL, each with its own DATA_DIR and no JWT_SECRET, and a worker apart
 * (PROCESS_KIND=worker, as `npm run worker` starts it) that runs their jobs, as an operator would run them (README,
 * "Security and reliability"). Every request goes through nginx, which says in X-Upstream which instance answered.
 * The suite prints what it tried and found.
 */

let folder: string;
let database: TestDatabase;
let check: pg.Pool;
let smtp: SmtpSink;
let site: FakeWebsite;
let nginx: Nginx;
const apps: AppProcess[] = [];
let worker: AppProcess;
/** Requests each instance answered, by its port. */
const answered = new Map<string, number>();

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "brandscope-lb-"));
  database = await createTestDatabase();
  check = new pg.Pool({ connectionString: database.url, max: 2 });
  // The teardown's forced drop can terminate a connection still closing (57P01): not a failure of the test.
  check.on("error", () => undefined);
  smtp = await startSmtpSink();
  site = await startFakeWebsite();
  const env = (name: string, kind = "web") => ({
    PROCESS_KIND: kind,
    DATABASE_URL: database.url,
    DATA_DIR: join(folder, name),
    SMTP_URL: smtp.url,
    // nginx passes the client's address on; the per-address limits count the client, not nginx.
    TRUST_PROXY: "loopback",
    WEBSITE_FETCH_ALLOW_PRIVATE: "127.0.0.1",
    WEBSITE_FETCH_ALLOW_PORTS: String(site.port),
    // "Job started" lines say which instance ran a job.
    LOG_LEVEL: "info",
  });
  apps.push(await startApp(env("instance-a")), await startApp(env("instance-b")));
  worker = await startApp(env("worker", "worker"));
  await Promise.all([...apps, worker].map((app) => app.ready));
  nginx = await startNginx(apps.map((app) => app.port));
}, 120_000);

afterAll(async () => {
  await nginx?.stop();
  await killStartedApps();
  await Promise.all([check?.end(), smtp?.close(), site?.close()]);
  await database?.drop();
  await rm(folder, { recursive: true, force: true });
  console.log(
    `[load balancer] requests answered per instance: ${[...answered].map(([name, n]) => `${name} ${n}`).join(", ")}`,
  );
});

/** A: the instance on the first app's port; B: the other. */
const instanceOf = (response: Response): string => {
  const port = Number(response.headers.get("x-upstream")?.split(":").at(-1));
  const index = apps.findIndex((app) => app.port === port);
  if (index < 0) throw new Error(`No instance answered on port ${port}`);
  return index === 0 ? "A" : "B";
};

interface Answer {
  status: number;
  instance: string;
  body: unknown;
  sentAt: number;
}

async function call(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Answer> {
  const { json, ...rest } = init;
  const sentAt = performance.now();
  const response = await fetch(`${nginx.url}/api${path}`, {
    ...rest,
    ...(json === undefined
      ? {}
      : { body: JSON.stringify(json), headers: { ...rest.headers, "content-type": "application/json" } }),
  });
  const instance = instanceOf(response);
  answered.set(instance, (answered.get(instance) ?? 0) + 1);
  const text = await response.text();
  return { status: response.status, instance, body: text ? JSON.parse(text) : undefined, sentAt };
}

const report = (title: string, lines: string[]) =>
  console.log([`[load balancer] ${title}`, ...lines].join("\n  "));

/** An account signed up and confirmed through the load balancer; returns which instance did what. */
async function signUpAndConfirm(email: string): Promise<{ signedUpOn: string; confirmedOn: string }> {
  const signedUp = await call("/auth/signup", {
    method: "POST",
    json: { email, password: STRONG_PASSWORD, firstName: "Ada", lastName: "Lb" },
  });
  expect(signedUp.status).toBe(201);
  const code = await smtp.codeFor(email);
  const confirmed = await call("/auth/confirm", { method: "POST", json: { email, code } });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { signedUpOn: signedUp.instance, confirmedOn: confirmed.instance };
}

async function brandOnceActive(authorization: string): Promise<{ status: string; logo: string | null }> {
  for (const started = performance.now(); performance.now() - started < 30_000; await sleep(200)) {
    const { brand } = (await call("/brand", { headers: { authorization } })).body as {
      brand: { status: string; logo: string | null } | null;
    };
    if (brand?.status === "active") return brand;
  }
  throw new Error("The brand's collection did not complete within 30 s");
}

async function logIn(email: string, password = STRONG_PASSWORD) {
  return call("/auth/login", { method: "POST", json: { email, password } });
}

describe("two instances behind nginx on one PostgreSQL", () => {
  let email: string;
  let authorization: string;

  it("signs a user in through one instance and serves them from the other", async () => {
    email = uniqueEmail("lb");
    const { signedUpOn, confirmedOn } = await signUpAndConfirm(email);
    const login = await logIn(email);
    expect(login.status).toBe(200);
    authorization = `Bearer ${(login.body as { idToken: string }).idToken}`;
    const served: Answer[] = [];
    while (!served.some((answer) => answer.instance !== login.instance)) {
      served.push(await call("/user/me", { headers: { authorization } }));
    }
    for (const answer of served) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ email });
    }
    report("sign-in on one instance, served by the other", [
      `signed up through ${signedUpOn}, confirmed with the e-mailed code through ${confirmedOn}`,
      `signed in through ${login.instance}; then served 200 by ${served.map((a) => a.instance).join(", ")}`,
    ]);
  });

  it("holds the sign-in limit across both instances", async () => {
    const target = uniqueEmail("limits");
    await signUpAndConfirm(target);
    const attempts: Answer[] = [];
    for (let attempt = 0; attempt < 6; attempt++) attempts.push(await logIn(target, "Wrong-password-1"));
    // Five failures, spread over both instances, then the account backs off wherever the next one lands.
    expect(attempts.slice(0, 5).map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(attempts.slice(0, 5).map((a) => a.instance)).size).toBe(2);
    expect(attempts[5]?.status).toBe(429);
    const right = await logIn(target);
    expect(right.status).toBe(429);
    report("sign-in limit across instances", [
      `wrong passwords: ${attempts
        .map((a) => `${a.status} from ${a.instance}`)
        .join(", ")}; then the right one: ${right.status} from ${right.instance}`,
    ]);
  });

  it("runs a brand collection once, on the worker, whichever instance queued it", async () => {
    const created = await call("/brand", {
      method: "POST",
      headers: { authorization },
      json: {
        websiteUrl: site.url,
        country: "GB",
        brandName: "Bramble Tea",
        socialLinks: [{ socialPlatform: "instagram", socialLink: "https://instagram.com/bramble.tea" }],
      },
    });
    expect(created.status).toBe(201);
    const brandId = (created.body as { id: string }).id;
    const brand = await brandOnceActive(authorization);
    // Give a second run, had there been one, the time to show.
    await sleep(2_000);

    const { rows: jobs } = await check.query<{ state: string; retry_count: number }>(
      `select state::text, retry_count from pgboss.job where name = 'collect-brand' and singleton_key = $1
       union all
       select state::text, retry_count from pgboss.archive where name = 'collect-brand' and singleton_key = $1`,
      [brandId],
    );
    expect(jobs).toEqual([{ state: "completed", retry_count: 0 }]);
    expect(site.pageRequests()).toBe(1);
    const ranOn = [...apps, worker].map(
      (app) =>
        app
          .output()
          .split("\n")
          .filter(
            (line) =>
              line.includes('"Job started"') && line.includes(brandId) && line.includes("collect-brand"),
          ).length,
    );
    expect(ranOn).toEqual([0, 0, 1]);
    // The web instances run no job at all, scheduled ones included.
    const webJobs = apps.map(
      (app) =>
        app
          .output()
          .split("\n")
          .filter((l) => l.includes('"Job started"')).length,
    );
    expect(webJobs).toEqual([0, 0]);
    report("a job runs once", [
      `collect-brand queued through ${created.instance}: one pgboss job (completed, no retry), ` +
        `the website fetched ${site.pageRequests()} time, run by the worker (A ran ${ranOn[0]}, B ran ${ranOn[1]}, ` +
        `the worker ${ranOn[2]}; jobs of any kind on A and B: ${webJobs.join(" and ")})`,
    ]);
    // Its logo is a stored picture too, served by both.
    expect(brand.logo).toMatch(/^\/media\/logos\//);
  });

  it("shows a picture uploaded through one instance through both", async () => {
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#3730a3" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "me.png");
    const uploaded = await call("/user/profile-picture", {
      method: "PATCH",
      headers: { authorization },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const url = (uploaded.body as { profilePicture: string }).profilePicture;
    const bodies = new Map<string, Buffer>();
    while (bodies.size < 2) {
      const response = await fetch(`${nginx.url}${url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      bodies.set(instanceOf(response), Buffer.from(await response.arrayBuffer()));
    }
    expect(bodies.get("A")?.equals(bodies.get("B") ?? Buffer.alloc(0))).toBe(true);
    report("a picture uploaded through one instance", [
      `uploaded through ${uploaded.instance} (${png.length} bytes PNG, stored as a ${bodies.get("A")?.length} bytes WebP in ` +
        `PostgreSQL); ${url} served 200 with the same bytes by A and by B`,
    ]);
  });

  it("ends the bearer on the other instance within a second of a sign-out", async () => {
    // Both instances keep asking, so each has the bearer's check remembered when the sign-out comes.
    const polls: Answer[] = [];
    let signedOutAt = Number.POSITIVE_INFINITY;
    let polling = true;
    const poller = (async () => {
      while (polling) polls.push(await call("/user/me", { headers: { authorization } }));
    })();
    await sleep(500);
    const signOut = await call("/auth/logout", { method: "POST", headers: { authorization } });
    signedOutAt = performance.now();
    expect(signOut.status).toBe(200);
    await sleep(1_500);
    polling = false;
    await poller;

    const other = signOut.instance === "A" ? "B" : "A";
    const after = polls.filter((p) => p.sentAt > signedOutAt);
    const lastAccepted = after.filter((p) => p.instance === other && p.status === 200).at(-1);
    const firstRefused = after.find((p) => p.instance === other && p.status === 401);
    // The instance that signed out refuses at once; the other within a second, and for good.
    expect(after.filter((p) => p.instance === signOut.instance).every((p) => p.status === 401)).toBe(true);
    expect(firstRefused).toBeDefined();
    const refusedFromMs = (firstRefused?.sentAt ?? 0) - signedOutAt;
    expect(refusedFromMs).toBeLessThan(1_000);
    expect(after.filter((p) => p.sentAt > (firstRefused?.sentAt ?? 0) && p.status !== 401)).toEqual([]);
    report("sign-out on one instance", [
      `signed out through ${signOut.instance}; ${signOut.instance} refused the bearer at once, ` +
        `${other} last accepted it ${lastAccepted ? Math.round(lastAccepted.sentAt - signedOutAt) : "-"} ms after ` +
        `and refused it from ${Math.round(refusedFromMs)} ms (${after.length} requests in the 1.5 s after)`,
    ]);
  });
});
