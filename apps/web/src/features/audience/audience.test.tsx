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
import { AudienceScreen } from "./audience-screen";
import { PersonaScreen } from "./persona-screen";
import {
  mergePersonaPages,
  nextPersonaPage,
  type PersonaList,
  type PersonaSummary,
  personaCountText,
  withDefaultFilters,
} from "./queries";

const persona = (id: string, name = `Persona ${id}`): PersonaSummary => ({
  id,
  name,
  ageMin: 25,
  ageMax: 34,
  gender: "mixed",
  interests: ["specialty coffee"],
  platforms: ["instagram"],
  size: 48200,
  share: 0.27,
  engagementRate: null,
  country: "GB",
  industry: "food-beverage",
});
const page = (ids: string[], total: number, limited = false): PersonaList => ({
  results: ids.map((id) => persona(id)),
  total,
  limited,
});

describe("persona paging", () => {
  it("appends later pages and keeps each persona once, where it first appeared", () => {
    const merged = mergePersonaPages([page(["a", "b"], 4), page(["b", "c", "d"], 4)]);
    expect(merged.results.map((item) => item.id)).toEqual(["a", "b", "c", "d"]);
    expect(merged.total).toBe(4);
  });

  it("starts again from the first page alone", () => {
    expect(mergePersonaPages([page(["x"], 1)]).results.map((item) => item.id)).toEqual(["x"]);
    expect(mergePersonaPages([])).toEqual({ results: [], total: 0, limited: false });
  });

  it("asks for the next page only while some are missing", () => {
    expect(nextPersonaPage([page(["a", "b"], 5)], 2)).toBe(2);
    expect(nextPersonaPage([page(["a", "b"], 2)], 2)).toBeUndefined();
    expect(nextPersonaPage([page(["a"], 5)], 2)).toBeUndefined();
    expect(nextPersonaPage([page(["a", "b"], 5), page([], 5)], 2)).toBeUndefined();
    expect(nextPersonaPage([page(["a", "b"], 5, true)], 2)).toBeUndefined();
  });

  it("stops at Starter's top 3 although the total counts every match", () => {
    // The API answers total = every matching persona, results = the top 3, limited = true.
    expect(nextPersonaPage([page(["a", "b", "c"], 12, true)])).toBeUndefined();
    expect(nextPersonaPage([page(["a", "b", "c"], 12, true)], 3)).toBeUndefined();
  });

  it("says how many personas are shown: the top 3 of all on Starter, plain counts otherwise", () => {
    expect(personaCountText(mergePersonaPages([page(["a", "b", "c"], 12, true)]))).toBe(
      "Top 3 of 12 personas",
    );
    expect(personaCountText(mergePersonaPages([page(["a", "b"], 2, true)]))).toBe("2 personas");
    expect(personaCountText(mergePersonaPages([page(["a", "b"], 5)]))).toBe("2 of 5 personas");
    expect(personaCountText(mergePersonaPages([page(["a", "b"], 2)]))).toBe("2 personas");
    expect(personaCountText(mergePersonaPages([page(["a"], 1)]))).toBe("1 persona");
    expect(personaCountText(mergePersonaPages([page([], 0)]))).toBe("0 personas");
    expect(personaCountText(mergePersonaPages([page(["a", "b", "c"], 1200, true)]))).toBe(
      "Top 3 of 1,200 personas",
    );
  });

  it("applies the user's defaults only where no filter is selected", () => {
    const defaults = { defaultCountry: "GB", defaultIndustry: "food-beverage" };
    expect(withDefaultFilters({}, defaults)).toEqual({ country: "GB", industry: "food-beverage" });
    expect(withDefaultFilters({ industry: "saas", search: "x" }, defaults)).toEqual({
      country: "GB",
      industry: "saas",
      search: "x",
    });
    expect(withDefaultFilters({}, { defaultCountry: null, defaultIndustry: null })).toEqual({
      country: undefined,
      industry: undefined,
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

const me = { id: "u1", email: "maya@lumora.coffee", defaultCountry: "GB", defaultIndustry: "food-beverage" };
const base = {
  "GET /brand": () => json({ brand: activeBrand }),
  "GET /countries": () => json([{ id: "GB", label: "United Kingdom", emoji: "🇬🇧" }]),
  "GET /industries": () => json([{ id: "food-beverage", label: "Food & beverage" }]),
  "GET /user/me": () => json(me),
};

describe("Audience screen", () => {
  it("loads more personas on request, de-duplicated", async () => {
    const ids = Array.from({ length: 20 }, (_, index) => `p${index}`);
    const api = mockApi({
      ...base,
      "GET /audience": (_request, url) =>
        url.searchParams.get("page") === "2" ? json(page(["p19", "p20"], 21)) : json(page(ids, 21)),
    });
    view = await renderScreen(AudienceScreen);
    await waitFor(() => getByText(current().container, "20 of 21 personas"));
    const first = api.calls("GET", "/audience")[0]?.url.searchParams;
    expect(first?.get("sort")).toBe("NAME");
    expect(first?.get("limit")).toBe("20");
    expect(first?.get("period")).toBe("30d");
    await click(getByRoleName(view.container, "button", "Show more personas"));
    await waitFor(() => getByText(current().container, "21 personas"));
    // The count and the table render in separate commits; wait for the rows too.
    await waitFor(() => expect(current().container.querySelectorAll("tbody tr")).toHaveLength(21));
    expect(queryByText(view.container, "Show more personas")).toBeNull();
    // A missing engagement rate is a dash, not 0%.
    expect(view.container.querySelector("tbody")?.textContent).not.toContain("0%");
  });

  it("says why an own brand has no personas, and what shows them", async () => {
    mockApi({
      ...base,
      "GET /user/me": () => json({ ...me, defaultCountry: null, defaultIndustry: null }),
      "GET /audience": () => json(page([], 0)),
    });
    view = await renderScreen(AudienceScreen);
    await waitFor(() => getByText(current().container, "No personas yet"));
    getByText(
      current().container,
      /^Personas are built from your website visitors' .* In Google Analytics 4, export a free-form exploration .* then import it on Data sources/,
    );
    expect(getByRoleName(current().container, "link", "Import on Data sources").getAttribute("href")).toBe(
      "/data-sources",
    );
  });

  it("names where the personas come from: the brand's GA4 audience export, as a CSV import", async () => {
    mockApi({
      ...base,
      "GET /audience": () =>
        json({
          ...page(["a"], 1),
          provenance: { ...provenance, source: "csv_import", sourceName: "ga4-audience" },
        }),
    });
    view = await renderScreen(AudienceScreen);
    await waitFor(() => getByText(current().container, "Google Analytics 4 audience (CSV import)"));
  });

  it("says how many audience segments personas need when the own brand's import has too few", async () => {
    mockApi({
      ...base,
      "GET /user/me": () => json({ ...me, defaultCountry: null, defaultIndustry: null }),
      "GET /audience": () =>
        json({
          ...page([], 0),
          state: {
            status: "insufficient_history",
            reason: "needs 5 audience segments with interests, has 3",
            n: 3,
          },
        }),
    });
    view = await renderScreen(AudienceScreen);
    await waitFor(() =>
      getByText(
        current().container,
        /^Personas need at least 5 audience segments .*; your audience import has 3\. Export the Google Analytics 4 exploration over a longer period/,
      ),
    );
    getByRoleName(current().container, "link", "Import on Data sources");
  });

  it("applies the user's defaults when asked", async () => {
    const api = mockApi({ ...base, "GET /audience": () => json(page(["a"], 1)) });
    view = await renderScreen(AudienceScreen);
    await waitFor(() => getByText(current().container, "1 persona"));
    expect(api.calls("GET", "/audience")[0]?.url.searchParams.get("industry")).toBeNull();
    await click(await waitFor(() => getByRoleName(current().container, "button", "Use my defaults")));
    await waitFor(() => expect(api.calls("GET", "/audience")).toHaveLength(2));
    const query = api.calls("GET", "/audience")[1]?.url.searchParams;
    expect(query?.get("industry")).toBe("food-beverage");
    expect(query?.get("country")).toBe("GB");
    expect(JSON.parse(localStorage.getItem("audience") ?? "{}").filters).toEqual({
      country: "GB",
      industry: "food-beverage",
    });
    await waitFor(() => expect(queryByText(current().container, "Use my defaults")).toBeNull());
  });

  it("shows Starter's top 3 of all matches, offers Professional and asks for no more pages", async () => {
    const api = mockApi({ ...base, "GET /audience": () => json(page(["a", "b", "c"], 12, true)) });
    view = await renderScreen(AudienceScreen);
    const upgrade = await waitFor(() =>
      getByRoleName(current().container, "link", "See all personas with Professional"),
    );
    expect(upgrade.getAttribute("href")).toBe("/user/profile");
    getByText(view.container, "Top 3 of 12 personas");
    expect(view.container.querySelectorAll("tbody tr")).toHaveLength(3);
    expect(queryByText(view.container, "Show more personas")).toBeNull();
    await new Promise((settle) => setTimeout(settle, 50));
    expect(api.calls("GET", "/audience")).toHaveLength(1);
  });

  it("shows a plain count and no upgrade when Starter's top 3 are all there are", async () => {
    mockApi({ ...base, "GET /audience": () => json(page(["a", "b"], 2, true)) });
    view = await renderScreen(AudienceScreen);
    await waitFor(() => getByText(current().container, "2 personas"));
    expect(queryByText(view.container, "See all personas with Professional")).toBeNull();
  });

  it("shows an error with Retry when the list fails", async () => {
    mockApi({ ...base, "GET /audience": () => problem(500) });
    view = await renderScreen(AudienceScreen);
    await waitFor(() => getByText(current().container, "We could not load your personas"));
    expect(getByRoleName(view.container, "button", "Retry")).toBeTruthy();
  });
});

describe("Persona details", () => {
  const details = {
    ...persona("p1", "Weekend Home Baristas"),
    interestRadar: [
      { interest: "Coffee", score: 92 },
      { interest: "Design", score: 40 },
      { interest: "Travel", score: 15 },
    ],
    platformSplit: [
      { platform: "instagram", share: 0.7 },
      { platform: "tiktok", share: 0.3 },
    ],
    activity: [
      { date: "2026-11-01", value: 120 },
      { date: "2026-11-02", value: 140 },
    ],
    keywords: [{ keyword: "home espresso", cpc: 1.2, volume: 5400 }],
    influencers: [{ id: "i1", name: "Brew Daily", platform: "instagram", matchScore: 0.83 }],
    provenance,
  };

  it("shows the interests, platforms, activity, keywords and matching influencers", async () => {
    mockApi({ ...base, "GET /audience/:id": () => json(details) });
    view = await renderScreen(() => <PersonaScreen id="p1" />);
    await waitFor(() => getByText(current().container, "Weekend Home Baristas"));
    expect(getByText(view.container, "home espresso")).toBeTruthy();
    expect(getByText(view.container, "$1.20")).toBeTruthy();
    expect(getByRoleName(view.container, "link", "Brew Daily").getAttribute("href")).toBe(
      "/influencer/i1/details",
    );
    expect(getByText(view.container, "83%")).toBeTruthy();
    // The charts' text alternatives (hidden tables) carry their data.
    await waitFor(() => getByText(current().container, "Interests of Weekend Home Baristas"), {
      timeout: 5000,
    });
    await waitFor(() => getByText(current().container, "Platforms of Weekend Home Baristas"), {
      timeout: 5000,
    });
  });

  it("says how an own brand's persona gets keywords, and that no creators are matched yet", async () => {
    mockApi({ ...base, "GET /audience/:id": () => json({ ...details, keywords: [], influencers: [] }) });
    view = await renderScreen(() => <PersonaScreen id="p1" />);
    await waitFor(() =>
      getByText(current().container, /personas are matched with your brand's own keywords/),
    );
    getByText(view.container, /Keyword Planner export, or connect Google Ads/);
    getByText(view.container, /^No matching creators\. On Data sources, import a creator list/);
  });

  it("claims no platform mix, engagement or activity for a persona from a website's audience", async () => {
    const fromWebsite = {
      ...details,
      platforms: [],
      platformSplit: details.platformSplit.map((item) => ({ ...item, share: 0 })),
      activity: [],
      provenance: { ...provenance, source: "csv_import", sourceName: "ga4-audience" },
    };
    mockApi({ ...base, "GET /audience/:id": () => json(fromWebsite) });
    view = await renderScreen(() => <PersonaScreen id="p1" />);
    await waitFor(() => getByText(current().container, /no engagement estimate \(no platform data\)$/));
    expect(queryByText(current().container, "engagement rate")).toBeNull();
    getByText(current().container, "Google Analytics 4 audience (CSV import)");
    await waitFor(() => getByText(current().container, "No platform data yet"), { timeout: 5000 });
    await waitFor(
      () => getByText(current().container, /No estimate: this persona comes from your website's visitors/),
      {
        timeout: 5000,
      },
    );
  }, 15_000);

  it("says when the persona is not there", async () => {
    mockApi({ ...base, "GET /audience/:id": () => problem(404, "PERSONA_NOT_FOUND", "Persona not found") });
    view = await renderScreen(() => <PersonaScreen id="nope" />);
    await waitFor(() => getByText(current().container, "We could not load this persona"));
    expect(getByText(view.container, "There is nothing here any more.")).toBeTruthy();
  });
});
