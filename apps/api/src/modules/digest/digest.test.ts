import type { components } from "@brandscope/api-client/schema";
import { eq } from "drizzle-orm";
import { PDFParse } from "pdf-parse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caller, freshIp, STRONG_PASSWORD, uniqueEmail } from "../../../test/api";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { insertOwnBrand, seedInstagramFollowers } from "../../../test/brand-rows";
import { capturedLog } from "../../../test/log";
import { type ReceivedMail, type SmtpSink, startSmtpSink } from "../../../test/smtp-sink";
import { type SeededUser, seedSignedInUser, seedTeam } from "../../../test/users";
import { ownBrandWithRival } from "../../../test/workspaces";
import { jwtKey } from "../../config/keys";
import { brandCompetitors, brands, posts, users, workspaceBrands } from "../../db/schema";
import { createWorkerDeps } from "../../jobs/worker-deps";
import type { JobQueue } from "../../kernel/job-queue";
import { DAY_MS } from "../../lib/clock";
import { signIdToken } from "../auth/id-token";
import { workspacePlan } from "../billing/plan-limits";
import { digestReportPdf } from "../shared-reports/shared-reports.service";
import { digestContent } from "./digest-content";
import { sendDigestsJob } from "./send-digests.job";

type Schemas = components["schemas"];

// Issue 31, the weekly digest: a seeded week of a brand and its competitor, sent by the hourly run to a real SMTP server.

const noJobs: JobQueue = {
  enqueue: () => Promise.reject(new Error("The digest queues no job")),
  work: () => Promise.reject(new Error("No workers in this test")),
  stop: () => Promise.resolve(),
};

let t: TestApp;
let sink: SmtpSink;
let team: Record<"owner" | "admin" | "member", SeededUser>;
let brandId: string;
let rivalId: string;
/** Monday 30 November 2026, 07:05 UTC: 08:05 in Paris, where the owner lives. */
const MONDAY = new Date("2026-11-30T07:05:00.000Z");
const WEEK = { from: "2026-11-23", to: "2026-11-29" };
const BEFORE = { from: "2026-11-16", to: "2026-11-22" };

const setClock = (instant: Date) => t.clock.advance(instant.getTime() - t.clock.now().getTime());
const scheduler = () =>
  createWorkerDeps({
    db: t.database.db,
    config: t.config,
    log: capturedLog().log,
    clock: t.clock,
    jobs: noJobs,
  });
/** The hourly run as the app wires it (jobs/workers.ts): the PDF a member asks for is the shared reports'. */
const runDigests = () => {
  const deps = scheduler();
  return sendDigestsJob(deps, { reportPdf: (p) => digestReportPdf(deps, p) });
};

async function seedPosts(brand: string, days: string[], likes: number) {
  await t.database.db.insert(posts).values(
    days.map((day, i) => ({
      brandId: brand,
      platform: "instagram" as const,
      url: `https://instagram.example/p/${brand}-${day}-${i}`,
      postedAt: new Date(`${day}T12:00:00Z`),
      text: "Cold brew season opens with our new single origin",
      format: "image",
      likes: likes + i,
      comments: 5,
      shares: null,
      views: null,
      source: "csv_import" as const,
    })),
  );
}

/** A bearer of the user's seeded session signed at the clock's time, which the tests move by days. */
const bearerNow = async (u: SeededUser) =>
  `Bearer ${await signIdToken({ userId: u.userId, workspaceId: u.workspaceId, sessionId: u.sessionId }, jwtKey(TEST_JWT_SECRET), t.clock.now())}`;

/** The message's header fields, unfolded (RFC 5322 §2.2.3). */
const headersOf = (mail: ReceivedMail) => (mail.raw.split("\r\n\r\n")[0] ?? "").replace(/\r\n[ \t]+/g, " ");

const get = (url: string, authorization: string, brand = brandId) =>
  t.app.inject({ method: "GET", url: `/api${url}`, headers: { authorization, "x-brand-id": brand } });

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ env: { SMTP_URL: sink.url, APP_URL: "https://app.brandscope.test" } });
  setClock(MONDAY);
  team = await seedTeam(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  await t.database.db.update(users).set({ timeZone: "Europe/Paris" }).where(eq(users.id, team.owner.userId));
  const { own, rival } = await ownBrandWithRival(t, team.owner.workspaceId, {
    names: ["Oakridge Roasters", "Fernhill Beans"],
    country: "GB",
  });
  brandId = own.id;
  rivalId = rival.id;
  // The week: 4 posts; the week before: 2. The rival: 2 this week, 2 the week before.
  await seedPosts(brandId, ["2026-11-23", "2026-11-24", "2026-11-26", "2026-11-28"], 120);
  await seedPosts(brandId, ["2026-11-17", "2026-11-20"], 100);
  await seedPosts(rivalId, ["2026-11-24", "2026-11-27"], 300);
  await seedPosts(rivalId, ["2026-11-18", "2026-11-21"], 300);
  await seedInstagramFollowers(t.database.db, brandId, [
    ["2026-11-15", 950],
    ["2026-11-22", 1000],
    ["2026-11-29", 1100],
  ]);
  await seedInstagramFollowers(t.database.db, rivalId, [
    ["2026-11-15", 4000],
    ["2026-11-22", 4000],
    ["2026-11-29", 4000],
  ]);
  return async () => {
    await t.close();
    await sink.close();
  };
});

afterAll(() => undefined);

describe("the weekly digest", () => {
  it("keeps the time zone the browser sends at sign-up, and refuses one that does not exist", async () => {
    const api = caller(t, { ip: freshIp() });
    const account = {
      firstName: "Ines",
      lastName: "Okoro",
      password: STRONG_PASSWORD,
      passwordConfirmation: STRONG_PASSWORD,
    };
    const unknown = await api.signUp({ ...account, email: uniqueEmail("zone"), timeZone: "Europe/Atlantis" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ path: "/timeZone", message: expect.any(String) }]);
    const email = uniqueEmail("zone");
    expect((await api.signUp({ ...account, email, timeZone: "Asia/Tokyo" })).statusCode).toBe(201);
    const { rows } = await t.database.pool.query("select time_zone from users where email = $1", [email]);
    expect(rows).toEqual([{ time_zone: "Asia/Tokyo" }]);
  });

  it("tells the week's figures, the same the modules show for those days", async () => {
    const content = await digestContent(
      {
        db: t.database.db,
        clock: t.clock,
        workspaceId: team.owner.workspaceId,
        brandId,
        appUrl: "https://app.test",
      },
      { workspaceId: team.owner.workspaceId, brandId, now: t.clock.now() },
    );
    expect(content.window).toEqual(WEEK);
    expect(content.previous).toEqual(BEFORE);
    expect(content.hasData).toBe(true);
    expect(content.posts).toEqual({ value: 4, previous: 2, change: 1 });
    expect(content.followers).toEqual([{ platform: "instagram", value: 1100, previous: 1000, change: 0.1 }]);
    // The engagement rate and share of voice are the modules' own for the same custom period.
    const query = `period=custom&from=${WEEK.from}&to=${WEEK.to}`;
    const module = (await get(`/content?${query}`, team.owner.authorization)).json<
      Schemas["ContentAnalytics"]
    >();
    expect(content.engagementRate.value).toBe(module.audit.engagementRate.value);
    expect(content.engagementRate.value).not.toBeNull();
    // The top post is the module's first for those days: none here, as the module ranks posts against a history
    // that a week of four posts does not have.
    expect(module.performance.status).toBe("insufficient_history");
    expect(content.topPost).toBeNull();
    const competitor = (await get(`/competitor?${query}`, team.owner.authorization)).json<
      Schemas["CompetitorAnalytics"]
    >();
    const overall = competitor.shareOfVoice.scopes.find((s) => s.platform === null);
    expect(content.shareOfVoice.value).toBe(
      overall?.engagement.shares.find((s) => s.companyId === brandId)?.percent,
    );
    expect(content.links.content).toBe(`https://app.test/content?brand=${brandId}&${query}`);
    expect(content.failedSources).toEqual([]);
  });

  it("names the week's top post and its new and rising keywords, as the content module ranks them", async () => {
    // A workspace of its own (the other tests count the team's digests), whose brand has the history the module
    // ranks a week's posts against.
    const other = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
    const brand = await insertOwnBrand(t.database.db, other.workspaceId, {
      name: "Brightwater Teas",
      website: "https://brightwater.example/",
    });
    const day = (offset: number) => new Date(Date.parse(`${WEEK.from}T00:00:00Z`) + offset * DAY_MS);
    const post = (at: Date, i: number, text: string, likes: number) => ({
      brandId: brand.id,
      platform: "instagram" as const,
      url: `https://instagram.example/p/brightwater-${at.toISOString().slice(0, 10)}-${i}`,
      postedAt: new Date(at.getTime() + (9 + (i % 10)) * 3_600_000),
      text,
      format: "image",
      likes,
      comments: 2,
      shares: null,
      views: null,
      source: "csv_import" as const,
    });
    // 60 days of references before the week before (two posts a day), then 20 posts each week.
    const history = Array.from({ length: 120 }, (_, i) =>
      post(day(-67 + Math.floor(i / 2)), i, `Loose leaf note ${i}`, 50),
    );
    const before = Array.from({ length: 20 }, (_, i) =>
      post(day(-7 + (i % 7)), i, i < 12 ? "Cold brew tea is back" : "Smoky lapsang in the tin", 50),
    );
    const week = Array.from({ length: 20 }, (_, i) =>
      post(day(i % 7), i, i < 16 ? "Cold brew tea is back" : "Spiced chai gift boxes", i === 0 ? 900 : 50),
    );
    await t.database.db.insert(posts).values([...history, ...before, ...week]);
    await seedInstagramFollowers(
      t.database.db,
      brand.id,
      Array.from({ length: 14 }, (_, i): [string, number] => [
        day(-70 + i * 7)
          .toISOString()
          .slice(0, 10),
        2000,
      ]),
    );

    const content = await digestContent(
      {
        db: t.database.db,
        clock: t.clock,
        workspaceId: other.workspaceId,
        brandId: brand.id,
        appUrl: "https://app.test",
      },
      { workspaceId: other.workspaceId, brandId: brand.id, now: t.clock.now() },
    );
    const query = `period=custom&from=${WEEK.from}&to=${WEEK.to}`;
    const module = (await get(`/content?${query}`, other.authorization, brand.id)).json<
      Schemas["ContentAnalytics"]
    >();
    expect(module.performance.status).toBe("ok");
    expect(content.topPost?.url).toBe(module.performance.top[0]?.url);
    expect(content.topPost?.url).toBe(week[0]?.url);
    // "spiced chai gift boxes" is this week's alone; "cold brew tea" went from 12 posts to 16.
    expect(content.keywords.new.some((k) => /chai/.test(k))).toBe(true);
    expect(content.keywords.rising).toContainEqual({
      keyword: expect.stringMatching(/cold brew/),
      count: 16,
      previous: 12,
    });
    expect(content.keywords.new.some((k) => /cold brew|lapsang/.test(k))).toBe(false);
  });

  it("goes once to the owner at 8 in Paris, even with two schedulers at once, and not to members who did not opt in", async () => {
    setClock(new Date("2026-11-30T06:05:00.000Z"));
    await runDigests();
    expect(sink.messages.filter((m) => /your week/.test(m.subject))).toHaveLength(0);

    setClock(MONDAY);
    await Promise.all([runDigests(), runDigests()]);
    const mail = await sink.waitFor((m) => m.to.includes(team.owner.email) && /your week/.test(m.subject));
    // The first run sends at once; let the other's outbox settle, then count.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.messages.filter((m) => /your week/.test(m.subject))).toHaveLength(1);
    expect(mail.subject).toBe("Oakridge Roasters: your week in figures (23–29 Nov 2026)");
    expect(mail.text).toContain("- Posts this week: 4 (+100 % vs the week before)");
    expect(mail.text).toContain("- Followers on Instagram: 1,100 (+10 % vs the week before)");
    expect(mail.text).toContain(
      `https://app.brandscope.test/content?brand=${brandId}&period=custom&from=2026-11-23&to=2026-11-29`,
    );
    expect(headersOf(mail)).toMatch(
      /^List-Unsubscribe: <https:\/\/app\.brandscope\.test\/api\/digest\/unsubscribe\?token=[\w-]+>/m,
    );
    expect(headersOf(mail)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    // The chart goes as an inline PNG, referenced by its Content-ID.
    expect(mail.html).toContain('src="cid:digest-week"');
    expect(mail.raw).toMatch(/^Content-Type: image\/png/m);
    expect(mail.raw).toMatch(/^Content-ID: <digest-week>/m);
    expect(sink.messages.some((m) => m.to.includes(team.member.email))).toBe(false);

    // An hour later, and after a restart, the week is recorded: nothing more.
    t.clock.advance(60 * 60 * 1000);
    await runDigests();
    const rows = await t.database.pool.query("select kind, week::text from digest_sends where user_id = $1", [
      team.owner.userId,
    ]);
    expect(rows.rows).toEqual([{ kind: "digest", week: "2026-11-30" }]);
  });

  it("lets a member choose their own day and hour, in their time zone, and refuses a zone that does not exist", async () => {
    setClock(MONDAY);
    const member = await bearerNow(team.member);
    const auth = { authorization: member, "x-brand-id": brandId };
    const before = await t.app.inject({ method: "GET", url: "/api/digest", headers: auth });
    expect(before.json()).toEqual({
      brandId,
      enabled: false,
      weekday: 1,
      hour: 8,
      timeZone: "UTC",
      attachPdf: false,
    });
    const bad = await t.app.inject({
      method: "PATCH",
      url: "/api/user",
      headers: { authorization: member, "content-type": "application/json" },
      payload: JSON.stringify({ timeZone: "Mars/Olympus_Mons" }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ path: "/timeZone", message: expect.any(String) }]);
    const zone = await t.app.inject({
      method: "PATCH",
      url: "/api/user",
      headers: { authorization: member, "content-type": "application/json" },
      payload: JSON.stringify({ timeZone: "America/New_York" }),
    });
    expect(zone.json().timeZone).toBe("America/New_York");
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/digest",
      headers: { ...auth, "content-type": "application/json" },
      payload: JSON.stringify({ enabled: true, weekday: 1, hour: 9 }),
    });
    expect(saved.json()).toEqual({
      brandId,
      enabled: true,
      weekday: 1,
      hour: 9,
      timeZone: "America/New_York",
      attachPdf: false,
    });
    // Monday 9 in New York is 14:00 UTC: not at 07:05 or 13:05, at 14:05.
    setClock(new Date("2026-11-30T13:05:00.000Z"));
    await runDigests();
    expect(sink.messages.some((m) => m.to.includes(team.member.email))).toBe(false);
    setClock(new Date("2026-11-30T14:05:00.000Z"));
    await runDigests();
    await sink.waitFor((m) => m.to.includes(team.member.email) && /your week/.test(m.subject));
  });

  it("attaches the week's report as a PDF to the digest of a member who asks for it", async () => {
    setClock(MONDAY);
    const auth = { authorization: await bearerNow(team.member), "x-brand-id": brandId };
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/digest",
      headers: { ...auth, "content-type": "application/json" },
      payload: JSON.stringify({ attachPdf: true }),
    });
    expect(saved.json()).toMatchObject({ enabled: true, weekday: 1, hour: 9, attachPdf: true });
    const read = await t.app.inject({ method: "GET", url: "/api/digest", headers: auth });
    expect(read.json()).toMatchObject({ attachPdf: true, timeZone: "America/New_York" });
    // The digests sent so far carried no PDF: nobody had asked.
    expect(sink.messages.flatMap((m) => m.attachments)).toEqual([]);

    // The member's week is sent again, as if it were the next one, now with the PDF.
    await t.database.pool.query("delete from digest_sends where user_id = $1", [team.member.userId]);
    const received = sink.messages.length;
    setClock(new Date("2026-11-30T14:05:00.000Z"));
    await runDigests();
    const mail = await sink.waitFor(
      (m) => sink.messages.indexOf(m) >= received && m.to.includes(team.member.email),
      15_000,
    );
    expect(mail.text).toContain(
      "The week's report of the content and competitor modules is attached as a PDF (oakridge-roasters-week-2026-11-23-2026-11-29.pdf).",
    );
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ["oakridge-roasters-week-2026-11-23-2026-11-29.pdf", "application/pdf"],
    ]);
    const pdf = mail.attachments[0]?.content ?? Buffer.alloc(0);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    const text = (await parser.getText()).text.replace(/\s+/g, " ");
    await parser.destroy();
    // The brand, the digest's week and its figures, the same as the e-mail's.
    expect(text).toContain("Oakridge Roasters: Content and competitors");
    expect(text).toContain("Period: 23 Nov 2026 to 29 Nov 2026");
    expect(text).toContain("The weekly digest of");
    expect(text).toContain("Share of engagement (all platforms)");
    expect(text).toContain("Fernhill Beans");
    // The week's posts and engagement rate as the content module shows them for those seven days.
    expect(text).toContain("Content by network instagram 4 posts");
    expect(text).toMatch(/Engagement rate: \d+(\.\d+)?% \(previous period/);
  });

  it("ends only that digest with the one-click link, without a sign-in", async () => {
    const mail = await sink.waitFor((m) => m.to.includes(team.owner.email));
    const url = new URL(/^List-Unsubscribe: <([^>]+)>/m.exec(headersOf(mail))?.[1] ?? "");
    // What a mail client sends (RFC 8058): a POST with the one-click form, no cookie, no bearer.
    const oneClick = (path: string) =>
      t.app.inject({
        method: "POST",
        url: path,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "List-Unsubscribe=One-Click",
        remoteAddress: freshIp(),
      });
    // One character changed inside the token (its last ones may carry unused bits of base64url).
    const token = url.searchParams.get("token") ?? "";
    const forged = `${token.slice(0, 10)}${token[10] === "A" ? "B" : "A"}${token.slice(11)}`;
    const tampered = await oneClick(`${url.pathname}?token=${forged}`);
    expect(tampered.statusCode).toBe(400);
    expect((await oneClick(`${url.pathname}${url.search}`)).statusCode).toBe(200);
    const owner = await t.app.inject({
      method: "GET",
      url: "/api/digest",
      headers: { authorization: await bearerNow(team.owner), "x-brand-id": brandId },
    });
    expect(owner.json()).toMatchObject({ enabled: false, weekday: 1, hour: 8, timeZone: "Europe/Paris" });
    // The member's digest of the same brand goes on; the owner's next Monday does not.
    setClock(new Date(MONDAY.getTime() + 7 * DAY_MS));
    await runDigests();
    const sentNextWeek = await t.database.pool.query(
      "select user_id from digest_sends where week = '2026-12-07'",
    );
    expect(sentNextWeek.rows).toEqual([]);
  });

  it("says 'nothing new' once for a week without data, with why, then stays silent", async () => {
    setClock(MONDAY);
    const admin = {
      authorization: await bearerNow(team.admin),
      "x-brand-id": brandId,
      "content-type": "application/json",
    };
    const on = await t.app.inject({
      method: "PUT",
      url: "/api/digest",
      headers: admin,
      payload: JSON.stringify({ enabled: true }),
    });
    expect(on.json()).toMatchObject({ enabled: true, weekday: 1, hour: 8, timeZone: "UTC" });
    // Two weeks after the seeded data: nothing in the week before 14 December.
    setClock(new Date("2026-12-14T08:05:00.000Z"));
    await runDigests();
    const told = await sink.waitFor((m) => m.to.includes(team.admin.email));
    expect(told.subject).toBe("Oakridge Roasters: nothing new this week");
    expect(told.text).toContain(
      "No post of Oakridge Roasters between 7–13 Dec 2026: its newest data is from 2026-11-29.",
    );
    expect(headersOf(told)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    setClock(new Date("2026-12-21T08:05:00.000Z"));
    await runDigests();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.messages.filter((m) => m.to.includes(team.admin.email))).toHaveLength(1);
    const kinds = await t.database.pool.query(
      "select kind from digest_sends where user_id = $1 order by week",
      [team.admin.userId],
    );
    expect(kinds.rows.map((r) => r.kind)).toEqual(["nothing-new", "silent"]);
  });

  it("keeps a competitor past Starter's allowance of one out of the digest, and wears the accent on Professional only", async () => {
    setClock(MONDAY);
    const db = t.database.db;
    const other = await seedSignedInUser(db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
    const workspaceId = other.workspaceId;
    const [own, quiet, viral] = await db
      .insert(brands)
      .values(
        ["Birchwood Coffee", "Quiet Mill", "Copperline Roast"].map((name) => ({
          workspaceId,
          name,
          website: `https://${name.toLowerCase().replaceAll(" ", "-")}.example/`,
          country: "GB",
          status: "active" as const,
        })),
      )
      .returning();
    if (!own || !quiet || !viral) throw new Error("no brands");
    await db.insert(workspaceBrands).values({ workspaceId, brandId: own.id });
    // Followed first: a quiet competitor; then Copperline Roast, with one post far above its 40 others in the week.
    await db.insert(brandCompetitors).values([
      { workspaceId, brandId: own.id, competitorId: quiet.id, createdAt: new Date("2026-10-01T00:00:00Z") },
      { workspaceId, brandId: own.id, competitorId: viral.id, createdAt: new Date("2026-10-02T00:00:00Z") },
    ]);
    // Engagement rates need followers (docs/analytics-methods.md).
    for (const brand of [own, quiet, viral]) {
      await seedInstagramFollowers(db, brand.id, [
        ["2026-11-15", 4000],
        ["2026-11-22", 4000],
        ["2026-11-29", 4000],
      ]);
    }
    await seedPosts(own.id, ["2026-11-24", "2026-11-26"], 50);
    await seedPosts(quiet.id, ["2026-11-24", "2026-11-26"], 50);
    await seedPosts(
      viral.id,
      Array.from({ length: 40 }, (_, i) => `2026-11-2${3 + (i % 4)}`),
      100,
    );
    await db.insert(posts).values({
      brandId: viral.id,
      platform: "instagram" as const,
      url: "https://instagram.example/p/copperline-viral",
      postedAt: new Date("2026-11-24T15:00:00Z"),
      text: "Our roastery opens its doors",
      format: "image",
      likes: 4000,
      comments: 5,
      shares: null,
      views: null,
      source: "csv_import" as const,
    });
    const plan = (name: string) =>
      t.database.pool.query(
        "update subscriptions set plan = $1, status = 'active', end_date = null where workspace_id = $2",
        [name, workspaceId],
      );
    const breakout = async () => {
      const content = await digestContent(
        { db, clock: t.clock, workspaceId, brandId: own.id, appUrl: "https://app.test" },
        { workspaceId, brandId: own.id, now: t.clock.now() },
      );
      return content.breakout && { company: content.breakout.companyName, url: content.breakout.url };
    };
    // Starter follows one competitor: Copperline Roast, second, is past it (kept after a downgrade).
    await plan("starter");
    expect((await workspacePlan(db, { workspaceId, now: t.clock.now() })).plan).toBe("starter");
    expect(await breakout()).toBeNull();
    // Professional follows five: the same post is the week's breakout.
    await plan("professional");
    expect((await workspacePlan(db, { workspaceId, now: t.clock.now() })).plan).toBe("professional");
    expect(await breakout()).toEqual({
      company: "Copperline Roast",
      url: "https://instagram.example/p/copperline-viral",
    });

    // The digest itself wears the workspace's accent on Professional (its owner's digest is on, Monday 8 UTC)…
    const accent = await t.app.inject({
      method: "PATCH",
      url: "/api/workspace/branding",
      headers: { authorization: other.authorization, "content-type": "application/json" },
      payload: JSON.stringify({ accentColor: "#b45309" }),
      remoteAddress: freshIp(),
    });
    expect(accent.statusCode, accent.body).toBe(200);
    setClock(new Date("2026-11-30T08:05:00.000Z"));
    await runDigests();
    const branded = await sink.waitFor((m) => m.to.includes(other.email) && /your week/.test(m.subject));
    expect(branded.html).toContain("color:#b45309");
    // …and not on Starter, which keeps the branding without applying it (the next week has nothing new).
    await plan("starter");
    setClock(new Date("2026-12-07T08:05:00.000Z"));
    await runDigests();
    const plain = await sink.waitFor((m) => m.to.includes(other.email) && /nothing new/.test(m.subject));
    expect(plain.html).not.toContain("#b45309");
  });
});
