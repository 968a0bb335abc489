import { describe, expect, it } from "vitest";
import { GoogleError, readRow, searchConsoleClient } from "./search-console-api";
import { matchingProperty, readWindow } from "./search-console-sites";
import { countryOf, toReadQueries } from "./search-console-sync.job";

const answering = (status: number, body: string) =>
  searchConsoleClient({
    clientId: "id",
    clientSecret: "secret",
    tokenUrl: "http://google.test/token",
    revokeUrl: "http://google.test/revoke",
    baseUrl: "http://google.test/webmasters/v3",
    fetch: async () => new Response(body, { status, headers: { "content-type": "application/json" } }),
  });

const page = { siteUrl: "sc-domain:lumora.example", startDate: "2026-10-27", endDate: "2026-11-23" };
const failureOf = async (run: Promise<unknown>) => {
  const error = await run.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(GoogleError);
  return (error as GoogleError).failure;
};

describe("the Search Console client", () => {
  it("treats an answer it cannot read as Google being unavailable, to be tried again", async () => {
    expect(
      await failureOf(answering(200, "<html>").queryPage("t", { ...page, startRow: 0, rowLimit: 10 })),
    ).toBe("unavailable");
    expect(
      await failureOf(
        answering(200, JSON.stringify({ rows: "many" })).queryPage("t", {
          ...page,
          startRow: 0,
          rowLimit: 10,
        }),
      ),
    ).toBe("unavailable");
    expect(await failureOf(answering(503, "{}").sites("t"))).toBe("unavailable");
    const empty = await answering(200, JSON.stringify({ responseAggregationType: "auto" })).queryPage("t", {
      ...page,
      startRow: 0,
      rowLimit: 10,
    });
    expect(empty).toEqual({ rows: [], received: 0, malformed: 0 });
  });

  it("tells a refused grant, a spent quota and a lost property apart", async () => {
    const invalidGrant = JSON.stringify({
      error: "invalid_grant",
      error_description: "Token has been expired or revoked.",
    });
    expect(await failureOf(answering(400, invalidGrant).refresh("1//x"))).toBe("token");
    expect(await failureOf(answering(401, JSON.stringify({ error: "invalid_client" })).refresh("1//x"))).toBe(
      "refused",
    );
    const quota = JSON.stringify({ error: { code: 403, errors: [{ reason: "quotaExceeded" }] } });
    expect(await failureOf(answering(403, quota).sites("t"))).toBe("quota");
    expect(await failureOf(answering(429, "{}").sites("t"))).toBe("quota");
    const forbidden = JSON.stringify({ error: { code: 403, errors: [{ reason: "forbidden" }] } });
    expect(await failureOf(answering(403, forbidden).sites("t"))).toBe("no_access");
  });

  it("reads only rows of the documented shape", () => {
    const good = { keys: ["lumora coffee", "GBR"], clicks: 4, impressions: 40, ctr: 0.1, position: 2.5 };
    expect(readRow(good)).toEqual({ ...good, query: "lumora coffee", country: "gbr", keys: undefined });
    for (const bad of [
      { ...good, keys: ["lumora coffee"] },
      { ...good, keys: ["", "gbr"] },
      { ...good, keys: ["x", "gb"] },
      { ...good, clicks: 41 },
      { ...good, clicks: 1.5 },
      { ...good, ctr: 1.2 },
      { ...good, position: Number.NaN },
      null,
      "row",
    ]) {
      expect(readRow(bad)).toBeNull();
    }
  });
});

describe("what a read keeps", () => {
  it("maps Search Console's countries to the app's and merges a query listed twice", () => {
    expect([countryOf("gbr"), countryOf("usa"), countryOf("zzz")]).toEqual(["GB", "US", null]);
    const row = {
      query: "Lumora Coffee",
      country: "gbr",
      clicks: 10,
      impressions: 100,
      ctr: 0.1,
      position: 2,
    };
    const merged = toReadQueries([
      row,
      { ...row, query: "lumora coffee", clicks: 30, impressions: 100, position: 4 },
    ]);
    // No volume and no intent: a query read is the brand's own search, not a keyword.
    expect(merged).toEqual([
      { country: "GB", query: "Lumora Coffee", clicks: 40, impressions: 200, ctr: 0.2, position: 3 },
    ]);
  });

  it("matches the brand's website to its domain property, else a URL-prefix one", () => {
    const props = (...urls: string[]) => urls.map((siteUrl) => ({ siteUrl, permissionLevel: "siteOwner" }));
    expect(
      matchingProperty(
        "https://www.lumora.example/",
        props("https://lumora.example/", "sc-domain:lumora.example"),
      ),
    ).toBe("sc-domain:lumora.example");
    expect(
      matchingProperty(
        "https://lumora.example/shop",
        props(
          "http://www.lumora.example/",
          "https://www.lumora.example/blog/",
          "https://www.lumora.example/",
        ),
      ),
    ).toBe("https://www.lumora.example/");
    expect(matchingProperty("https://lumora.example/", props("sc-domain:brewhaus.example"))).toBeNull();
    expect(matchingProperty("not a url", props("sc-domain:lumora.example"))).toBeNull();
  });

  it("asks for the last 28 complete days", () => {
    expect(readWindow(new Date("2026-11-26T07:00:00Z"))).toEqual({
      startDate: "2026-10-27",
      endDate: "2026-11-23",
    });
  });
});
