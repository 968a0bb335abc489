import type { components } from "@brandscope/api-client/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { expectContractResponse } from "../../../test/contract-response";
import { seedSignedInUser } from "../../../test/users";
import { jwtKey } from "../../config/keys";
import { sortKey } from "./sort-key";

type Schemas = components["schemas"];

let t: TestApp;
let starter: string;
let professional: string;
let noBrand: string;

async function signIn(plan: "starter" | "professional") {
  const user = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  if (plan !== "starter") {
    await t.database.pool.query("update subscriptions set plan = $1 where workspace_id = $2", [
      plan,
      user.workspaceId,
    ]);
  }
  return user.authorization;
}

const get = async (operationId: string, url: string, authorization: string) => {
  const response = await t.app.inject({ method: "GET", url: `/api${url}`, headers: { authorization } });
  expectContractResponse(operationId, response);
  return response;
};

const competitorOf = async (period: string) =>
  (await get("getCompetitorAnalytics", `/competitor?period=${period}`, professional)).json<
    Schemas["CompetitorAnalytics"]
  >();

beforeAll(async () => {
  t = await buildTestApp();
  starter = await signIn("starter");
  professional = await signIn("professional");
  noBrand = await signIn("professional");
  for (const authorization of [starter, professional]) {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/brand",
      headers: { authorization },
      payload: { sample: true },
    });
    expectContractResponse("createBrand", response);
    expect(response.statusCode).toBe(201);
  }
  return () => t.close();
});
afterAll(() => undefined);

describe("the sample brand", () => {
  it("comes with as many of its competitors as the plan allows", async () => {
    const brand = (await get("getBrand", "/brand", starter)).json<Schemas["BrandResponse"]>().brand;
    expect(brand).toMatchObject({ name: "Lumora Coffee", sample: true, status: "active" });
    const own = await get("listBrandCompetitors", "/brand/competitor", starter);
    expect(own.json()).toMatchObject({ limit: 1 });
    expect(own.json().competitors).toHaveLength(1);
    const pro = await get("listBrandCompetitors", "/brand/competitor", professional);
    expect(pro.json()).toMatchObject({ limit: 5 });
    expect(pro.json().competitors).toHaveLength(5);
  });

  it("answers content figures computed from its posts, marked as sample data", async () => {
    const body = (await get("getContent", "/content", starter)).json<Schemas["ContentAnalytics"]>();
    expect(body.provenance.source).toBe("sample");
    expect(body.contentBreakdown.status).toBe("ok");
    const shares = body.contentBreakdown.items.reduce((sum, item) => sum + item.share, 0);
    expect(shares).toBeCloseTo(1, 6);
    expect(body.contentBreakdown.items.every((item) => item.count > 0)).toBe(true);
    expect(body.keywordAnalysis.items.length).toBeGreaterThan(0);
    expect(body.audit.postsPerWeek.value).toBeGreaterThan(0);
    expect(body.window.to > body.window.from).toBe(true);
  });

  it("compares periods: 7 days hold fewer posts than 90 days", async () => {
    const week = (await get("getContent", "/content?period=7d", starter)).json<Schemas["ContentAnalytics"]>();
    const quarter = (await get("getContent", "/content?period=90d", starter)).json<
      Schemas["ContentAnalytics"]
    >();
    const total = (b: Schemas["ContentAnalytics"]) =>
      b.contentBreakdown.items.reduce((s, i) => s + i.count, 0);
    expect(total(week)).toBeLessThan(total(quarter));
    const custom = await get(
      "getContent",
      `/content?period=custom&from=${quarter.window.from}&to=${quarter.window.to}`,
      starter,
    );
    expect(total(custom.json())).toBe(total(quarter));
    const outside = await get("getContent", "/content?period=custom&from=2001-01-01&to=2001-01-31", starter);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toMatch(/^Choose dates between/);
  });

  it("sets the brand against its competitors with the six website metrics", async () => {
    const body = (await get("getCompetitorAnalytics", "/competitor", professional)).json<
      Schemas["CompetitorAnalytics"]
    >();
    expect(body.common.brand).toMatchObject({ name: "Lumora Coffee", isOwnBrand: true });
    expect(body.competitors).toHaveLength(5);
    expect(body.common.brand.metrics.map((m) => m.metric)).toEqual([
      "overallTraffic",
      "searchTraffic",
      "pagesPerVisit",
      "avgDuration",
      "backLinks",
      "articlesPerWeek",
    ]);
    const shares = body.common.brand.trafficByCountry.reduce((sum, t) => sum + t.visitsShare, 0);
    expect(shares).toBeCloseTo(1, 6);
    expect(body.common.brand.trafficByCountry[0]?.countryId).toMatch(/^[A-Z]{3}$/);
    // The sample's figures are shared: a refresh answers them as they are and queues nothing.
    const refreshed = await get("getCompetitorAnalytics", "/competitor?refresh=true", professional);
    expect(refreshed.json().common.brand.metrics).toEqual(body.common.brand.metrics);
    expect(refreshed.json().refresh).toMatchObject({ status: "shared" });
  });

  it("shares the landscape's owned-channel voice among the brand and the competitors the plan follows", async () => {
    const body = (await get("getCompetitorAnalytics", "/competitor", professional)).json<
      Schemas["CompetitorAnalytics"]
    >();
    const [overall] = body.shareOfVoice.scopes;
    expect(overall?.platform).toBeNull();
    expect(overall?.engagement).toMatchObject({ status: "ok", n: 6 });
    const engagements = overall?.engagement.shares ?? [];
    expect(engagements.map((s) => s.companyId)).toEqual([
      body.common.brand.id,
      ...body.competitors.map((c) => c.id),
    ]);
    // The brand's engagement is what its side-by-side figures hold, summed over its platforms.
    const brandEngagement = body.common.brand.audienceByPlatform.reduce((s, p) => s + (p.engagement ?? 0), 0);
    expect(engagements[0]?.value).toBe(brandEngagement);
    expect(engagements.reduce((s, x) => s + x.percent, 0)).toBe(100);
    expect(engagements.reduce((s, x) => s + x.share, 0)).toBeCloseTo(1, 9);
    expect(body.shareOfVoice.traffic.month).toMatch(/^\d{4}-\d{2}$/);
    // Starter follows one competitor: the landscape is two companies.
    const starterVoice = (await get("getCompetitorAnalytics", "/competitor", starter)).json<
      Schemas["CompetitorAnalytics"]
    >().shareOfVoice;
    expect(starterVoice.scopes[0]?.posts.shares).toHaveLength(2);
  });

  it("judges breakout posts among the landscape's posts of the chosen period: fewer in 7 days than in 90", async () => {
    const week = await competitorOf("7d");
    const quarter = await competitorOf("90d");
    const judged = (b: Schemas["CompetitorAnalytics"]) =>
      b.breakoutPosts.platforms.reduce((s, p) => s + (p.n ?? 0), 0);
    expect(judged(week)).toBeGreaterThan(0);
    expect(judged(week)).toBeLessThan(judged(quarter));
    for (const body of [week, quarter]) {
      const breakouts = body.breakoutPosts;
      expect(breakouts.window).toEqual(body.common.window);
      expect(breakouts.platforms.length).toBeGreaterThan(0);
      const companies = new Set([body.common.brand.id, ...body.competitors.map((c) => c.id)]);
      for (const post of breakouts.items) {
        expect(post.z).toBeGreaterThanOrEqual(3.5);
        expect(companies.has(post.companyId)).toBe(true);
        expect(post.publishedAt.slice(0, 10) >= body.common.window.from).toBe(true);
        expect(breakouts.platforms.find((p) => p.platform === post.platform)?.status).toBe("ok");
      }
    }
  });

  it("follows the chosen period in share of voice: 7 days hold fewer posts and engagements than 90", async () => {
    // 30 days first, as the screen opens: a later period must not be answered with its landscape.
    await competitorOf("30d");
    const week = await competitorOf("7d");
    const quarter = await competitorOf("90d");
    const overall = (b: Schemas["CompetitorAnalytics"]) => b.shareOfVoice.scopes[0];
    expect(overall(week)?.posts).toMatchObject({ status: "ok", n: 6 });
    expect(overall(week)?.posts.total).toBeLessThan(overall(quarter)?.posts.total ?? 0);
    expect(overall(week)?.engagement.total).toBeLessThan(overall(quarter)?.engagement.total ?? 0);
    // The brand's share holds what its side-by-side figures of the same period hold.
    for (const body of [week, quarter]) {
      const engaged = body.common.brand.audienceByPlatform.reduce((s, p) => s + (p.engagement ?? 0), 0);
      const share = overall(body)?.engagement.shares.find((s) => s.companyId === body.common.brand.id);
      expect(share?.value).toBe(engaged);
    }
  });

  it("shows Starter the top 3 personas, and Professional all of them", async () => {
    const limited = (await get("listPersonas", "/audience", starter)).json<Schemas["PersonaList"]>();
    expect(limited.limited).toBe(true);
    expect(limited.results.length).toBeLessThanOrEqual(3);
    // The total counts every persona of the brand and its competitor, not only the 3 Starter sees.
    expect(limited.total).toBeGreaterThan(3);
    const all = (await get("listPersonas", "/audience?limit=100", professional)).json<
      Schemas["PersonaList"]
    >();
    expect(all.limited).toBe(false);
    expect(all.total).toBe(all.results.length);
    expect(all.total).toBeGreaterThan(limited.results.length);
    const names = all.results.map((p) => p.name);
    // By name, accents folded, whatever the database's collation (CI's PostgreSQL 15 sorts in C).
    expect(names.map(sortKey)).toEqual(names.map(sortKey).sort());
    // Paging: two pages of one hold the first two personas, in order, without overlap.
    const first = (await get("listPersonas", "/audience?limit=1&page=1", professional)).json<
      Schemas["PersonaList"]
    >();
    const second = (await get("listPersonas", "/audience?limit=1&page=2", professional)).json<
      Schemas["PersonaList"]
    >();
    expect([first.results[0]?.id, second.results[0]?.id]).toEqual(all.results.slice(0, 2).map((p) => p.id));
  });

  it("opens a persona with its radar, platforms, keywords and matching influencers", async () => {
    const { results } = (await get("listPersonas", "/audience", professional)).json<Schemas["PersonaList"]>();
    const id = results[0]?.id ?? "";
    const persona = (await get("getPersona", `/audience/${id}`, professional)).json<
      Schemas["PersonaDetails"]
    >();
    expect(Math.max(...persona.interestRadar.map((r) => r.score))).toBe(100);
    expect(persona.platformSplit.reduce((sum, p) => sum + p.share, 0)).toBeCloseTo(1, 6);
    expect(persona.influencers.length).toBeGreaterThan(0);
    expect((await get("getPersona", `/audience/${id}`, noBrand)).statusCode).toBe(404);
  });

  it("filters and searches personas", async () => {
    const { results } = (await get("listPersonas", "/audience?limit=100", professional)).json<
      Schemas["PersonaList"]
    >();
    const word = results[0]?.name.split(" ")[0] ?? "";
    const found = (
      await get("listPersonas", `/audience?search=${encodeURIComponent(word)}`, professional)
    ).json();
    expect(found.results.map((p: Schemas["PersonaSummary"]) => p.id)).toContain(results[0]?.id);
    const none = (await get("listPersonas", "/audience?search=zzzzqqq", professional)).json();
    expect(none).toMatchObject({ results: [], total: 0 });
  });

  it("ranks influencers for the brand; Starter sees the top 3 of its industry", async () => {
    const limited = (await get("listInfluencers", "/influencer", starter)).json<Schemas["InfluencerList"]>();
    expect(limited).toMatchObject({ limited: true });
    expect(limited.results).toHaveLength(3);
    expect(limited.total).toBeGreaterThan(3);
    const ranked = (
      await get("listInfluencers", "/influencer?limit=50&platform=instagram", professional)
    ).json<Schemas["InfluencerList"]>();
    expect(ranked.results.every((i) => i.platform === "instagram")).toBe(true);
    expect(ranked.total).toBeGreaterThan(50);
    // Filtered totals come from the counts stored with the figures: they agree with counting the rows.
    const brandId = (await get("getBrand", "/brand", professional)).json<Schemas["BrandResponse"]>().brand
      ?.id;
    const counted = await t.database.pool.query<{ n: number }>(
      `select count(*)::int as n from influencer_scores s join influencers i on i.id = s.influencer_id
       where s.brand_id = $1 and i.platform = 'instagram'`,
      [brandId],
    );
    expect(ranked.total).toBe(counted.rows[0]?.n);
    const details = await get("getInfluencer", `/influencer/${ranked.results[0]?.id}`, professional);
    expect(details.json().audienceVsEngagement.length).toBeGreaterThan(1);
    expect(details.json().recentPosts.length).toBeGreaterThan(0);
    const hidden = ranked.results.find((r) => !limited.results.some((l) => l.id === r.id));
    expect((await get("getInfluencer", `/influencer/${hidden?.id}`, starter)).statusCode).toBe(404);
  });

  it("lists the industry's keywords and searches them", async () => {
    const intent = (await get("getIntent", "/intent", starter)).json<Schemas["KeywordList"]>();
    expect(intent.keywordData.length).toBeGreaterThan(0);
    const volumes = intent.keywordData.map((k) => k.volume ?? 0);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    const term = intent.keywordData[0]?.keyword.split(" ")[0] ?? "";
    const found = (
      await get("searchKeywords", `/intent/keyword?keyword=${encodeURIComponent(term)}`, starter)
    ).json<Schemas["KeywordList"]>();
    expect(found.keywordData.length).toBeGreaterThan(0);
    expect(found.keywordData.every((k) => k.keyword.toLowerCase().includes(term.toLowerCase()))).toBe(true);
  });

  it("summarises the modules on the dashboard", async () => {
    const body = (await get("getDashboard", "/dashboard", starter)).json<Schemas["Dashboard"]>();
    expect(new Set(body.headlines.map((h) => h.module))).toEqual(
      new Set(["content", "competitor", "audience", "influencer", "intent"]),
    );
  });

  it("counts on the dashboard the personas the Audience list counts, on Starter and Professional alike", async () => {
    for (const authorization of [starter, professional]) {
      const list = (await get("listPersonas", "/audience?limit=1", authorization)).json<
        Schemas["PersonaList"]
      >();
      const dashboard = (await get("getDashboard", "/dashboard", authorization)).json<Schemas["Dashboard"]>();
      const personas = dashboard.headlines.find((h) => h.label === "Personas");
      // Starter sees 3 personas of them, yet both screens count them all: the brand's and its competitors'.
      expect(personas?.figure.value).toBe(list.total);
      expect(list.total).toBeGreaterThan(3);
    }
  });

  it("exports posts of the period as CSV, and Starter's influencers as its top 3", async () => {
    const posts = await t.app.inject({
      method: "GET",
      url: "/api/export/posts?period=7d",
      headers: { authorization: starter },
    });
    expect(posts.statusCode).toBe(200);
    expect(posts.headers["content-type"]).toMatch(/^text\/csv/);
    expect(posts.headers["content-disposition"]).toMatch(
      /attachment; filename="[a-z0-9-]+-posts-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = posts.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "platform,published_at,url,format,likes,comments,shares,views,plays,impressions,reach,text",
    );
    const content = (await get("getContent", "/content?period=7d", starter)).json<
      Schemas["ContentAnalytics"]
    >();
    expect(lines.length - 1).toBe(content.contentBreakdown.items.reduce((s, i) => s + i.count, 0));
    const influencers = await t.app.inject({
      method: "GET",
      url: "/api/export/influencers",
      headers: { authorization: starter },
    });
    expect(influencers.body.trim().split("\r\n")).toHaveLength(4);
  });

  it("answers 404 to a workspace without a brand", async () => {
    expect((await get("getContent", "/content", noBrand)).statusCode).toBe(404);
    expect((await get("getBrand", "/brand", noBrand)).json()).toEqual({ brand: null });
  });
});
