import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatCpc, formatDate } from "../modules/format";
import {
  activeBrand,
  click,
  getByRoleName,
  getByText,
  getInputByLabel,
  json,
  mockApi,
  problem,
  provenance,
  queryByText,
  type Rendered,
  renderScreen,
  type,
  waitFor,
} from "../modules/test-utils";
import { IntentScreen, sortKeywords } from "./intent-screen";
import { formatVolumeRange, type Keyword, rangeMiddle, toKeywordBubbles, trendChange } from "./queries";

const keyword = (overrides: Partial<Keyword>): Keyword => ({
  keyword: "oat milk latte",
  country: "GB",
  volume: 12100,
  cpc: 0.84,
  currency: "USD",
  competition: 0.41,
  trend: [9900, 10400, 11000, 12100],
  ...overrides,
});

describe("keyword helpers", () => {
  it("draws only keywords with cost per click, volume and competition", () => {
    const { points, left } = toKeywordBubbles([
      keyword({}),
      keyword({ keyword: "cold brew", cpc: null }),
      keyword({ keyword: "flat white", competition: null }),
    ]);
    expect(points).toEqual([
      { id: "oat milk latte|GB", label: "oat milk latte", x: 0.84, y: 12100, radius: 0.41 },
    ]);
    expect(left).toBe(2);
  });

  it("names the cost per click's currency, and says when the drawn keywords mix currencies", () => {
    expect(toKeywordBubbles([keyword({ currency: "GBP" })]).currency).toBe("GBP");
    expect(
      toKeywordBubbles([keyword({ currency: "GBP" }), keyword({ keyword: "mocha" })]).currency,
    ).toBeNull();
    expect(formatCpc(0.8, "GBP")).toBe("£0.80");
  });

  it("measures the trend from its first to its last month, or not at all", () => {
    expect(trendChange([100, 150])).toBe(0.5);
    expect(trendChange([100])).toBeNull();
    expect(trendChange([0, 10])).toBeNull();
  });

  it("draws a ranged volume at the range's geometric middle, with the range as its text", () => {
    const { points, left } = toKeywordBubbles([
      keyword({ keyword: "espresso beans bulk", volume: null, volumeRange: { low: 1_000, high: 10_000 } }),
      keyword({ keyword: "decaf", volume: null, volumeRange: { low: 0, high: 10 } }),
    ]);
    expect(left).toBe(0);
    expect(points[0]?.y).toBeCloseTo(Math.sqrt(1_000 * 10_000), 6);
    expect(points[0]?.yText).toBe("1K–10K (drawn at its geometric middle)");
    // From 0 the low end is taken as 1, or the middle would be 0.
    expect(points[1]?.y).toBeCloseTo(Math.sqrt(10), 6);
    expect(rangeMiddle({ low: 10_000, high: 100_000 })).toBeCloseTo(31_622.78, 1);
    expect(formatVolumeRange({ low: 100_000, high: 1_000_000 })).toBe("100K–1M");
  });

  it("sorts a ranged volume by its lower bound among exact ones", () => {
    const rows = [
      keyword({ keyword: "exact 8.1K", volume: 8_100 }),
      keyword({ keyword: "range 10K–100K", volume: null, volumeRange: { low: 10_000, high: 100_000 } }),
      keyword({ keyword: "exact 12.1K", volume: 12_100 }),
      keyword({ keyword: "unknown", volume: null }),
      keyword({ keyword: "range 1K–10K", volume: null, volumeRange: { low: 1_000, high: 10_000 } }),
    ];
    expect(
      sortKeywords(rows, { columnId: "volume", direction: "descending" }).map((row) => row.keyword),
    ).toEqual(["exact 12.1K", "range 10K–100K", "exact 8.1K", "range 1K–10K", "unknown"]);
    expect(
      sortKeywords(rows, { columnId: "volume", direction: "ascending" }).map((row) => row.keyword),
    ).toEqual(["range 1K–10K", "exact 8.1K", "range 10K–100K", "exact 12.1K", "unknown"]);
  });

  it("sorts missing figures last in both directions", () => {
    const rows = [
      keyword({ keyword: "a", cpc: 2 }),
      keyword({ keyword: "b", cpc: null }),
      keyword({ keyword: "c", cpc: 1 }),
    ];
    expect(sortKeywords(rows, { columnId: "cpc", direction: "ascending" }).map((row) => row.keyword)).toEqual(
      ["c", "a", "b"],
    );
    expect(
      sortKeywords(rows, { columnId: "cpc", direction: "descending" }).map((row) => row.keyword),
    ).toEqual(["a", "c", "b"]);
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

/** A section of the screen by its heading. */
function region(name: string): HTMLElement {
  const found = [...current().container.querySelectorAll<HTMLElement>("section[aria-labelledby]")].find(
    (section) => section.querySelector("h2")?.textContent === name,
  );
  if (!found) throw new Error(`No section "${name}"`);
  return found;
}

const baseRoutes = {
  "GET /brand": () => json({ brand: activeBrand }),
  "GET /intent/searches": () => json({ queries: [], total: 0, shown: null, stored: [] }),
  "GET /countries": () => json([{ id: "GB", label: "United Kingdom", emoji: "🇬🇧" }]),
  "GET /industries": () => json([{ id: "food-beverage", label: "Food & beverage" }]),
  "GET /intent": () =>
    json({ keywordData: [keyword({}), keyword({ keyword: "decaf beans", cpc: null })], provenance }),
};

describe("Intent screen", () => {
  it("lists the keywords with their cost per click, and says where they come from", async () => {
    mockApi(baseRoutes);
    view = await renderScreen(IntentScreen);
    await waitFor(() => getByText(current().container, "decaf beans"));
    const table = view.container.querySelector("table");
    expect(table?.textContent).toContain("$0.84");
    expect(table?.textContent).toContain("12.1K");
    // A missing cost per click is a dash, never $0.00.
    expect(table?.textContent).not.toContain("$0.00");
    expect(getByText(view.container, "1 keyword lacks")).toBeTruthy();
    expect(
      getByText(view.container, /Meta Facebook posts \(CSV import\) · updated 3 hours ago/),
    ).toBeTruthy();
  });

  it("shows a bucketed Keyword Planner volume as its range, in the table and in the chart's figures", async () => {
    mockApi({
      ...baseRoutes,
      "GET /intent": () =>
        json({
          keywordData: [
            keyword({}),
            keyword({
              keyword: "espresso beans bulk",
              volume: null,
              volumeRange: { low: 10_000, high: 100_000 },
              trend: [],
            }),
          ],
          provenance,
        }),
    });
    view = await renderScreen(IntentScreen);
    await waitFor(() => getByText(current().container, "espresso beans bulk"));
    const row = [...view.container.querySelectorAll("tr")].find(
      (tr) =>
        tr.textContent?.includes("espresso beans bulk") &&
        tr.closest("table")?.textContent?.includes("Trend"),
    );
    expect(row?.textContent).toContain("10K–100K");
    // The chart's data table carries what its tooltip shows: the range, not the point it is drawn at.
    await waitFor(() => getByText(current().container, "10K–100K (drawn at its geometric middle)"));
    expect(queryByText(view.container, "1 keyword lacks")).toBeNull();
  });

  it("lists the brand's own searches by clicks, for the period chosen, with their days and source", async () => {
    const api = mockApi({
      ...baseRoutes,
      "GET /intent/searches": (_request, url) =>
        json({
          queries:
            url.searchParams.get("period") === "7d"
              ? []
              : [
                  { query: "lumora coffee", clicks: 412, impressions: 1830, ctr: 0.2251, position: 1.2 },
                  { query: "lumora decaf", clicks: 12, impressions: null, ctr: null, position: 4.25 },
                ],
          total: 2,
          shown:
            url.searchParams.get("period") === "7d"
              ? null
              : {
                  from: "2026-09-06",
                  to: "2026-12-05",
                  source: "csv_import",
                  sourceName: "Search Console export Queries.csv",
                },
          stored: [
            {
              from: "2026-09-06",
              to: "2026-12-05",
              source: "csv_import",
              sourceName: "Search Console export Queries.csv",
            },
          ],
        }),
    });
    view = await renderScreen(IntentScreen);
    const section = await waitFor(() => region("Your searches"));
    await waitFor(() => getByText(section, "lumora coffee"));
    const headers = [...section.querySelectorAll("thead th")].map((th) => th.textContent);
    expect(headers).toEqual(["Query", "Clicks", "Impressions", "CTR", "Position"]);
    const rows = [...section.querySelectorAll("tbody tr")].map((tr) =>
      [...tr.querySelectorAll("th, td")].map((cell) => cell.textContent),
    );
    // By clicks, as the server sends them; an unknown count is a dash, never 0.
    expect(rows).toEqual([
      ["lumora coffee", "412", "1,830", "23%", "1.2"],
      ["lumora decaf", "12", "—", "—", "4.3"],
    ]);
    expect(section.textContent).toContain(
      `${formatDate("2026-09-06")} to ${formatDate("2026-12-05")}, from Search Console export Queries.csv`,
    );
    expect(section.textContent).toContain("they are not search volume");
    expect(api.calls("GET", "/intent/searches")[0]?.url.searchParams.get("period")).toBe("30d");
    // Not keywords: the keyword table has none of them.
    expect(region("Keywords").textContent).not.toContain("lumora coffee");

    // A period no stored set meets: the sets it has are named.
    const week = section.querySelector<HTMLInputElement>("input[type=radio][value='7d']");
    if (!week) throw new Error("no 7 days");
    await click(week);
    await waitFor(() => getByText(section, "No searches for this period"));
    expect(section.textContent).toContain(
      `Your searches cover ${formatDate("2026-09-06")} to ${formatDate("2026-12-05")} (Search Console export Queries.csv)`,
    );
  });

  it("says how to get the brand's searches when it has none, and shows an error with Retry", async () => {
    let fail = true;
    mockApi({
      ...baseRoutes,
      "GET /intent/searches": () =>
        fail ? problem(503) : json({ queries: [], total: 0, shown: null, stored: [] }),
    });
    view = await renderScreen(IntentScreen);
    const section = await waitFor(() => region("Your searches"));
    await waitFor(() => getByText(section, "We could not load your searches"), { timeout: 5000 });
    fail = false;
    await click(getByRoleName(section, "button", "Retry"));
    await waitFor(() => getByText(section, "No searches of your brand yet"));
    expect(section.textContent).toContain("upload a Google Search Console export");
    expect(section.textContent).toContain("connect Google Search Console");
    const link = [...section.querySelectorAll("a")].find(
      (a) => a.textContent === "Add your searches on Data sources",
    );
    expect(link?.getAttribute("href")).toBe("/data-sources");
  });

  it("shows no searches section for the sample brand", async () => {
    const api = mockApi({
      ...baseRoutes,
      "GET /brand": () => json({ brand: { ...activeBrand, sample: true } }),
    });
    view = await renderScreen(IntentScreen);
    await waitFor(() => getByText(current().container, "decaf beans"));
    expect(queryByText(view.container, "Your searches")).toBeNull();
    expect(api.calls("GET", "/intent/searches")).toHaveLength(0);
  });

  it("names the ways in of an own brand's keywords when it has none, with a link to Data sources", async () => {
    mockApi({
      ...baseRoutes,
      "GET /intent": () => json({ keywordData: [], provenance: { ...provenance, source: "website" } }),
    });
    view = await renderScreen(IntentScreen);
    await waitFor(() => getByText(current().container, "No keywords of your brand yet"));
    for (const way of ["Keyword Planner", "Google Ads"]) {
      expect(view.container.textContent).toContain(way);
    }
    const link = [...view.container.querySelectorAll("a")].find(
      (a) => a.textContent === "Add keywords on Data sources",
    );
    expect(link?.getAttribute("href")).toBe("/data-sources");
    expect(view.container.textContent).not.toContain("Sample data");
  });

  it("offers to clear the filters when an own brand's keywords are not of the industry chosen", async () => {
    localStorage.setItem("intent", JSON.stringify({ industry: "fashion" }));
    const api = mockApi({
      ...baseRoutes,
      "GET /intent": (_request, url) =>
        json({ keywordData: url.searchParams.get("industry") ? [] : [keyword({})], provenance }),
    });
    view = await renderScreen(IntentScreen);
    await waitFor(() => getByText(current().container, "No keywords match"));
    await click(getByRoleName(view.container, "button", "Clear filters"));
    await waitFor(() => getByText(current().container, "oat milk latte"));
    expect(api.calls("GET", "/intent")[0]?.url.searchParams.get("industry")).toBe("fashion");
  });

  it("searches 500 ms after typing stops, with a loading flag", async () => {
    const api = mockApi({
      ...baseRoutes,
      "GET /intent/keyword": (_request, url) =>
        json({
          keywordData: [keyword({ keyword: `${url.searchParams.get("keyword")} near me` })],
          provenance,
        }),
    });
    view = await renderScreen(IntentScreen);
    await waitFor(() => getByText(current().container, "decaf beans"));
    const box = getInputByLabel(view.container, "Search keywords");
    await type(box, "co");
    await type(box, "coffee");
    expect(getByText(view.container, "Searching…")).toBeTruthy();
    expect(api.calls("GET", "/intent/keyword")).toHaveLength(0);
    await waitFor(() => getByText(current().container, "coffee near me"), { timeout: 2000 });
    expect(api.calls("GET", "/intent/keyword")).toHaveLength(1);
    expect(api.calls("GET", "/intent/keyword")[0]?.url.searchParams.get("keyword")).toBe("coffee");
    expect(queryByText(view.container, "decaf beans")).toBeNull();
  });

  it("shows an empty list and a visible error when the search fails", async () => {
    mockApi({ ...baseRoutes, "GET /intent/keyword": () => problem(503) });
    view = await renderScreen(IntentScreen);
    await waitFor(() => getByText(current().container, "decaf beans"));
    await type(getInputByLabel(view.container, "Search keywords"), "coffee");
    await waitFor(() => getByText(current().container, "We could not load matching keywords"), {
      timeout: 2000,
    });
    expect(getByText(view.container, "Service Unavailable")).toBeTruthy();
    expect(queryByText(view.container, "decaf beans")).toBeNull();
    expect(getByText(view.container, "No matching keywords")).toBeTruthy();
  });
});
