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
import { ContentScreen } from "./content-screen";
import { type ContentAnalytics, formatBestTime, formatRelativePerformance } from "./queries";

const ok = { status: "ok" } as const;
const analytics = (overrides: Partial<ContentAnalytics> = {}): ContentAnalytics => ({
  window: { from: "2026-10-22", to: "2026-11-20" },
  provenance,
  brand: activeBrand as unknown as ContentAnalytics["brand"],
  contentBreakdown: {
    ...ok,
    items: [
      { label: "instagram", count: 30, share: 0.6, color: "#E1306C" },
      { label: "tiktok", count: 20, share: 0.4, color: "#000000" },
    ],
  },
  keywordAnalysis: {
    ...ok,
    searchPeriod: { from: "2026-08-01", to: "2026-10-31" },
    items: [
      {
        keyword: "#oatmilk",
        count: 14,
        color: "#4f46e5",
        searches: { queries: 3, clicks: 1412, impressions: 9000 },
      },
      {
        keyword: "winter blend",
        count: 9,
        color: "#7c3aed",
        searches: { queries: 0, clicks: 0, impressions: 0 },
      },
    ],
  },
  performance: {
    ...ok,
    top: [
      {
        id: "post-1",
        platform: "instagram",
        url: "https://www.instagram.com/p/abc",
        logo: "",
        publishedAt: "2026-11-02T09:00:00.000Z",
        text: "Our new winter blend",
        format: "reel",
        engagementRate: 0.081,
        relativePerformance: 2.4,
      },
    ],
    under: [],
  },
  audit: {
    ...ok,
    postsPerWeek: { value: 4.5, previous: 4, change: 0.125, direction: "increase", status: "ok", n: 50 },
    engagementRate: {
      value: null,
      previous: null,
      change: null,
      direction: null,
      status: "insufficient_history",
      reason: "needs 4 weeks, has 2",
    },
    formats: [{ label: "reel", count: 20, share: 0.4, color: "#111", medianEngagementRate: 0.05 }],
    bestTimes: [{ weekday: 2, hourFrom: 18, hourTo: 21, n: 7 }],
    sentiment: { status: "ok", positive: 0.6, neutral: 0.3, negative: 0.1, coverage: 0.85 },
  },
  architecture: {
    status: "insufficient_history",
    reason: "needs 100 posts, has 50",
    pillars: [],
  },
  website: {
    ...ok,
    n: 5,
    reason: "Counted from 7 Nov 2026: the website's articles are known from then.",
    articlesPerWeek: { value: 2.5, previous: null, change: null, direction: null, status: "ok", n: 5 },
    weeks: [
      { from: "2026-11-07", to: "2026-11-13", articles: 2 },
      { from: "2026-11-14", to: "2026-11-20", articles: 3 },
    ],
    latest: [
      {
        title: "First flush is in",
        url: "https://oat.example/blog/first-flush",
        publishedAt: "2026-11-19T08:00:00.000Z",
      },
    ],
    datedBy: "feed",
    sourceUrl: "https://oat.example/feed.xml",
  },
  sources: [],
  newestPeriod: null,
  ...overrides,
});

describe("content helpers", () => {
  it("words best times and relative performance", () => {
    expect(formatBestTime({ weekday: 2, hourFrom: 18, hourTo: 21 })).toBe("Tuesday, 18:00–21:00");
    expect(formatBestTime({ weekday: 7, hourFrom: 21, hourTo: 24 })).toBe("Sunday, 21:00–00:00");
    expect(formatRelativePerformance(2.43)).toBe("2.4× your median");
    expect(formatRelativePerformance(null)).toBe("No comparison");
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
  vi.restoreAllMocks();
});

describe("Content screen", () => {
  it("shows figures with their change, and why a figure or section has none", async () => {
    mockApi({ "GET /brand": () => json({ brand: activeBrand }), "GET /content": () => json(analytics()) });
    view = await renderScreen(ContentScreen);
    await waitFor(() => getByText(current().container, "Increased by"));
    const [posts, rate] = [...view.container.querySelectorAll("[data-slot=figure-card]")];
    expect(posts?.textContent).toContain("4.5");
    expect(posts?.textContent).toContain("Increased by 12.5%");
    expect(posts?.textContent).toContain("vs previous 30 days");
    expect(rate?.textContent).toContain("Not enough history (needs 4 weeks, has 2)");
    expect(rate?.textContent).not.toMatch(/\b0(\.0+)?%/);
    expect(getByText(view.container, "needs 100 posts, has 50")).toBeTruthy();
    // The own brand's section without enough data leads to Data sources.
    const addData = getByRoleName(view.container, "link", "Add data on Data sources");
    expect(addData.getAttribute("href")).toBe("/data-sources");
    expect(getByText(view.container, "Tuesday, 18:00–21:00")).toBeTruthy();
    expect(getByText(view.container, "85% of posts could be scored")).toBeTruthy();
    expect(getByText(view.container, /not how your audience feels/)).toBeTruthy();
    const post = getByRoleName(view.container, "link", /Our new winter blend/);
    expect(post.getAttribute("href")).toBe("https://www.instagram.com/p/abc");
    expect(getByText(view.container, "Engagement rate 8.1% · 2.4× your median")).toBeTruthy();
    await waitFor(() => getByText(current().container, "Posts by network"), { timeout: 5000 });
  });

  it("says under each keyword the search clicks of the brand's own queries holding it, and of which days", async () => {
    mockApi({ "GET /brand": () => json({ brand: activeBrand }), "GET /content": () => json(analytics()) });
    view = await renderScreen(ContentScreen);
    await waitFor(() => getByText(current().container, "#oatmilk"));
    expect(getByText(view.container, "1,412 search clicks from 3 queries")).toBeTruthy();
    expect(getByText(view.container, "No search query of yours holds it")).toBeTruthy();
    expect(getByText(view.container, /holding the keyword, 1 Aug 2026 to 31 Oct 2026\./)).toBeTruthy();
  });

  it("says how many posts it left out for an unknown engagement, never showing them as 0", async () => {
    const base = analytics();
    const data = analytics({
      performance: { ...base.performance, unknownEngagement: 12 },
      audit: {
        ...base.audit,
        engagementRate: {
          value: 0.031,
          previous: null,
          change: null,
          direction: null,
          status: "ok",
          n: 38,
          unknownEngagement: 12,
        },
      },
    });
    mockApi({ "GET /brand": () => json({ brand: activeBrand }), "GET /content": () => json(data) });
    view = await renderScreen(ContentScreen);
    await waitFor(() => getByText(current().container, "Increased by"));
    const rate = [...view.container.querySelectorAll("[data-slot=figure-card]")][1];
    expect(rate?.textContent).toContain("12 posts left out: engagement not in the file");
    // Once under each list of the performance section (top and under-performing).
    expect(view.container.querySelectorAll("[data-slot=engagement-left-out]")).toHaveLength(2);
  });

  it("shows why there are no top posts when no post's engagement is known", async () => {
    const reason =
      "The likes or comments of all 9 posts of this period are not known (not in the imported file).";
    const data = analytics({
      performance: { status: "no_data", reason, n: 0, unknownEngagement: 9, top: [], under: [] },
    });
    mockApi({ "GET /brand": () => json({ brand: activeBrand }), "GET /content": () => json(data) });
    view = await renderScreen(ContentScreen);
    await waitFor(() => getByText(current().container, "Increased by"));
    expect(view.container.textContent).toContain(reason);
    expect(queryByText(view.container, "Engagement rate 0.00%")).toBeNull();
  });

  it("shows the website's articles per week, by week, and the latest, with how they are dated", async () => {
    mockApi({ "GET /brand": () => json({ brand: activeBrand }), "GET /content": () => json(analytics()) });
    view = await renderScreen(ContentScreen);
    const section = await waitFor(() => {
      const found = [...current().container.querySelectorAll("[data-slot=section-card]")].find(
        (card) => card.querySelector("h2")?.textContent === "Website",
      );
      if (!found) throw new Error("No Website section");
      return found as HTMLElement;
    });
    expect(section.textContent).toContain("2.5");
    expect(section.textContent).toContain("Counted from 7 Nov 2026");
    expect(section.textContent).toContain("Dated by the website's feed");
    const weeks = section.querySelector("ol[aria-label='Articles by week']");
    expect(weeks?.textContent).toContain("7 Nov – 13 Nov2 articles");
    const latest = getByRoleName(section, "link", "First flush is in");
    expect(latest.getAttribute("href")).toBe("https://oat.example/blog/first-flush");
    expect(latest.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("says how old a source is, and offers the period ending on the newest data in one click", async () => {
    const old = {
      source: "csv_import" as const,
      platform: "youtube" as const,
      label: "YouTube export",
      newest: "2025-10-02",
      behind: true,
      reason: "YouTube export: newest video 2 Oct 2025 — upload a newer export or connect YouTube",
    };
    const api = mockApi({
      "GET /brand": () => json({ brand: activeBrand }),
      "GET /content": () =>
        json(analytics({ sources: [old], newestPeriod: { from: "2025-09-03", to: "2025-10-02" } })),
    });
    view = await renderScreen(ContentScreen);
    await waitFor(() =>
      getByText(
        current().container,
        "YouTube export: newest video 2 Oct 2025 — upload a newer export or connect YouTube.",
      ),
    );
    await click(getByRoleName(view.container, "button", "Show the 30 days ending 2 Oct 2025"));
    await waitFor(() => expect(api.calls("GET", "/content")).toHaveLength(2));
    const params = api.calls("GET", "/content")[1]?.url.searchParams;
    expect([params?.get("period"), params?.get("from"), params?.get("to")]).toEqual([
      "custom",
      "2025-09-03",
      "2025-10-02",
    ]);
  });

  it("asks again for the chosen period and remembers it in the content area", async () => {
    const api = mockApi({
      "GET /brand": () => json({ brand: activeBrand }),
      "GET /content": () => json(analytics()),
    });
    view = await renderScreen(ContentScreen);
    await waitFor(() => getByText(current().container, "Increased by"));
    expect(api.calls("GET", "/content")[0]?.url.searchParams.get("period")).toBe("30d");
    const radio = view.container.querySelector<HTMLInputElement>("input[type=radio][value='7d']");
    if (!radio) throw new Error("no 7 days");
    await click(radio);
    await waitFor(() => expect(api.calls("GET", "/content")).toHaveLength(2));
    expect(api.calls("GET", "/content")[1]?.url.searchParams.get("period")).toBe("7d");
    expect(JSON.parse(localStorage.getItem("content") ?? "{}").period).toEqual({ period: "7d" });
    await waitFor(() => getByText(current().container, "vs previous 7 days"));
  });

  it("downloads a dataset as CSV with the period", async () => {
    const createObjectURL = vi.fn(() => "blob:csv");
    vi.spyOn(URL, "createObjectURL").mockImplementation(createObjectURL);
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    // happy-dom would follow the link; a browser saves the file because of `download`.
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    const api = mockApi({
      "GET /brand": () => json({ brand: activeBrand }),
      "GET /content": () => json(analytics()),
      "GET /export/posts": () =>
        new Response("id,platform\n1,instagram\n", {
          headers: { "Content-Type": "text/csv", "Content-Disposition": 'attachment; filename="posts.csv"' },
        }),
    });
    view = await renderScreen(ContentScreen);
    const button = await waitFor(() => getByRoleName(current().container, "button", "Export CSV: posts"));
    await click(button);
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledOnce());
    const request = api.calls("GET", "/export/posts")[0];
    expect(request?.url.searchParams.get("period")).toBe("30d");
    expect(saved).toEqual(["posts.csv blob:csv"]);
  });

  it("shows the error with Retry when the figures cannot load", async () => {
    mockApi({ "GET /brand": () => json({ brand: activeBrand }), "GET /content": () => problem(502) });
    view = await renderScreen(ContentScreen);
    await waitFor(() => getByText(current().container, "We could not load your content figures"));
    expect(getByText(view.container, "Bad Gateway")).toBeTruthy();
    expect(queryByText(view.container, "Posts per week")).toBeNull();
  });

  it("marks sample data", async () => {
    mockApi({
      "GET /brand": () => json({ brand: { ...activeBrand, sample: true } }),
      "GET /content": () =>
        json(analytics({ provenance: { ...provenance, source: "sample", sourceName: null } })),
    });
    view = await renderScreen(ContentScreen);
    await waitFor(() => getByText(current().container, "Increased by"));
    // Said once: the provenance note takes over from the header's badge once the figures are in, with the day
    // the sample's data is as of (its periods end then: docs/decisions.md "Periods").
    expect(view.container.querySelector("[data-slot=provenance-note]")?.textContent).toBe(
      "Sample data as of 20 Nov 2026",
    );
    expect(view.container.querySelector("[data-slot=sample-badge]")).toBeNull();
    // The sample's data comes with it: nothing to add.
    expect(queryByText(view.container, "Add data on Data sources")).toBeNull();
    expect(getByText(view.container, /The sample brand has no website articles/)).toBeTruthy();
  });
});
