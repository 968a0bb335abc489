import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { components } from "@brandscope/api-client/schema";
import { eq } from "drizzle-orm";
import { PDFParse } from "pdf-parse";
import { beforeAll, describe, expect, it } from "vitest";
import { caller, freshIp } from "../../../test/api";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { type SeededUser, seedTeam } from "../../../test/users";
import { ownBrandWithRival } from "../../../test/workspaces";
import { jwtKey } from "../../config/keys";
import { personas, posts, sharedReports, subscriptions } from "../../db/schema";
import { DAY_MS } from "../../lib/clock";
import { sha256 } from "../../lib/crypto";
import { signIdToken } from "../auth/id-token";
import { SHARED_READ_LIMIT } from "./shared-reports.service";

// Issue 32, part 1 (docs/shared-reports.md): a module shared by a read-only link. Real HTTP into the app on a real PostgreSQL; the brand's posts
// are seeded, its figures computed by the read the link makes.

type Schemas = components["schemas"];
type Plan = "starter" | "professional" | "enterprise";

let t: TestApp;
let team: Record<"owner" | "admin" | "member", SeededUser>;
let brandId: string;
/** Monday 30 November 2026, 09:00 UTC. */
const NOW = new Date("2026-11-30T09:00:00.000Z");
/** Four weeks: posts per week needs 28 days or more (docs/analytics-methods.md). */
const PERIOD = { from: "2026-11-02", to: "2026-11-29" };

const dayAfter = (days: number) => new Date(NOW.getTime() + days * DAY_MS).toISOString().slice(0, 10);

async function setPlan(workspaceId: string, plan: Plan) {
  await t.database.db
    .update(subscriptions)
    .set({ plan, status: "active", endDate: null })
    .where(eq(subscriptions.workspaceId, workspaceId));
}

/** A bearer signed at the clock's time (the expiry tests move it by days). */
const bearerOf = async (u: SeededUser) =>
  `Bearer ${await signIdToken({ userId: u.userId, workspaceId: u.workspaceId, sessionId: u.sessionId }, jwtKey(TEST_JWT_SECRET), t.clock.now())}`;

const api = () => caller(t, { ip: freshIp() });

async function share(
  who: SeededUser,
  body: Partial<Schemas["CreateSharedReportRequest"]> = {},
  brand = brandId,
) {
  return api().call(
    "createSharedReport",
    "POST",
    "/shared-reports",
    { module: "content", ...PERIOD, expiresAt: dayAfter(30), ...body },
    { authorization: await bearerOf(who), headers: { "x-brand-id": brand } },
  );
}

const created = async (who: SeededUser, body: Partial<Schemas["CreateSharedReportRequest"]> = {}) => {
  const response = await share(who, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Schemas["CreatedSharedReport"]>();
};

const open = (token: string, ip = freshIp()) =>
  caller(t, { ip }).call("getSharedReport", "GET", `/shared-report?token=${encodeURIComponent(token)}`);

const list = async (who: SeededUser) =>
  (
    await api().call("listSharedReports", "GET", "/shared-reports", undefined, {
      authorization: await bearerOf(who),
    })
  ).json<Schemas["SharedReport"][]>();

const revoke = async (who: SeededUser, id: string) =>
  api().call("revokeSharedReport", "DELETE", `/shared-reports/${id}`, undefined, {
    authorization: await bearerOf(who),
  });

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.advance(NOW.getTime() - t.clock.now().getTime());
  team = await seedTeam(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  await setPlan(team.owner.workspaceId, "professional");
  const { own } = await ownBrandWithRival(t, team.owner.workspaceId, {
    names: ["Oakridge Roasters", "Fernhill Beans"],
    country: "GB",
  });
  brandId = own.id;
  const days = ["2026-11-23", "2026-11-24", "2026-11-26", "2026-11-28"];
  await t.database.db.insert(posts).values(
    days.map((day, i) => ({
      brandId,
      platform: "instagram" as const,
      url: `https://instagram.example/p/${day}-${i}`,
      postedAt: new Date(`${day}T12:00:00Z`),
      text: "Cold brew season opens with our new single origin",
      format: "image",
      likes: 120 + i,
      comments: 5,
      shares: null,
      views: null,
      source: "csv_import" as const,
    })),
  );
  return () => t.close();
});

describe("shared report links", () => {
  it("refuses Starter with the upgrade answer (402 PLAN_LIMIT)", async () => {
    const starter = await seedTeam(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
    const { own } = await ownBrandWithRival(t, starter.owner.workspaceId, {
      names: ["Starter Tea", "Rival Tea"],
      country: "GB",
    });
    const response = await share(starter.owner, {}, own.id);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ code: "PLAN_LIMIT" });
  });

  it("opens the module's report without an account, for the kept days, and nothing else", async () => {
    const { report, token } = await created(team.member);
    expect(report).toMatchObject({ module: "content", brandName: "Oakridge Roasters", window: PERIOD });
    expect(report.status).toBe("active");
    expect(report.createdBy?.id).toBe(team.member.userId);
    expect(report.lastOpenedAt).toBeNull();
    // Only the hash is stored.
    const [row] = await t.database.db.select().from(sharedReports).where(eq(sharedReports.id, report.id));
    expect(row?.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const response = await open(token);
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json<Schemas["SharedReportView"]>();
    expect(view).toMatchObject({ module: "content", brandName: "Oakridge Roasters", window: PERIOD });
    expect(view.content?.window).toEqual(PERIOD);
    // Four posts in four weeks: one a week.
    expect(view.content?.audit.postsPerWeek.value).toBe(1);
    for (const other of ["competitors", "audience", "influencers", "intent"] as const) {
      expect(view[other]).toBeUndefined();
    }
    // Professional applies the workspace's branding, none is set: none is sent.
    expect(view.branding).toBeNull();

    const [listed] = (await list(team.owner)).filter((r) => r.id === report.id);
    expect(listed?.lastOpenedAt).not.toBeNull();
  });

  it("is no bearer: the token opens no member's operation", async () => {
    const { token } = await created(team.member);
    for (const [operationId, url] of [
      ["getContent", "/content"],
      ["listSharedReports", "/shared-reports"],
      ["getMe", "/user/me"],
    ] as const) {
      const response = await api().call(operationId, "GET", url, undefined, {
        authorization: `Bearer ${token}`,
      });
      expect(response.statusCode, operationId).toBe(401);
    }
  });

  it("refuses a token that is no link's with 404, a revoked one with 410", async () => {
    const unknown = await open("not-a-token-of-ours");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: "SHARED_REPORT_NOT_FOUND" });

    const { report, token } = await created(team.member);
    const revoked = await revoke(team.member, report.id);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ status: "revoked" });
    const refused = await open(token);
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toMatchObject({ code: "SHARED_REPORT_REVOKED" });
    expect(refused.body).not.toContain("Oakridge");
  });

  it("paints the link's header from the server and puts its report inside the page; a refused link gets the plain page", async () => {
    // Issue 33 (docs/shared-reports.md "The first paint"): the built app as apps/web/build/prerender.ts leaves
    // it, the shared page's template beside index.html, served by the app in production on the same database.
    const dist = mkdtempSync(join(tmpdir(), "brandscope-dist-"));
    writeFileSync(join(dist, "index.html"), '<html><body><div id="root"></div></body></html>');
    writeFileSync(
      join(dist, "report.html"),
      '<html><body><div id="root" data-prerendered="/report"><h1>%REPORT_TITLE%</h1><p>%REPORT_PERIOD%</p>' +
        '<p>%REPORT_BYLINE%</p><a href="%REPORT_PDF_HREF%">Download PDF</a></div></body></html>',
    );
    const web = await buildTestApp({
      databaseUrl: String(t.database.pool.options.connectionString),
      env: { NODE_ENV: "production", PASSWORD_HASHING: "owasp", WEB_DIST_DIR: dist },
      deps: { clock: t.clock },
    });
    try {
      const page = (token?: string) =>
        web.app.inject({
          method: "GET",
          url: token ? `/report?token=${encodeURIComponent(token)}` : "/report",
          remoteAddress: freshIp(),
        });
      const { report, token } = await created(team.member);
      const filled = await page(token);
      expect(filled.statusCode).toBe(200);
      expect(filled.headers["content-type"]).toMatch(/^text\/html/);
      expect(filled.headers["cache-control"]).toBe("private, no-store");
      expect(filled.body).toContain("<h1>Oakridge Roasters: Content</h1><p>2 Nov 2026 to 29 Nov 2026</p>");
      // Open through its last day, 30 December: until 31 December 00:00 UTC.
      expect(filled.body).toMatch(/<p>Shared by [^<]+ · read-only · link open until 31 Dec 2026<\/p>/);
      expect(filled.body).toContain(`href="/api/shared-report/pdf?token=${encodeURIComponent(token)}"`);
      expect(filled.body).not.toContain("%REPORT_");
      const json = /<script type="application\/json" id="shared-report-view">(.*?)<\/script>/s.exec(
        filled.body,
      )?.[1];
      const view = JSON.parse(json ?? "null") as Schemas["SharedReportView"];
      expect(view).toMatchObject({ module: "content", brandName: "Oakridge Roasters", window: PERIOD });
      expect(view.content?.audit.postsPerWeek.value).toBe(1);

      // Refused or incomplete: index.html, with nothing of the report.
      expect((await revoke(team.member, report.id)).statusCode).toBe(200);
      for (const plain of [await page(token), await page("not-a-token-of-ours"), await page()]) {
        expect(plain.statusCode).toBe(200);
        expect(plain.body).toBe('<html><body><div id="root"></div></body></html>');
      }
    } finally {
      await web.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it("lets a member revoke their own links, an admin anyone's, and no other workspace any", async () => {
    const byAdmin = await created(team.admin);
    const refused = await revoke(team.member, byAdmin.report.id);
    expect(refused.statusCode).toBe(403);
    expect((await open(byAdmin.token)).statusCode).toBe(200);

    const byMember = await created(team.member);
    expect((await revoke(team.admin, byMember.report.id)).statusCode).toBe(200);
    expect((await open(byMember.token)).statusCode).toBe(410);

    const other = await seedTeam(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
    await setPlan(other.owner.workspaceId, "professional");
    const mine = await created(team.owner);
    expect((await revoke(other.owner, mine.report.id)).statusCode).toBe(404);
    expect((await list(other.owner)).map((r) => r.id)).not.toContain(mine.report.id);
    expect((await open(mine.token)).statusCode).toBe(200);
    expect((await revoke(team.owner, randomUUID())).statusCode).toBe(404);
  });

  it("keeps the expiry within tomorrow and 90 days, and closes the link after its last day", async () => {
    for (const expiresAt of [dayAfter(0), dayAfter(91), "2026-01-01"]) {
      const response = await share(team.member, { expiresAt });
      expect(response.statusCode, expiresAt).toBe(400);
      expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    }
    const backwards = await share(team.member, { from: PERIOD.to, to: PERIOD.from });
    expect(backwards.statusCode).toBe(400);

    const { report, token } = await created(team.member, { expiresAt: dayAfter(1) });
    t.clock.advance(DAY_MS);
    expect((await open(token)).statusCode).toBe(200);
    t.clock.advance(DAY_MS);
    try {
      const expired = await open(token);
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toMatchObject({ code: "SHARED_REPORT_EXPIRED" });
      const [listed] = (await list(team.member)).filter((r) => r.id === report.id);
      expect(listed?.status).toBe("expired");
    } finally {
      t.clock.advance(-2 * DAY_MS);
    }
  });

  it("applies the workspace's plan as it is now: its accent on Professional; after a downgrade Starter's top 3 stays top 3, unbranded", async () => {
    await t.database.db.insert(personas).values(
      ["Ada", "Bea", "Cleo", "Dora", "Eve"].map((name, rank) => ({
        id: randomUUID(),
        brandId,
        rank,
        name,
        sortKey: name.toLowerCase(),
        ageMin: 25,
        ageMax: 34,
        gender: "female",
        interests: ["coffee"],
        platforms: ["instagram"],
        size: 1000 - rank * 100,
        share: 0.2,
        engagementRate: 0.03,
        country: "GB",
        industry: null,
        vector: [1],
        details: {},
        computedAt: NOW,
      })),
    );
    // The workspace's accent: Professional applies it inside the shared page.
    const accent = await api().call(
      "updateBranding",
      "PATCH",
      "/workspace/branding",
      { accentColor: "#b45309" },
      { authorization: await bearerOf(team.owner) },
    );
    expect(accent.statusCode, accent.body).toBe(200);
    const { token } = await created(team.owner, { module: "audience" });
    const full = (await open(token)).json<Schemas["SharedReportView"]>();
    expect(full.audience?.results).toHaveLength(5);
    expect(full.audience?.limited).toBe(false);
    expect(full.branding).toMatchObject({ accentColor: "#b45309" });

    await setPlan(team.owner.workspaceId, "starter");
    try {
      const limited = (await open(token)).json<Schemas["SharedReportView"]>();
      expect(limited.audience?.results.map((p) => p.name)).toEqual(["Ada", "Bea", "Cleo"]);
      expect(limited.audience?.limited).toBe(true);
      // Kept, but Starter does not apply it.
      expect(limited.branding).toBeNull();
      // And no new link on Starter.
      expect((await share(team.owner, { module: "audience" })).statusCode).toBe(402);
    } finally {
      await setPlan(team.owner.workspaceId, "professional");
    }
  });

  it("makes the same report as a PDF whose text holds the brand, the period, the figures and the sources", async () => {
    const { report, token } = await created(team.member);
    const response = await caller(t, { ip: freshIp() }).call(
      "getSharedReportPdf",
      "GET",
      `/shared-report/pdf?token=${encodeURIComponent(token)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="oakridge-roasters-content-2026-11-02-2026-11-29.pdf"',
    );
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    const { text } = await parser.getText();
    await parser.destroy();
    expect(text).toContain("Oakridge Roasters: Content");
    expect(text).toContain("Period: 2 Nov 2026 to 29 Nov 2026");
    expect(text).toContain("Posts per week: 1");
    expect(text).toContain("Content by network");
    expect(text).toMatch(/instagram\s+4 posts/);
    expect(text).toContain("Sources");
    expect(text).toContain("Instagram export");
    // A section without enough data says why, as on the page.
    expect(text).toContain("Keywords need 20 posts");
    // The headline figures' chart is drawn (the digest's PNG) and the bars as vector rectangles.
    expect(pdf.toString("latin1")).toMatch(/\/Subtype \/Image/);

    await revoke(team.member, report.id);
    const refused = await caller(t, { ip: freshIp() }).call(
      "getSharedReportPdf",
      "GET",
      `/shared-report/pdf?token=${encodeURIComponent(token)}`,
    );
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toMatchObject({ code: "SHARED_REPORT_REVOKED" });
  });

  it("limits the reads from one network, guesses included (429)", async () => {
    const { token } = await created(team.member);
    const ip = freshIp();
    for (let i = 0; i < SHARED_READ_LIMIT.max; i += 1) {
      expect((await open(`guess-${i}`, ip)).statusCode).toBe(404);
    }
    const limited = await open(token, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect((await open(token)).statusCode).toBe(200);
  });
});
