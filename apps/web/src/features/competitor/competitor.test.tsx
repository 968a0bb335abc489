import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  activeBrand,
  click,
  getByRoleName,
  getByText,
  json,
  mockApi,
  problem,
  provenance,
  queryByRoleName,
  queryByText,
  type Rendered,
  renderScreen,
  waitFor,
} from "../modules/test-utils";
import { userKeys } from "../user/queries";
import { CompetitorScreen, missingDataNotes } from "./competitor-screen";

const notify = vi.hoisted(() => ({ success: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock("~/lib/notify", () => ({ notify }));

import {
  type CompetitorAnalytics,
  type CompetitorEntry,
  platformComparison,
  roundedAudienceNote,
  selectCompetitor,
} from "./queries";

const entry = (id: string, name: string, overrides: Partial<CompetitorEntry> = {}): CompetitorEntry => ({
  id,
  name,
  logo: null,
  isOwnBrand: false,
  sample: false,
  audienceByPlatform: [
    {
      platform: "instagram",
      audience: 12000,
      audienceRoundedTo: null,
      audienceGrowth: null,
      engagement: 800,
      engagementRate: 0.03,
    },
  ],
  trafficByCountry: [{ countryId: "GBR", visitsShare: 0.7 }],
  trafficMeasure: "visits",
  sources: [],
  metrics: [
    {
      metric: "overallTraffic",
      value: 120000,
      previous: 100000,
      change: 0.2,
      direction: "increase",
      status: "ok",
    },
    {
      metric: "backLinks",
      value: null,
      previous: null,
      change: null,
      direction: null,
      status: "insufficient_history",
      reason: "needs 2 complete months, has 1",
    },
    {
      metric: "articlesPerWeek",
      value: 2.5,
      previous: 2,
      change: 0.25,
      direction: "increase",
      status: "ok",
      n: 10,
    },
  ],
  ...overrides,
});

const brand = entry("b0", "Lumora Coffee", {
  isOwnBrand: true,
  audienceByPlatform: [
    {
      platform: "instagram",
      audience: 20000,
      audienceRoundedTo: null,
      audienceGrowth: null,
      engagement: 1500,
      engagementRate: 0.04,
    },
    {
      platform: "tiktok",
      audience: 5000,
      audienceRoundedTo: null,
      audienceGrowth: null,
      engagement: null,
      engagementRate: null,
    },
  ],
  metrics: [
    {
      metric: "pagesPerVisit",
      value: 3.4,
      previous: 3.6,
      change: -0.055,
      direction: "decrease",
      status: "ok",
    },
  ],
});
type ShareSet = CompetitorAnalytics["shareOfVoice"]["traffic"];
const shares = (values: Record<string, [number, number]>): ShareSet => {
  const total = Object.values(values).reduce((sum, [value]) => sum + value, 0);
  return {
    status: "ok",
    n: Object.keys(values).length,
    total,
    month: null,
    shares: Object.entries(values).map(([companyId, [value, percent]]) => ({
      companyId,
      value,
      share: value / total,
      percent,
    })),
  };
};
const tooFew: ShareSet = {
  status: "insufficient_history",
  reason: "Needs 2 companies with this figure, has 1",
  n: 1,
  total: 12,
  shares: [],
  month: null,
};
const shareOfVoice: CompetitorAnalytics["shareOfVoice"] = {
  scopes: [
    {
      platform: null,
      engagement: shares({ b0: [1500, 48], c1: [800, 26], c2: [800, 26] }),
      posts: tooFew,
      audience: shares({ b0: [25000, 51], c1: [12000, 24], c2: [12000, 25] }),
    },
    {
      platform: "instagram",
      engagement: shares({ b0: [1500, 48], c1: [800, 26], c2: [800, 26] }),
      posts: shares({ b0: [6, 60], c1: [4, 40] }),
      audience: shares({ b0: [20000, 45], c1: [12000, 27], c2: [12000, 28] }),
    },
  ],
  traffic: { ...shares({ c1: [120000, 50], c2: [120000, 50] }), month: "2026-09" },
  leftOut: [],
};
const breakoutPosts: CompetitorAnalytics["breakoutPosts"] = {
  status: "ok",
  n: 64,
  window: { from: "2026-10-02", to: "2026-10-31" },
  items: [
    {
      id: "p9",
      companyId: "c2",
      platform: "instagram",
      url: "https://example.com/p/p9",
      publishedAt: "2026-10-20T12:00:00.000Z",
      text: "Our pumpkin spice oat latte is back",
      format: "reel",
      engagementRate: 0.4123,
      z: 4.0471,
    },
  ],
  platforms: [
    { platform: "instagram", status: "ok", n: 64 },
    {
      platform: "tiktok",
      status: "insufficient_history",
      reason: "needs 30 landscape posts in the period, has 12",
      n: 12,
    },
  ],
};
const analytics: CompetitorAnalytics = {
  common: { window: { from: "2026-10-01", to: "2026-10-31" }, provenance, brand },
  competitors: [entry("c1", "Bean There"), entry("c2", "Grind House")],
  shareOfVoice,
  breakoutPosts,
};

describe("competitor selection", () => {
  it("selects the requested competitor, otherwise the first, otherwise none", () => {
    expect(selectCompetitor(analytics.competitors, "c2")?.name).toBe("Grind House");
    expect(selectCompetitor(analytics.competitors, "gone")?.name).toBe("Bean There");
    expect(selectCompetitor(analytics.competitors, undefined)?.name).toBe("Bean There");
    expect(selectCompetitor([], "c2")).toBeUndefined();
  });

  it("compares platforms either side has, leaving missing figures missing", () => {
    const first = analytics.competitors[0];
    expect(platformComparison(brand, first, "audience")).toEqual([
      { network: "instagram", values: { brand: 20000, competitor: 12000 } },
      { network: "tiktok", values: { brand: 5000, competitor: null } },
    ]);
    expect(platformComparison(brand, first, "engagement")[1]).toEqual({
      network: "tiktok",
      values: { brand: null, competitor: null },
    });
  });

  it("marks the audience as rounded when a YouTube count is", () => {
    expect(roundedAudienceNote(brand, analytics.competitors[0])).toBeNull();
    const youtube = entry("c9", "Brewhaus", {
      audienceByPlatform: [
        {
          platform: "youtube",
          audience: 18400,
          audienceRoundedTo: 100,
          audienceGrowth: null,
          engagement: null,
          engagementRate: null,
        },
      ],
    });
    expect(roundedAudienceNote(brand, youtube)).toBe(
      "YouTube rounds subscriber counts down to three significant figures: those shown are about.",
    );
  });
});

let view: Rendered | undefined;
const current = () => {
  if (!view) throw new Error("Nothing rendered");
  return view;
};
beforeEach(() => localStorage.clear());
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
});

const routes = { "GET /brand": () => json({ brand: activeBrand }), "GET /competitor": () => json(analytics) };

describe("Competitor screen", () => {
  it("shows the requested competitor against the brand, with the six metrics", async () => {
    mockApi(routes);
    view = await renderScreen(() => <CompetitorScreen requestedId="c2" />);
    await waitFor(() => getByText(current().container, "Website metrics of Lumora Coffee and Grind House"));
    const rows = view.container.querySelectorAll("tr[data-metric]");
    expect(rows).toHaveLength(6);
    const articles = view.container.querySelector("tr[data-metric=articlesPerWeek]")?.textContent;
    expect(articles).toContain("2.5Increased by 25%vs previous 30 days");
    const overall = view.container.querySelector("tr[data-metric=overallTraffic]")?.textContent;
    expect(overall).toContain("120K");
    expect(overall).toContain("Increased by 20%");
    const backLinks = view.container.querySelector("tr[data-metric=backLinks]")?.textContent;
    expect(backLinks).toContain("Not enough history (needs 2 complete months, has 1)");
    expect(view.container.querySelector("tr[data-metric=pagesPerVisit]")?.textContent).toContain(
      "Decreased by 5.5%",
    );
  });

  it("says what an own brand's GA4 traffic cannot give, and what its map's shares are of", async () => {
    const notGiven = (metric: "backLinks" | "overallTraffic", reason: string) => ({
      metric,
      value: null,
      previous: null,
      change: null,
      direction: null,
      status: "not_available" as const,
      reason,
    });
    const ga4Brand = entry("b0", "Lumora Coffee", {
      isOwnBrand: true,
      trafficMeasure: "engagedSessions",
      trafficByCountry: [{ countryId: "USA", visitsShare: 0.6 }],
      metrics: [
        notGiven(
          "backLinks",
          "None of the exports Brandscope reads gives backlinks: GA4 measures the visits to your own site only.",
        ),
        notGiven(
          "overallTraffic",
          "The month's GA4 export has no Sessions column: add the Sessions metric to the report before exporting.",
        ),
      ],
    });
    mockApi({
      ...routes,
      "GET /competitor": () => json({ ...analytics, common: { ...analytics.common, brand: ga4Brand } }),
    });
    view = await renderScreen(() => <CompetitorScreen requestedId="c2" />);
    await waitFor(() => getByText(current().container, "Website metrics of Lumora Coffee and Grind House"));
    const backLinks = current().container.querySelector("tr[data-metric=backLinks] td")?.textContent;
    expect(backLinks).toBe(
      "Not available. None of the exports Brandscope reads gives backlinks: GA4 measures the visits to your own site only.",
    );
    const overall = current().container.querySelector("tr[data-metric=overallTraffic] td")?.textContent;
    expect(overall).toMatch(/^Not available\. The month's GA4 export has no Sessions column/);
    expect(overall).not.toMatch(/\b0\b/);
    getByText(current().container, "Share of engaged sessions (the GA4 export has no Sessions)");
    // The map's table (its text alternative, loaded with the map) names the measure too.
    await waitFor(() => getByText(current().container, "Share of engaged sessions"));
    // The competitor's map, from visits, keeps its own description.
    getByText(current().container, "Share of website visits");
  });

  it("names the brand and the competitor under each platform chart, not by shade alone", async () => {
    mockApi(routes);
    view = await renderScreen(() => <CompetitorScreen requestedId="c2" />);
    // The bar charts load lazily, their legends with them.
    const legends = await waitFor(
      () => {
        const found = current().container.querySelectorAll("[data-slot=chart-legend]");
        expect(found).toHaveLength(2);
        return found;
      },
      { timeout: 5_000 },
    );
    for (const legend of legends) {
      expect(legend.getAttribute("aria-label")).toBe("Legend");
      expect(Array.from(legend.querySelectorAll("li"), (item) => item.textContent)).toEqual([
        "Lumora Coffee",
        "Grind House",
      ]);
    }
  });

  it("falls back to the competitor chosen last time, then to the first", async () => {
    localStorage.setItem("competitor", JSON.stringify({ selectedId: "c2" }));
    mockApi(routes);
    view = await renderScreen(() => <CompetitorScreen />);
    await waitFor(() => getByText(current().container, "Website metrics of Lumora Coffee and Grind House"));
    view.unmount();
    localStorage.clear();
    view = await renderScreen(() => <CompetitorScreen requestedId="unknown" />);
    await waitFor(() => getByText(current().container, "Website metrics of Lumora Coffee and Bean There"));
  });

  it("asks for a recompute with ?refresh=true, says so, and shows the new figures once computed", async () => {
    const computedAt = analytics.common.provenance.computedAt;
    const later = new Date(Date.parse(computedAt) + 60_000).toISOString();
    let recomputed = false;
    const api = mockApi({
      ...routes,
      "GET /competitor": (_request, url) => {
        if (url.searchParams.get("refresh") === "true") {
          return json({ ...analytics, refresh: { status: "queued", message: "Being recomputed." } });
        }
        const at = recomputed ? later : computedAt;
        return json({
          ...analytics,
          common: { ...analytics.common, provenance: { ...provenance, computedAt: at } },
        });
      },
    });
    view = await renderScreen(() => <CompetitorScreen />);
    await waitFor(() => getByText(current().container, "Website metrics of Lumora Coffee and Bean There"));
    await click(getByRoleName(view.container, "button", "Refresh"));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith("Being recomputed.", expect.anything()));
    expect(api.calls("GET", "/competitor")[1]?.url.searchParams.get("refresh")).toBe("true");
    expect(api.calls("GET", "/competitor")[0]?.url.searchParams.get("refresh")).toBeNull();
    // The figures stay while the recompute runs, and the button says it is busy until newer ones arrive.
    getByText(view.container, "Website metrics of Lumora Coffee and Bean There");
    expect(getByRoleName(view.container, "button", "Refresh").getAttribute("aria-busy")).toBe("true");
    recomputed = true;
    await waitFor(
      () =>
        expect(getByRoleName(current().container, "button", "Refresh").getAttribute("aria-busy")).not.toBe(
          "true",
        ),
      { timeout: 8_000 },
    );
    expect(api.calls("GET", "/competitor").length).toBeGreaterThanOrEqual(3);
  }, 15_000);

  it("offers a member no Refresh: a recompute is the owner's or an admin's", async () => {
    mockApi(routes);
    view = await renderScreen(() => <CompetitorScreen />);
    view.queryClient.setQueryData(userKeys.me(), { workspace: { role: "member" } });
    await waitFor(() => getByText(current().container, "Website metrics of Lumora Coffee and Bean There"));
    await waitFor(() => expect(queryByRoleName(current().container, "button", "Refresh")).toBeNull());
  });

  it("keeps the figures when a refresh is refused, and says why", async () => {
    mockApi({
      ...routes,
      "GET /competitor": (_request, url) =>
        url.searchParams.get("refresh") === "true"
          ? problem(429, "RATE_LIMITED", "These figures were refreshed a moment ago.")
          : json(analytics),
    });
    view = await renderScreen(() => <CompetitorScreen />);
    await waitFor(() => getByText(current().container, "Website metrics of Lumora Coffee and Bean There"));
    await click(getByRoleName(view.container, "button", "Refresh"));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        "These figures were refreshed a moment ago.",
        expect.objectContaining({ title: "Could not refresh" }),
      ),
    );
    getByText(view.container, "Website metrics of Lumora Coffee and Bean There");
  });

  it("shows each company's owned-channel share of voice, a company without the figure as —, never 0%", async () => {
    mockApi(routes);
    view = await renderScreen(() => <CompetitorScreen />);
    const table = await waitFor(() => {
      const found = Array.from(current().container.querySelectorAll("table")).find((t) =>
        t.querySelector("caption")?.textContent?.startsWith("Share of voice (owned channels)"),
      );
      if (!found) throw new Error("No share-of-voice table yet");
      return found;
    });
    const row = (id: string) =>
      Array.from(table.querySelectorAll(`tr[data-company=${id}] > *`), (cell) => cell.textContent);
    expect(Array.from(table.querySelectorAll("thead th"), (th) => th.textContent)).toEqual([
      "Company",
      "Engagement",
      "Posts",
      "Followers",
      "Website visits, Sept 2026",
    ]);
    expect(row("b0")).toEqual(["Lumora Coffee", "48%", "—", "51%", "—"]);
    expect(row("c2")).toEqual(["Grind House", "26%", "—", "25%", "50%"]);
    // Too few companies with post counts: the reason, not a bar of zeros.
    getByText(view.container, "Not enough history (Needs 2 companies with this figure, has 1)");
    await click(getByRoleName(view.container, "button", "Instagram"));
    expect(getByRoleName(view.container, "button", "Instagram").getAttribute("aria-pressed")).toBe("true");
    expect(table.querySelector("caption")?.textContent).toBe("Share of voice (owned channels), Instagram");
    expect(row("b0")).toEqual(["Lumora Coffee", "48%", "60%", "45%", "—"]);
    expect(row("c2")).toEqual(["Grind House", "26%", "—", "28%", "50%"]);
  });

  it("shows the days every company is compared over, and why a company has no data in them", async () => {
    const reason =
      "No posts or follower counts from Lumora Coffee in 1–31 Oct 2026: import a newer export or connect YouTube on Data sources.";
    const partial =
      "Data from Grind House ends on 20 Oct 2026, 11 days before the end of 1–31 Oct 2026, so its engagement and posts would count fewer days than the others': import a newer export or connect YouTube on Data sources.";
    mockApi({
      ...routes,
      "GET /competitor": () =>
        json({
          ...analytics,
          shareOfVoice: {
            ...shareOfVoice,
            leftOut: [
              { companyId: "b0", reason },
              { companyId: "c2", reason: partial },
            ],
          },
        }),
    });
    view = await renderScreen(() => <CompetitorScreen requestedId="c1" />);
    const window = await waitFor(() => {
      const found = current().container.querySelector("[data-slot=comparison-window]");
      if (!found) throw new Error("No window yet");
      return found;
    });
    expect(window.textContent).toBe("Every company over the same days: 1 Oct 2026 to 31 Oct 2026");
    // Above the charts: the brand's reason, not the unselected competitor's, with the way to Data sources.
    const note = view.container.querySelector("[role=note][aria-label='Missing data in this window']");
    if (!note) throw new Error("No note about missing data");
    expect(Array.from(note.querySelectorAll("li"), (li) => li.textContent)).toEqual([reason]);
    expect(getByRoleName(note, "link", "Data sources").getAttribute("href")).toBe("/data-sources");
    // Share of voice lists every company it left out, each once, as a sentence.
    getByText(view.container, "Left out of the social shares, never counted as 0%:");
    getByText(view.container, partial);
  });

  it("says which of the brand's and the chosen competitor's sources are older than the period", async () => {
    const old = (reason: string | null) => ({
      source: "csv_import" as const,
      platform: "instagram" as const,
      label: "Instagram export",
      newest: "2025-10-02",
      behind: reason !== null,
      reason,
    });
    const data = {
      ...analytics,
      shareOfVoice: { ...shareOfVoice, leftOut: [] },
    };
    const [brand, chosen, other] = [
      entry("b0", "Lumora Coffee", { isOwnBrand: true, sources: [old(null)] }),
      entry("c1", "Brewhaus", {
        sources: [
          old("Instagram export: newest post 2 Oct 2025 — upload a newer export or connect Instagram"),
        ],
      }),
      entry("c2", "Grind House", {
        sources: [old("Instagram export: newest post 1 Oct 2025 — upload a newer export")],
      }),
    ];
    expect(missingDataNotes({ ...data, competitors: [brand, chosen, other] }, [brand, chosen])).toEqual([
      {
        key: "c1:Instagram export",
        text: "Brewhaus: Instagram export: newest post 2 Oct 2025 — upload a newer export or connect Instagram.",
      },
    ]);
  });

  it("lists breakout posts with their company, rate and z-score, linking to the post", async () => {
    mockApi(routes);
    view = await renderScreen(() => <CompetitorScreen />);
    const link = await waitFor(() =>
      getByRoleName(current().container, "link", "Our pumpkin spice oat latte is back (opens in a new tab)"),
    );
    expect(link.getAttribute("href")).toBe("https://example.com/p/p9");
    const item = link.closest("li");
    expect(item?.textContent).toContain("Grind House");
    expect(item?.textContent).toContain("Engagement rate 41.23% · z-score 4.05");
    getByText(view.container, "TikTok: Not enough history (needs 30 landscape posts in the period, has 12)");
  });

  it("says why no breakout can be judged rather than showing an empty list", async () => {
    const tooFew: CompetitorAnalytics["breakoutPosts"] = {
      ...breakoutPosts,
      status: "insufficient_history",
      reason: "needs 30 landscape posts with varied engagement rates on a platform",
      items: [],
    };
    mockApi({ ...routes, "GET /competitor": () => json({ ...analytics, breakoutPosts: tooFew }) });
    view = await renderScreen(() => <CompetitorScreen />);
    const section = await waitFor(() => {
      const heading = getByText(current().container, "Breakout posts");
      const found = heading.closest("section");
      if (!found) throw new Error("No breakout section");
      return found;
    });
    const state = section.querySelector("[data-slot=section-state]");
    expect(state?.textContent).toBe(
      "Not enough historyneeds 30 landscape posts with varied engagement rates on a platformAdd data on Data sources",
    );
    expect(queryByText(section, "No post broke out in this period.")).toBeNull();
  });

  it("invites to add competitors when there are none", async () => {
    mockApi({ ...routes, "GET /competitor": () => json({ ...analytics, competitors: [] }) });
    view = await renderScreen(() => <CompetitorScreen />);
    await waitFor(() => getByText(current().container, "No competitors yet"));
  });
});
