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
  type Rendered,
  renderScreen,
  waitFor,
} from "../modules/test-utils";
import { authenticityWords, InfluencerDetailsScreen } from "./influencer-details-screen";
import { InfluencerScreen } from "./influencer-screen";
import { type InfluencerSummary, influencerCountText, listPageCount, pageCount, rankOf } from "./queries";

const influencer = (index: number): InfluencerSummary => ({
  id: `i${index}`,
  name: `Creator ${index}`,
  handle: `@creator${index}`,
  avatar: null,
  platform: "instagram",
  followers: 25000 + index,
  engagementRate: 0.031,
  audienceFit: 0.8,
  authenticity: null,
  topics: ["coffee"],
  country: "GB",
});

describe("influencer helpers", () => {
  it("counts pages and ranks across them", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
    expect(rankOf(2, 0, 20)).toBe(21);
    expect(authenticityWords(null)).toBe("Not enough data to judge");
    expect(authenticityWords(0.9)).toBe("Mostly real followers");
  });

  it("keeps Starter's top 3 to one page and names them the top 3 of all matches", () => {
    const starter = { results: [influencer(1), influencer(2), influencer(3)], total: 57, limited: true };
    expect(listPageCount(starter, 20)).toBe(1);
    expect(influencerCountText(starter)).toBe("Top 3 of 57 influencers");
    const all = { results: [influencer(1), influencer(2)], total: 2, limited: true };
    expect(influencerCountText(all)).toBe("2 influencers");
    const professional = { results: [influencer(1)], total: 41, limited: false };
    expect(listPageCount(professional, 20)).toBe(3);
    expect(influencerCountText(professional)).toBe("41 influencers");
    expect(influencerCountText({ ...starter, total: 3550 })).toBe("Top 3 of 3,550 influencers");
    expect(influencerCountText({ results: [influencer(1)], total: 1, limited: false })).toBe("1 influencer");
    expect(listPageCount(undefined)).toBe(1);
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

const base = {
  "GET /brand": () => json({ brand: activeBrand }),
  "GET /countries": () => json([{ id: "GB", label: "United Kingdom", emoji: "🇬🇧" }]),
  "GET /industries": () => json([]),
};

/** The sample brand: its list ranks the sample data set's generated profiles, whose audiences are known. */
const sampleBrand = { "GET /brand": () => json({ brand: { ...activeBrand, sample: true } }) };

/** A real creator of an own brand's pool: what no source said is null. */
const ownCreator = (index: number, patch: Partial<InfluencerSummary> = {}): InfluencerSummary => ({
  ...influencer(index),
  handle: `creator${index}`,
  audienceFit: null,
  topics: ["cold", "brew"],
  origin: "creator_list",
  topicMatch: 0.5,
  sizeBand: "micro",
  mentions: 0,
  ...patch,
});

describe("Influencer list", () => {
  it("pages through the ranked list", async () => {
    const api = mockApi({
      ...base,
      ...sampleBrand,
      "GET /influencer": (_request, url) => {
        const page = Number(url.searchParams.get("page"));
        return json({
          results: Array.from({ length: page === 1 ? 20 : 5 }, (_, i) => influencer((page - 1) * 20 + i)),
          total: 25,
          limited: false,
        });
      },
    });
    view = await renderScreen(InfluencerScreen);
    await waitFor(() => getByText(current().container, "Page 1 of 2"));
    expect(view.container.querySelector("tbody tr")?.textContent).toContain("Creator 0");
    // Authenticity missing: a dash, not 0%.
    expect(view.container.querySelector("tbody tr td:last-child")?.textContent).toBe("—");
    await click(getByRoleName(view.container, "button", "Next page"));
    await waitFor(() => getByText(current().container, "Page 2 of 2"));
    await waitFor(() =>
      expect(current().container.querySelector("tbody tr")?.textContent).toContain("Creator 20"),
    );
    expect(view.container.querySelector("tbody tr")?.textContent).toMatch(/^21/);
    expect(api.calls("GET", "/influencer")[1]?.url.searchParams.get("page")).toBe("2");
  });

  it("shows Starter's top 3 of all matches on one page and offers Professional", async () => {
    const api = mockApi({
      ...base,
      "GET /influencer": () =>
        json({ results: [influencer(1), influencer(2), influencer(3)], total: 57, limited: true }),
    });
    view = await renderScreen(InfluencerScreen);
    await waitFor(() => getByRoleName(current().container, "link", "See all influencers with Professional"));
    getByText(view.container, "Top 3 of 57 influencers, best fit first");
    expect(view.container.querySelectorAll("tbody tr")).toHaveLength(3);
    // 57 would make 3 pages, but Starter has nothing beyond its top 3.
    expect(view.container.querySelector("nav[aria-label='Pages of influencers']")).toBeNull();
    expect(api.calls("GET", "/influencer")).toHaveLength(1);
  });

  it("shows a plain count and no upgrade when Starter's top 3 are all there are", async () => {
    mockApi({
      ...base,
      "GET /influencer": () => json({ results: [influencer(1)], total: 1, limited: true }),
    });
    view = await renderScreen(InfluencerScreen);
    await waitFor(() => getByText(current().container, "1 influencer, best fit first"));
    expect(view.container.textContent).not.toContain("See all influencers with Professional");
  });

  it("lists an own brand's real creators with where each came from, unknowns as unknown, and the method", async () => {
    mockApi({
      ...base,
      "GET /influencer": () =>
        json({
          results: [
            ownCreator(1, { name: "Nina Ferreira", handle: "nina.brews", topicMatch: 1 }),
            ownCreator(2, {
              name: "guest.barista",
              handle: "guest.barista",
              followers: null,
              engagementRate: null,
              topicMatch: 0,
              sizeBand: null,
              origin: "mentioned_in_posts",
              mentions: 2,
            }),
          ],
          total: 2,
          limited: false,
        }),
    });
    view = await renderScreen(InfluencerScreen);
    await waitFor(() => getByText(current().container, "2 influencers, best fit first"));
    getByText(view.container, /^Ranked among your own creators only: your keywords and content topics/);
    const headers = [...view.container.querySelectorAll("thead th")].map((th) => th.textContent);
    expect(headers).toEqual([
      "Rank",
      "Influencer",
      "Platform",
      "Country",
      "Followers",
      "Engagement rate",
      "Topic match",
      "Audience fit",
      "Source",
    ]);
    const cells = (row: number) =>
      [...(view?.container.querySelectorAll(`tbody tr:nth-child(${row}) > *`) ?? [])].map(
        (c) => c.textContent,
      );
    expect(cells(1).slice(4)).toEqual(["25K", "3.1%", "100%", "Unknown", "Creator list"]);
    // Known only from an @mention: no follower count or rate is made up.
    expect(cells(2).slice(4)).toEqual(["—", "—", "0%", "Unknown", "Mentioned in posts"]);
  });

  it("says how an own brand's creator pool fills, and keeps the sample brand's empty state", async () => {
    mockApi({ ...base, "GET /influencer": () => json({ results: [], total: 0, limited: false }) });
    view = await renderScreen(InfluencerScreen);
    await waitFor(() => getByText(current().container, "No creators for your brand yet"));
    getByText(view.container, /never the sample data's generated profiles/);
    getByText(
      view.container,
      /import a creator list \(a CSV with each creator's handle, platform and followers\)/,
    );
    expect(
      getByRoleName(view.container, "link", "Import a creator list on Data sources").getAttribute("href"),
    ).toBe("/data-sources");
    view.unmount();
    mockApi({
      ...base,
      "GET /brand": () => json({ brand: { ...activeBrand, sample: true } }),
      "GET /influencer": () => json({ results: [], total: 0, limited: false }),
    });
    view = await renderScreen(InfluencerScreen);
    await waitFor(() => getByText(current().container, "No influencers match"));
    expect(view.container.textContent).not.toContain("No creators for your brand yet");
  });

  it("uses stored filters and shows an error with Retry", async () => {
    localStorage.setItem("influencer", JSON.stringify({ filters: { platform: "tiktok", search: "latte" } }));
    const api = mockApi({ ...base, "GET /influencer": () => problem(500) });
    view = await renderScreen(InfluencerScreen);
    await waitFor(() => getByText(current().container, "We could not load your influencers"));
    const query = api.calls("GET", "/influencer")[0]?.url.searchParams;
    expect(query?.get("platform")).toBe("tiktok");
    expect(query?.get("search")).toBe("latte");
  });
});

describe("Influencer details", () => {
  it("shows a real creator's source and topic match, and its audience as unknown", async () => {
    mockApi({
      ...base,
      "GET /influencer/:id": () =>
        json({
          ...ownCreator(3, { followers: null, origin: "mentioned_in_posts", topicMatch: 0.25 }),
          audienceVsEngagement: [],
          demographics: { ages: [], genders: [], countries: [] },
          recentPosts: [],
          provenance: { ...provenance, source: "csv_import", sourceName: "Mentioned in posts" },
        }),
    });
    view = await renderScreen(() => <InfluencerDetailsScreen id="i3" />);
    await waitFor(() => getByText(current().container, "creator3 · Instagram · followers unknown"));
    getByText(view.container, "Real creators' audiences are not known");
    getByText(view.container, "25%");
    const stated = [...view.container.querySelectorAll("dd")].map((dd) => dd.textContent);
    expect(stated).toContain("Mentioned in posts");
    expect(view.container.textContent).not.toContain("Authenticity");
  });

  it("shows audience, demographics, recent posts and authenticity", async () => {
    mockApi({
      ...base,
      "GET /influencer/:id": () =>
        json({
          ...influencer(7),
          authenticity: 0.92,
          audienceVsEngagement: [{ label: "Creator 7", audience: 25007, engagement: 120, radius: 0.8 }],
          demographics: {
            ages: [{ label: "25–34", share: 0.55 }],
            genders: [{ label: "Women", share: 0.61 }],
            countries: [{ label: "United Kingdom", share: 0.7 }],
          },
          recentPosts: [
            {
              url: "https://www.instagram.com/p/xyz",
              publishedAt: "2026-11-10T08:00:00.000Z",
              text: "Morning pour-over",
              likes: 1200,
              comments: 40,
              views: null,
            },
          ],
          provenance,
        }),
    });
    view = await renderScreen(() => <InfluencerDetailsScreen id="i7" />);
    await waitFor(() => getByText(current().container, "Morning pour-over"));
    expect(getByText(view.container, "Mostly real followers")).toBeTruthy();
    expect(getByText(view.container, "92%")).toBeTruthy();
    expect(getByText(view.container, "25–34")).toBeTruthy();
    expect(getByText(view.container, "1.2K likes · 40 comments · — views")).toBeTruthy();
    await waitFor(() => getByText(current().container, "Audience size against engagement, Creator 7"), {
      timeout: 5000,
    });
  });
});
