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
