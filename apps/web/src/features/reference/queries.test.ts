import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { signOut } from "~/lib/sign-out";
import { json, mockApi } from "../modules/test-utils";
import { countriesOptions, industriesOptions } from "./queries";

const countries = [
  { id: "DE", label: "Germany", emoji: "🇩🇪" },
  { id: "GB", label: "United Kingdom", emoji: "🇬🇧" },
];
const industries = [{ id: "saas", label: "Software & SaaS" }];

/** What a page load starts with: an empty Query cache, local storage as it was left. */
const freshCache = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("reference lists", () => {
  it("are kept in the country and industry areas, so a reload does not load them again", async () => {
    const api = mockApi({
      "GET /countries": () => json(countries),
      "GET /industries": () => json(industries),
    });
    const first = freshCache();
    await first.fetchQuery(countriesOptions());
    await first.fetchQuery(industriesOptions());
    expect(JSON.parse(localStorage.getItem("country") ?? "{}").list).toEqual(countries);
    expect(JSON.parse(localStorage.getItem("industry") ?? "{}").list).toEqual(industries);

    // A reload: a new cache, what the app prefetches after sign-in, then a country select.
    const reloaded = freshCache();
    await reloaded.prefetchQuery(countriesOptions());
    await reloaded.prefetchQuery(industriesOptions());
    const options = countriesOptions();
    const stored = reloaded.getQueryData(options.queryKey);
    expect(stored && options.select?.(stored)).toEqual([
      { value: "DE", label: "Germany", icon: "🇩🇪" },
      { value: "GB", label: "United Kingdom", icon: "🇬🇧" },
    ]);
    expect(api.calls("GET", "/countries")).toHaveLength(1);
    expect(api.calls("GET", "/industries")).toHaveLength(1);
  });

  it("are loaded again once stale, and are gone after logout", async () => {
    const api = mockApi({
      "GET /countries": () => json(countries),
      "GET /industries": () => json(industries),
    });
    localStorage.setItem("country", JSON.stringify({ list: countries, loadedAt: Date.now() - 2 * 3600_000 }));
    await freshCache().prefetchQuery(countriesOptions());
    expect(api.calls("GET", "/countries")).toHaveLength(1);

    await freshCache().fetchQuery(industriesOptions());
    signOut();
    expect(localStorage.getItem("country")).toBeNull();
    expect(localStorage.getItem("industry")).toBeNull();
  });
});
