import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { writeArea } from "../modules/stored-area";
import { activeBrand, json, mockApi, waitFor } from "../modules/test-utils";
import { preloadContent } from "./preload";
import { contentKeys } from "./queries";

const figures = { window: { from: "2026-08-22", to: "2026-11-20" } };

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("the content route's preload", () => {
  it("asks for the brand, then the figures of the period the screen opens on, into the cache", async () => {
    // As the period picker leaves it (usePeriod).
    writeArea("content", { period: { period: "90d" } });
    const api = mockApi({
      "GET /brand": () => json({ brand: activeBrand }),
      "GET /content": () => json(figures),
    });
    const queryClient = new QueryClient();

    preloadContent(queryClient);

    await waitFor(() =>
      expect(queryClient.getQueryData(contentKeys.analytics({ period: "90d" }))).toEqual(figures),
    );
    expect(api.calls("GET", "/content").map((call) => call.url.searchParams.get("period"))).toEqual(["90d"]);
  });

  it.each([
    ["no brand", null],
    ["a brand still collecting", { ...activeBrand, status: "in-progress" }],
  ])("asks for no figures with %s (the screen shows no module)", async (_, brand) => {
    const api = mockApi({
      "GET /brand": () => json({ brand }),
      "GET /content": () => json(figures),
    });
    const queryClient = new QueryClient();

    preloadContent(queryClient);

    await waitFor(() => expect(api.calls("GET", "/brand")).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls("GET", "/content")).toEqual([]);
  });
});
