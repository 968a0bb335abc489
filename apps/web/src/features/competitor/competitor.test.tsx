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
  queryByText,
  type Rendered,
  renderScreen,
  waitFor,
} from "../modules/test-utils";
import { CompetitorScreen } from "./competitor-screen";
import {
  type CompetitorAnalytics,
  type CompetitorEntry,
  platformComparison,
  selectCompetitor,
} from "./queries";

const entry = (id: string, name: string, overrides: Partial<CompetitorEntry> = {}): CompetitorEntry => ({
  id,
  name,
  logo: null,
  isOwnBrand: false,
  sample: false,
  audienceByPlatform: [{ platform: "instagram", audience: 12000, engagement: 800, engagementRate: 0.03 }],
  trafficByCountry: [{ countryId: "GBR", visitsShare: 0.7 }],
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
  ],
  ...overrides,
});

const brand = entry("b0", "Lumora Coffee", {
  isOwnBrand: true,
  audienceByPlatform: [
    { platform: "instagram", audience: 20000, engagement: 1500, engagementRate: 0.04 },
    { platform: "tiktok", audience: 5000, engagement: null, engagementRate: null },
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
const analytics: CompetitorAnalytics = {
  common: { window: { from: "2026-10-01", to: "2026-10-31" }, provenance, brand },
  competitors: [entry("c1", "Bean There"), entry("c2", "Grind House")],
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
  it("shows the requested competitor against the brand, with the five metrics", async () => {
    mockApi(routes);
    view = await renderScreen(() => <CompetitorScreen requestedId="c2" />);
    await waitFor(() => getByText(current().container, "Website metrics of Lumora Coffee and Grind House"));
    const rows = view.container.querySelectorAll("tr[data-metric]");
    expect(rows).toHaveLength(5);
    const overall = view.container.querySelector("tr[data-metric=overallTraffic]")?.textContent;
    expect(overall).toContain("120K");
    expect(overall).toContain("Increased by 20%");
    const backLinks = view.container.querySelector("tr[data-metric=backLinks]")?.textContent;
    expect(backLinks).toContain("Not enough history (needs 2 complete months, has 1)");
    expect(view.container.querySelector("tr[data-metric=pagesPerVisit]")?.textContent).toContain(
      "Decreased by 5.5%",
    );
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

  it("recomputes with ?refresh=true, and a failed load clears the figures", async () => {
    let fail = false;
    const api = mockApi({
      ...routes,
      "GET /competitor": () => (fail ? problem(500) : json(analytics)),
    });
    view = await renderScreen(() => <CompetitorScreen />);
    await waitFor(() => getByText(current().container, "Website metrics of Lumora Coffee and Bean There"));
    await click(getByRoleName(view.container, "button", "Refresh"));
    await waitFor(() => expect(api.calls("GET", "/competitor")).toHaveLength(2));
    expect(api.calls("GET", "/competitor")[1]?.url.searchParams.get("refresh")).toBe("true");
    expect(api.calls("GET", "/competitor")[0]?.url.searchParams.get("refresh")).toBeNull();
    fail = true;
    await click(getByRoleName(view.container, "button", "Refresh"));
    await waitFor(() =>
      getByText(current().container, "We could not load the comparison with your competitors"),
    );
    expect(queryByText(view.container, "Website metrics of")).toBeNull();
  });

  it("invites to add competitors when there are none", async () => {
    mockApi({ ...routes, "GET /competitor": () => json({ ...analytics, competitors: [] }) });
    view = await renderScreen(() => <CompetitorScreen />);
    await waitFor(() => getByText(current().container, "No competitors yet"));
  });
});
