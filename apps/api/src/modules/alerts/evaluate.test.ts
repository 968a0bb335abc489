import { and, eq, gte } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { seedInstagramFollowers } from "../../../test/brand-rows";
import { recordedJobs } from "../../../test/recorded-jobs";
import { type SeededUser, seedSignedInUser, seedTeam } from "../../../test/users";
import { ownBrandWithRival } from "../../../test/workspaces";
import { jwtKey } from "../../config/keys";
import {
  alertChannels,
  alerts,
  brandCompetitors,
  brands,
  connections,
  posts,
  searchQueries,
  workspaceBrands,
} from "../../db/schema";
import { DAY_MS } from "../../lib/clock";
import { recomputeBrand } from "../analytics/compute-brand.job";
import { addDays } from "../analytics/periods";
import { workspacePlan } from "../billing/plan-limits";
import { saveRuleSettings, storeFired } from "./alerts.repo";
import { evaluateAlerts } from "./evaluate";

// Issue 31, alerts: the rules judged on a seeded brand after its recompute (real PostgreSQL), deduplicated, cooled down.

let t: TestApp;
let team: Record<"owner" | "admin" | "member", SeededUser>;
let brandId: string;
let rivalId: string;
/** Monday 30 November 2026, 06:00 UTC: the brand's newest posts are of Sunday 29. */
const NOW = new Date("2026-11-30T06:00:00.000Z");
const LAST = "2026-11-29";
/** The weekly likes of the twelve weeks before the last: median 100, MAD 1. */
const BASELINE = [100, 102, 98, 101, 99, 100, 103, 97, 100, 101, 99, 100];

const deps = () => ({ db: t.database.db, clock: t.clock });
const post = (brand: string, day: string, i: number, likes: number) => ({
  brandId: brand,
  platform: "instagram" as const,
  url: `https://instagram.example/p/${brand}-${day}-${i}`,
  postedAt: new Date(`${day}T12:00:00Z`),
  text: "Cold brew season opens with our new single origin",
  format: "image",
  likes,
  comments: 0,
  shares: null,
  views: null,
  source: "csv_import" as const,
});
const weekDays = (k: number) => [0, 1, 2, 3, 4].map((d) => addDays(LAST, -7 * k - d));

async function stored() {
  return t.database.db
    .select({
      rule: alerts.rule,
      title: alerts.title,
      batchId: alerts.batchId,
      detail: alerts.detail,
      link: alerts.link,
    })
    .from(alerts)
    .where(eq(alerts.workspaceId, team.owner.workspaceId))
    .orderBy(alerts.firedAt, alerts.rule);
}

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.advance(NOW.getTime() - t.clock.now().getTime());
  team = await seedTeam(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  const { own, rival } = await ownBrandWithRival(t, team.owner.workspaceId, {
    names: ["Oakridge Roasters", "Fernhill Beans"],
    country: "GB",
  });
  brandId = own.id;
  rivalId = rival.id;
  const db = t.database.db;
  // The brand: five posts a week; the last week as usual (101 likes each).
  await db
    .insert(posts)
    .values([
      ...weekDays(0).map((day, i) => post(brandId, day, i, 101)),
      ...BASELINE.flatMap((likes, k) => weekDays(k + 1).map((day, i) => post(brandId, day, i, likes))),
    ]);
  // The rival: 40 ordinary posts in the last week and one far above them, old enough to be judged (72 hours).
  await db
    .insert(posts)
    .values([
      ...Array.from({ length: 40 }, (_, i) => post(rivalId, addDays(LAST, -3 - (i % 4)), i, 100 + i)),
      { ...post(rivalId, "2026-11-24", 99, 4000), url: "https://instagram.example/p/fernhill-viral" },
    ]);
  await seedInstagramFollowers(db, brandId, [
    ["2026-08-30", 1000],
    ["2026-11-15", 900],
    ["2026-11-22", 1000],
    ["2026-11-29", 1150],
  ]);
  await seedInstagramFollowers(db, rivalId, [
    ["2026-08-30", 4000],
    ["2026-11-22", 4000],
    ["2026-11-29", 4000],
  ]);
  // Search Console: "cold brew" 20 → 60 clicks over two fortnights, "oakridge" 280 → 300.
  const queries = (from: string, to: string, rows: [string, number][]) =>
    db.insert(searchQueries).values(
      rows.map(([query, clicks]) => ({
        workspaceId: team.owner.workspaceId,
        brandId,
        query,
        periodFrom: from,
        periodTo: to,
        clicks,
        impressions: clicks * 10,
        source: "provider" as const,
      })),
    );
  await queries("2026-11-02", "2026-11-15", [
    ["cold brew", 20],
    ["oakridge", 280],
  ]);
  await queries("2026-11-16", "2026-11-29", [
    ["cold brew", 60],
    ["oakridge", 300],
  ]);
  // YouTube failing since its last success 42 hours ago.
  await db.insert(connections).values({
    workspaceId: team.owner.workspaceId,
    brandId,
    provider: "youtube",
    status: "key_rejected",
    statusReason: "YouTube refused the API key.",
    lastRunAt: new Date("2026-11-30T05:00:00.000Z"),
    lastSuccessAt: new Date("2026-11-28T12:00:00.000Z"),
  });
  // The followers rule off for this workspace (its admins' choice).
  await saveRuleSettings(db, {
    workspaceId: team.owner.workspaceId,
    settings: [{ rule: "followers", enabled: false, sensitivity: "medium" }],
    now: NOW,
  });
  await recomputeBrand(deps(), rivalId);
  await recomputeBrand(deps(), brandId);
  return () => t.close();
}, 180_000);

describe("alert rules after a recompute", () => {
  it("fires the breakout, the search clicks and the failing source in one batch; not engagement, not the rule turned off", async () => {
    await evaluateAlerts(deps(), brandId);
    const rows = await stored();
    expect(rows.map((r) => [r.rule, r.title])).toEqual([
      ["competitor_breakout", "Breakout post by Fernhill Beans"],
      ["search_clicks", 'Clicks rising for "cold brew"'],
      ["source_failing", "YouTube has been failing for 42 hours"],
    ]);
    expect(new Set(rows.map((r) => r.batchId)).size).toBe(1);
    expect(rows[1]?.detail).toBe(
      "60 clicks between 16–29 Nov 2026, against 20 between 2–15 Nov 2026 (Search Console).",
    );
    expect(rows[1]?.link).toBe(`/intent?brand=${brandId}`);
    expect(rows[0]?.detail).toContain("https://instagram.example/p/fernhill-viral");
  });

  it("stores nothing again for the same events: a second recompute, or the competitor's own", async () => {
    await evaluateAlerts(deps(), brandId);
    await evaluateAlerts(deps(), rivalId);
    expect(await stored()).toHaveLength(3);
  });

  it("fires an engagement spike when an import lifts the last week to 130 likes a post (z = 0.6745 × 30 = 20.2)", async () => {
    await t.database.db
      .update(posts)
      .set({ likes: 130 })
      .where(and(eq(posts.brandId, brandId), gte(posts.postedAt, new Date("2026-11-23T00:00:00Z"))));
    await evaluateAlerts(deps(), brandId);
    const spike = (await stored()).filter((r) => r.rule === "engagement");
    expect(spike).toEqual([
      expect.objectContaining({
        title: "Engagement spike for Oakridge Roasters",
        detail:
          "130 engagements per post (median of 5 posts) between 23–29 Nov 2026, against a usual 100 " +
          "(median of 12 weeks before; z = 20.2).",
        link: `/content?brand=${brandId}&period=custom&from=2026-11-23&to=2026-11-29`,
      }),
    ]);
  });

  it("fires the follower jump once the admins turn the rule on", async () => {
    await saveRuleSettings(t.database.db, {
      workspaceId: team.owner.workspaceId,
      settings: [{ rule: "followers", enabled: true, sensitivity: "medium" }],
      now: NOW,
    });
    await evaluateAlerts(deps(), brandId);
    expect((await stored()).filter((r) => r.rule === "followers").map((r) => r.title)).toEqual([
      "Oakridge Roasters gained 15% of its instagram followers",
    ]);
  });
});

/**
 * A new workspace whose own brand follows a second new company and Fernhill Beans, in that order; its breakout
 * alerts, by title.
 */
async function followingWorkspace(ownName: string, otherName: string) {
  const db = t.database.db;
  const { workspaceId } = await seedSignedInUser(db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  const [own, other] = await db
    .insert(brands)
    .values(
      [ownName, otherName].map((name) => ({
        workspaceId,
        name,
        website: `https://${name.toLowerCase().replaceAll(" ", "-")}.example/`,
        country: "GB",
        status: "active" as const,
      })),
    )
    .returning();
  if (!own || !other) throw new Error("no brands");
  await db.insert(workspaceBrands).values({ workspaceId, brandId: own.id });
  await db.insert(brandCompetitors).values([
    { workspaceId, brandId: own.id, competitorId: other.id, createdAt: new Date("2026-10-01T00:00:00Z") },
    { workspaceId, brandId: own.id, competitorId: rivalId, createdAt: new Date("2026-10-02T00:00:00Z") },
  ]);
  const breakouts = async () =>
    (
      await db
        .select({ title: alerts.title })
        .from(alerts)
        .where(and(eq(alerts.workspaceId, workspaceId), eq(alerts.rule, "competitor_breakout")))
    ).map((r) => r.title);
  return { workspaceId, own, other, breakouts };
}

describe("the plan's limits inside the alerts", () => {
  it("keeps a competitor past Starter's allowance of one out of the breakout rule, as the module does", async () => {
    const db = t.database.db;
    // Followed first: a quiet competitor; then Fernhill Beans, whose breakout post is in the last 7 days.
    const { workspaceId, own, breakouts } = await followingWorkspace("Birchwood Coffee", "Quiet Mill");
    const plan = (name: string) =>
      t.database.pool.query(
        "update subscriptions set plan = $1, status = 'active', end_date = null where workspace_id = $2",
        [name, workspaceId],
      );
    // Starter follows one competitor: Fernhill Beans, second, is past it (kept after a downgrade).
    await plan("starter");
    expect((await workspacePlan(db, { workspaceId, now: t.clock.now() })).plan).toBe("starter");
    await recomputeBrand(deps(), own.id);
    await evaluateAlerts(deps(), own.id);
    await evaluateAlerts(deps(), rivalId);
    expect(await breakouts()).toEqual([]);
    // Professional follows five: the same post fires.
    await plan("professional");
    expect((await workspacePlan(db, { workspaceId, now: t.clock.now() })).plan).toBe("professional");
    await evaluateAlerts(deps(), own.id);
    expect(await breakouts()).toEqual(["Breakout post by Fernhill Beans"]);
  });
});

describe("in a worker, with its queue", () => {
  it("judges a follower's breakout on stored figures only: a company without figures is neither computed nor queued by this job", async () => {
    const {
      workspaceId,
      own,
      other: late,
      breakouts,
    } = await followingWorkspace("Alder Street Coffee", "Late Mill");
    await t.database.pool.query(
      "update subscriptions set plan = 'professional', status = 'active', end_date = null where workspace_id = $1",
      [workspaceId],
    );
    await recomputeBrand(deps(), own.id);
    const lateFigures = async () =>
      (await t.database.pool.query("select 1 from figures where brand_id = $1", [late.id])).rowCount;

    // Fernhill Beans recomputed: Late Mill, in the follower's comparison, has no figures yet.
    const recorded = recordedJobs();
    await evaluateAlerts({ ...deps(), jobs: recorded.jobs }, rivalId);
    expect(await lateFigures()).toBe(0);
    // Nor queued: Late Mill's own job (its writer's) is coming; queuing from here would set off a cascade.
    expect(recorded.queued).toEqual([]);
    expect(await breakouts()).toEqual([]);
    // Late Mill's own job stores them, and judges the workspaces following it: the breakout fires then.
    await recomputeBrand(deps(), late.id);
    await t.settle();
    await evaluateAlerts({ ...deps(), jobs: recorded.jobs }, late.id);
    expect(await breakouts()).toEqual(["Breakout post by Fernhill Beans"]);
  });
});

describe("the team's chats", () => {
  it("queues each new run of alerts for the workspace's chats on Professional, with the alerts; nothing on Starter", async () => {
    const db = t.database.db;
    const workspaceId = team.owner.workspaceId;
    const plan = (name: string) =>
      t.database.pool.query(
        "update subscriptions set plan = $1, status = 'active', end_date = null where workspace_id = $2",
        [name, workspaceId],
      );
    const deliveries = async () =>
      (
        await t.database.pool.query<{ kind: string; batch_id: string }>(
          "select kind, batch_id from alert_channel_deliveries",
        )
      ).rows;
    await db
      .insert(alertChannels)
      .values({ workspaceId, kind: "slack", sealedUrl: "v2.x.y", urlHint: "hooks.slack.com/…abcd" });
    // Starter: a follower fall fires, and no chat gets it.
    await plan("starter");
    await seedInstagramFollowers(db, brandId, [["2026-11-30", 900]]);
    await evaluateAlerts(deps(), brandId);
    expect((await stored()).some((r) => r.title.includes("lost"))).toBe(true);
    expect(await deliveries()).toEqual([]);
    // Professional: the next run (a query new in Search Console) is queued for Slack, in its batch.
    await plan("professional");
    await db.insert(searchQueries).values({
      workspaceId,
      brandId,
      query: "espresso",
      periodFrom: "2026-11-16",
      periodTo: "2026-11-29",
      clicks: 100,
      impressions: 1000,
      source: "provider" as const,
    });
    await evaluateAlerts(deps(), brandId);
    const espresso = (await stored()).find((r) => r.title.includes("espresso"));
    expect(espresso).toBeDefined();
    expect(await deliveries()).toEqual([{ kind: "slack", batch_id: espresso?.batchId }]);
  });
});

describe("deduplication and cool-down", () => {
  const fired = (subject: string) => ({
    rule: "engagement" as const,
    brandId,
    subject,
    coolDownKey: "drop",
    title: "Engagement drop for Oakridge Roasters",
    detail: "…",
    link: "/content",
    period: null,
    coolDownMs: 7 * DAY_MS,
  });
  const store = (subject: string) =>
    storeFired(t.database.db, {
      workspaceId: team.owner.workspaceId,
      batchId: crypto.randomUUID(),
      fired: [fired(subject)],
      now: t.clock.now(),
    });

  it("keeps a drop of another week quiet for seven days, then lets it fire; the same event never again", async () => {
    expect(await store("drop:2026-11-29")).toHaveLength(1);
    t.clock.advance(6 * DAY_MS);
    expect(await store("drop:2026-12-05")).toHaveLength(0);
    t.clock.advance(DAY_MS + 1);
    expect(await store("drop:2026-12-06")).toHaveLength(1);
    t.clock.advance(30 * DAY_MS);
    expect(await store("drop:2026-11-29")).toHaveLength(0);
  });
});
