import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BrandGate } from "./brand-gate";
import {
  activeBrand,
  click,
  getByRoleName,
  getByText,
  json,
  mockApi,
  problem,
  queryByRoleName,
  queryByText,
  type Rendered,
  renderScreen,
  waitFor,
} from "./test-utils";

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

const failing = (source: string, problem: string) => ({
  source,
  status: "failing",
  problem,
  lastSuccessAt: null,
});

const gate = () => <BrandGate title="Content">{(brand) => <p>Module of {brand.name}</p>}</BrandGate>;

describe("BrandGate", () => {
  it("renders the module for an active brand", async () => {
    mockApi({ "GET /brand": () => json({ brand: activeBrand }) });
    view = await renderScreen(gate);
    await waitFor(() => getByText(current().container, "Module of Lumora Coffee"));
  });

  it("prompts to connect a brand when there is none, linking to the questionnaire", async () => {
    mockApi({ "GET /brand": () => json({ brand: null }) });
    view = await renderScreen(gate);
    const link = await waitFor(() => getByRoleName(current().container, "link", "Set up your brand"));
    expect(link.getAttribute("href")).toBe("/questionnaire");
    expect(queryByText(view.container, "Module of")).toBeNull();
  });

  it.each([
    ["pending", "Queued"],
    ["in-progress", "In progress"],
  ])("says data is being collected while the brand is %s", async (status, word) => {
    mockApi({ "GET /brand": () => json({ brand: { ...activeBrand, status } }) });
    view = await renderScreen(gate);
    await waitFor(() => getByText(current().container, "Collecting your data…"));
    expect(getByText(view.container, `Status: ${word}`)).toBeTruthy();
    expect(queryByText(view.container, "Module of")).toBeNull();
  });

  it("shows the reason of a failed collection above the module, and retries it with POST /brand/collect", async () => {
    const api = mockApi({
      "GET /brand": () =>
        json({ brand: { ...activeBrand, status: "error", statusReason: "The website did not answer." } }),
      "POST /brand/collect": () => json({ ...activeBrand, status: "pending" }, 202),
    });
    view = await renderScreen(gate);
    await waitFor(() =>
      getByText(
        current().container,
        "The website did not answer. What you import on Data sources still shows here.",
      ),
    );
    // What was imported still shows: the module renders under the reason.
    expect(getByText(view.container, "Module of Lumora Coffee")).toBeTruthy();
    await click(getByRoleName(view.container, "button", "Retry"));
    await waitFor(() => getByText(current().container, "Collecting your data…"));
    expect(api.calls("POST", "/brand/collect")).toHaveLength(1);
  });

  it("says why when every live source failed, each in its words, above what was imported", async () => {
    const api = mockApi({
      "GET /brand": () => json({ brand: activeBrand }),
      "GET /connectors/health": () =>
        json({
          allFailing: true,
          sources: [
            failing("website", "The website's robots.txt could not be read: we try again tomorrow"),
            {
              source: "search_console",
              status: "failing",
              problem: "Its sign-in expired: connect it again on Data sources.",
              lastSuccessAt: "2026-11-20T06:00:00.000Z",
            },
          ],
        }),
    });
    view = await renderScreen(gate);
    await waitFor(() => getByText(current().container, "None of Lumora Coffee's live sources could be read"));
    expect(view.container.textContent).toContain(
      "Website: The website's robots.txt could not be read: we try again tomorrow.",
    );
    expect(view.container.textContent).toContain(
      "Google Search Console: Its sign-in expired: connect it again on Data sources.",
    );
    expect(getByRoleName(view.container, "link", "Open Data sources").getAttribute("href")).toBe(
      "/data-sources",
    );
    expect(getByText(view.container, "Module of Lumora Coffee")).toBeTruthy();
    // The website was read (the brand is active): there is nothing for a retry to mend.
    expect(queryByRoleName(view.container, "button", "Read the website again")).toBeNull();
    expect(api.calls("GET", "/connectors/health")).toHaveLength(1);
  });

  it("offers to read the website again when it is among the failing sources", async () => {
    const api = mockApi({
      "GET /brand": () =>
        json({ brand: { ...activeBrand, status: "error", statusReason: "The website did not answer." } }),
      "GET /connectors/health": () =>
        json({
          allFailing: true,
          sources: [failing("website", "The website did not answer.")],
        }),
      "POST /brand/collect": () => json({ ...activeBrand, status: "pending" }, 202),
    });
    view = await renderScreen(gate);
    await click(await waitFor(() => getByRoleName(current().container, "button", "Read the website again")));
    await waitFor(() => getByText(current().container, "Collecting your data…"));
    expect(api.calls("POST", "/brand/collect")).toHaveLength(1);
  });

  it("asks nothing about sources for the sample brand and says nothing while one still works", async () => {
    const sample = mockApi({ "GET /brand": () => json({ brand: { ...activeBrand, sample: true } }) });
    view = await renderScreen(gate);
    await waitFor(() => getByText(current().container, "Module of Lumora Coffee"));
    expect(sample.calls("GET", "/connectors/health")).toHaveLength(0);
    view.unmount();

    mockApi({
      "GET /brand": () => json({ brand: activeBrand }),
      "GET /connectors/health": () =>
        json({
          allFailing: false,
          sources: [
            failing("website", "The website did not answer."),
            { source: "youtube", status: "ok", problem: null, lastSuccessAt: "2026-11-25T06:00:00.000Z" },
          ],
        }),
    });
    view = await renderScreen(gate);
    await waitFor(() => getByText(current().container, "Module of Lumora Coffee"));
    expect(queryByText(view.container, "None of Lumora Coffee's live sources could be read")).toBeNull();
  });

  it("shows an error with Retry when the brand cannot be loaded", async () => {
    let fail = true;
    mockApi({ "GET /brand": () => (fail ? problem(500) : json({ brand: activeBrand })) });
    view = await renderScreen(gate);
    await waitFor(() => getByText(current().container, "We could not load your brand"));
    expect(getByText(view.container, "Internal Server Error")).toBeTruthy();
    fail = false;
    await click(getByRoleName(view.container, "button", "Retry"));
    await waitFor(() => getByText(current().container, "Module of Lumora Coffee"));
  });
});
