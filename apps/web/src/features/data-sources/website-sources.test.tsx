import { afterEach, describe, expect, it, vi } from "vitest";
import {
  activeBrand,
  click,
  getByRoleName,
  getByText,
  json,
  mockApi,
  problem,
  renderScreen,
  waitFor,
} from "../modules/test-utils";
import { WebsiteSourcesSection } from "./website-sources";

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

const rivalId = "9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const own = {
  brandId: activeBrand.id,
  name: "Lumora Coffee",
  website: "https://lumora.example/",
  own: true,
  status: "connected",
  lastRunAt: "2026-11-25T09:17:00.000Z",
  lastSuccessAt: "2026-11-25T09:17:00.000Z",
  nextRunAt: "2026-11-26T09:17:00.000Z",
  articles: 12,
  datedBy: "feed",
  sourceUrl: "https://lumora.example/feed.xml",
  problem: null,
} as const;
const rival = {
  ...own,
  brandId: rivalId,
  name: "Brewhaus",
  website: "https://brewhaus.example/",
  own: false,
  status: "problem",
  articles: 0,
  datedBy: null,
  sourceUrl: null,
  problem: "No articles found: the website has no RSS or Atom feed, and its sitemap lists no dated articles.",
} as const;

describe("the websites section", () => {
  it("says where each website's articles come from and why one has none, and reads one again on request", async () => {
    let rivalNow: object = rival;
    const refreshed: string[] = [];
    mockApi({
      "GET /connectors/websites": () => json({ websites: [own, rivalNow] }),
      "POST /connectors/websites/:brandId/refresh": (request) => {
        refreshed.push(new URL(request.url).pathname);
        rivalNow = { ...rival, status: "reading", nextRunAt: null };
        return json(rivalNow, 202);
      },
    });
    const view = await renderScreen(WebsiteSourcesSection);
    await waitFor(() => getByText(view.container, /12 articles from its feed/));
    expect(getByText(view.container, /Lumora Coffee \(your brand\)/)).toBeTruthy();
    expect(getByText(view.container, "Connected")).toBeTruthy();
    expect(getByText(view.container, "No articles")).toBeTruthy();
    expect(getByText(view.container, /^No articles found: the website has no RSS/)).toBeTruthy();
    await click(getByRoleName(view.container, "button", "Read again now (Brewhaus)"));
    await waitFor(() => getByText(view.container, "Reading"));
    expect(refreshed).toEqual([`/api/connectors/websites/${rivalId}/refresh`]);
    expect(
      getByRoleName(view.container, "button", "Read again now (Brewhaus)").hasAttribute("disabled"),
    ).toBe(true);
  });

  it("shows the server's refusal of a read too soon", async () => {
    mockApi({
      "GET /connectors/websites": () => json({ websites: [own] }),
      "POST /connectors/websites/:brandId/refresh": () =>
        problem(
          429,
          "TOO_MANY_REQUESTS",
          "This website was read a moment ago. You can read it again in 14 minutes.",
        ),
    });
    const view = await renderScreen(WebsiteSourcesSection);
    await click(
      await waitFor(() => getByRoleName(view.container, "button", "Read again now (Lumora Coffee)")),
    );
    await waitFor(() => getByText(view.container, /read it again in 14 minutes/));
  });
});
