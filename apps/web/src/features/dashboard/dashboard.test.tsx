import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  activeBrand,
  getByRoleName,
  getByText,
  json,
  mockApi,
  provenance,
  type Rendered,
  renderScreen,
  waitFor,
} from "../modules/test-utils";
import { DashboardScreen } from "./dashboard-screen";
import { formatHeadline, type Headline } from "./queries";

const figure = {
  value: 0.0412,
  previous: 0.0365,
  change: 0.1288,
  direction: "increase",
  status: "ok",
  n: 48,
} as const;

describe("headline format", () => {
  it("reads rates as percentages and counts as abbreviations", () => {
    const headline = (label: string): Headline => ({ module: "content", label, figure });
    expect(formatHeadline(headline("Engagement rate"), 0.0412)).toBe("4.12%");
    expect(formatHeadline(headline("Overall traffic"), 1_284_000)).toBe("1.28M");
    expect(formatHeadline(headline("Posts per week"), 4.5)).toBe("4.5");
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

describe("Dashboard", () => {
  it("shows each module's headline with a link into the module", async () => {
    mockApi({
      "GET /brand": () => json({ brand: activeBrand }),
      "GET /dashboard": () =>
        json({
          window: { from: "2026-10-22", to: "2026-11-20" },
          provenance,
          brand: activeBrand,
          headlines: [
            { module: "content", label: "Engagement rate", figure },
            {
              module: "competitor",
              label: "Overall traffic",
              figure: {
                value: null,
                previous: null,
                change: null,
                direction: null,
                status: "insufficient_history",
                reason: "needs 2 complete months, has 1",
              },
            },
          ],
        }),
    });
    view = await renderScreen(DashboardScreen);
    await waitFor(() => getByText(current().container, "4.12%"));
    expect(getByText(view.container, "Increased by 12.9%")).toBeTruthy();
    expect(getByText(view.container, "Not enough history (needs 2 complete months, has 1)")).toBeTruthy();
    expect(getByRoleName(view.container, "link", "Open Content").getAttribute("href")).toBe("/content");
    expect(getByRoleName(view.container, "link", "Open Competitors").getAttribute("href")).toBe(
      "/competitor",
    );
  });

  it("says the figures are being computed while the server answers 202, then shows them by itself", async () => {
    let reads = 0;
    mockApi({
      "GET /brand": () => json({ brand: activeBrand }),
      "GET /dashboard": () => {
        reads += 1;
        if (reads === 1) {
          return json(
            {
              status: "computing",
              message: "Your figures are being computed. They appear here by themselves once ready.",
              retryAfterSeconds: 1,
            },
            202,
          );
        }
        return json({
          window: { from: "2026-10-22", to: "2026-11-20" },
          provenance: { ...provenance, recomputing: false },
          brand: activeBrand,
          headlines: [{ module: "content", label: "Engagement rate", figure }],
        });
      },
    });
    view = await renderScreen(DashboardScreen);
    const notice = await waitFor(() => getByText(current().container, "Your figures are being computed"));
    expect(notice.closest("[role=status]")).toBeTruthy();
    expect(current().container.textContent).not.toContain("We could not load");
    // Read again after the server's Retry-After, without a click.
    await waitFor(() => getByText(current().container, "4.12%"), { timeout: 5000 });
    expect(reads).toBe(2);
    expect(current().container.textContent).not.toContain("Your figures are being computed");
  });
});
