import type { youtube_v3 } from "@googleapis/youtube";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  type FakeGoogle,
  startFakeGoogle,
} from "../../../test/fake-google";
import { type FakeYoutube, startFakeYoutube } from "../../../test/fake-youtube";
import { vendorShaped } from "../../../test/vendor-shape";
import type { GenerateKeywordHistoricalMetricsResult } from "./google-ads-types";
import type { IgMedia } from "./graph-api-types";
import { GoogleError, searchConsoleClient } from "./search-console-api";
import { YoutubeError, youtubeClient } from "./youtube-api";

// The YouTube and Search Console connectors call through Google's own Node clients (@googleapis/youtube,
// @googleapis/searchconsole, google-auth-library's OAuth2Client), against the local fakes, over real HTTP: each
// request carries the headers those clients set (User-Agent google-api-nodejs-client/…, x-goog-api-client), which
// a hand-written fetch does not. The fakes answer in the types the vendors declare; the type tests at the end hold
// that a field the vendor does not have fails to type-check.

const KEY = "AIzaFakeVendorClientKey000000000000000";

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: string;
}

/** The platform's fetch, each request it sends kept. */
function recordingFetch(sent: Sent[]): typeof fetch {
  return async (input, init) => {
    const body = init?.body;
    sent.push({
      url: String(input instanceof Request ? input.url : input),
      method: init?.method ?? "GET",
      headers: new Headers(init?.headers),
      body: typeof body === "string" ? body : body instanceof URLSearchParams ? body.toString() : "",
    });
    return fetch(input, init);
  };
}

/** What Google's Node clients put on every request. */
function expectGoogleClientHeaders(request: Sent | undefined) {
  expect(request?.headers.get("user-agent")).toMatch(/google-api-nodejs-client\/\d+\.\d+\.\d+/);
  expect(request?.headers.get("x-goog-api-client")).toMatch(/gl-node\/\d+/);
}

describe("YouTube through @googleapis/youtube", () => {
  let fake: FakeYoutube;
  const sent: Sent[] = [];
  beforeAll(async () => {
    fake = await startFakeYoutube({ keys: [KEY] });
  });
  afterAll(() => fake?.close());
  beforeEach(() => {
    sent.length = 0;
    fake.calls.length = 0;
    fake.quotaExceeded = false;
  });
  const client = (apiKey = KEY) =>
    youtubeClient({ baseUrl: fake.baseUrl, apiKey, fetch: recordingFetch(sent) });

  it("sends Google's client's requests, the key as its `key` parameter, and reads the channel and its uploads", async () => {
    const youtube = client();
    const channel = await youtube.channel({ kind: "handle", handle: "@brewhaus" });
    expect(channel).toEqual({
      id: "UCbrewhausCoffeeCo00000a",
      title: "Brewhaus Coffee",
      subscribers: 18_400,
      uploadsPlaylistId: "UUbrewhausCoffeeCo00000a",
    });
    const [request] = sent;
    expectGoogleClientHeaders(request);
    // gdcl: the discovery-generated client (googleapis-common) built this request.
    expect(request?.headers.get("x-goog-api-client")).toMatch(/^gdcl\/\d+/);
    const url = new URL(request?.url ?? "");
    expect(url.pathname).toBe("/youtube/v3/channels");
    expect(url.searchParams.get("key")).toBe(KEY);
    expect(url.searchParams.getAll("part")).toEqual(["snippet", "statistics", "contentDetails"]);

    const uploads = await youtube.uploads(channel?.uploadsPlaylistId ?? "", 10);
    expect(uploads.length).toBeGreaterThan(0);
    const videos = await youtube.videos(uploads);
    expect(videos.map((v) => v.id)).toEqual(uploads);
    expect(youtube.unitsSpent).toBe(3);
    // Each call once: Google's client retries nothing on its own.
    expect(fake.calls.map((call) => call.split("?")[0])).toEqual(["channels", "playlistItems", "videos"]);
  });

  it("keeps the connector's failure classes: quota, key, and an unknown channel", async () => {
    fake.quotaExceeded = true;
    const quota = await client()
      .channel({ kind: "id", id: "UCbrewhausCoffeeCo00000a" })
      .catch((e: unknown) => e);
    expect(quota).toBeInstanceOf(YoutubeError);
    expect((quota as YoutubeError).failure).toBe("quota");
    expect(fake.calls).toHaveLength(1);
    fake.quotaExceeded = false;

    const key = await client("AIzaNotAKnownKey")
      .channel({ kind: "id", id: "UCbrewhausCoffeeCo00000a" })
      .catch((e: unknown) => e);
    expect((key as YoutubeError).failure).toBe("key");

    const gone = await client()
      .uploads("UUnoSuchPlaylist000000000", 5)
      .catch((e: unknown) => e);
    expect((gone as YoutubeError).failure).toBe("not_found");
    expect(await client().channel({ kind: "handle", handle: "@nobody" })).toBeUndefined();
  });

  it("takes YouTube not answering as unavailable, after one try", async () => {
    fake.failNext(1);
    const error = await client()
      .videos(["bRw1Pour0v1"])
      .catch((e: unknown) => e);
    expect((error as YoutubeError).failure).toBe("unavailable");
    expect(fake.calls).toHaveLength(1);
  });
});

describe("Search Console and the token endpoint through @googleapis/searchconsole and OAuth2Client", () => {
  let google: FakeGoogle;
  const sent: Sent[] = [];
  beforeAll(async () => {
    google = await startFakeGoogle();
  });
  afterAll(() => google?.close());
  beforeEach(() => {
    sent.length = 0;
    google.calls.length = 0;
    google.queryError = undefined;
    google.revoked.clear();
    google.revokedAccounts.length = 0;
  });
  const client = () =>
    searchConsoleClient({
      clientId: FAKE_CLIENT_ID,
      clientSecret: FAKE_CLIENT_SECRET,
      tokenUrl: google.env.GOOGLE_OAUTH_TOKEN_URL ?? "",
      revokeUrl: google.env.GOOGLE_OAUTH_REVOKE_URL ?? "",
      baseUrl: google.env.SEARCH_CONSOLE_API_BASE_URL ?? "",
      fetch: recordingFetch(sent),
    });

  it("refreshes with OAuth2Client and reads the properties and queries with the Search Console client", async () => {
    const searchConsole = client();
    const accessToken = await searchConsole.refresh(google.refreshToken);
    const [refresh] = sent;
    expectGoogleClientHeaders(refresh);
    expect(refresh?.url).toBe(google.env.GOOGLE_OAUTH_TOKEN_URL);
    expect(new URLSearchParams(refresh?.body).get("grant_type")).toBe("refresh_token");

    const sites = await searchConsole.sites(accessToken);
    expect(sites.map((s) => s.siteUrl)).toEqual(["https://shop.lumora.example/", "sc-domain:lumora.example"]);
    const list = sent.at(-1);
    expectGoogleClientHeaders(list);
    expect(list?.headers.get("x-goog-api-client")).toMatch(/^gdcl\/\d+/);
    expect(list?.headers.get("authorization")).toBe(`Bearer ${accessToken}`);
    expect(new URL(list?.url ?? "").pathname).toBe("/webmasters/v3/sites");

    const page = await searchConsole.queryPage(accessToken, {
      siteUrl: "sc-domain:lumora.example",
      startDate: "2026-10-27",
      endDate: "2026-11-23",
      startRow: 0,
      rowLimit: 10,
    });
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.malformed).toBe(0);
    const query = sent.at(-1);
    expect(new URL(query?.url ?? "").pathname).toBe(
      `/webmasters/v3/sites/${encodeURIComponent("sc-domain:lumora.example")}/searchAnalytics/query`,
    );
    expect(JSON.parse(query?.body ?? "{}")).toMatchObject({ dimensions: ["query", "country"], type: "web" });
  });

  it("keeps the failure classes: a refused grant, a spent quota, Google not answering (tried once)", async () => {
    const searchConsole = client();
    const refused = await searchConsole.refresh("1//09notAGrantGoogleGave").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GoogleError);
    expect((refused as GoogleError).failure).toBe("token");

    const accessToken = await searchConsole.refresh(google.refreshToken);
    google.queryError = "quota";
    const page = { siteUrl: "sc-domain:lumora.example", startDate: "2026-10-27", endDate: "2026-11-23" };
    const quota = await searchConsole
      .queryPage(accessToken, { ...page, startRow: 0, rowLimit: 10 })
      .catch((e) => e);
    expect((quota as GoogleError).failure).toBe("quota");
    google.queryError = undefined;

    google.calls.length = 0;
    google.failNext(1);
    const down = await searchConsole.sites(accessToken).catch((e: unknown) => e);
    expect((down as GoogleError).failure).toBe("unavailable");
    expect(google.calls).toEqual(["GET /webmasters/v3/sites 503"]);

    const expired = await searchConsole.sites("ya29.notAToken").catch((e: unknown) => e);
    expect((expired as GoogleError).failure).toBe("token");
  });

  it("exchanges the code with its PKCE verifier, and revokes with the token in the body, never in the URL", async () => {
    const verifier = "a-verifier-of-forty-three-characters-or-more-0123";
    const challenge = Buffer.from(
      await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)),
    ).toString("base64url");
    const authorize = new URL(google.env.GOOGLE_OAUTH_AUTHORIZE_URL ?? "");
    for (const [name, value] of Object.entries({
      client_id: FAKE_CLIENT_ID,
      response_type: "code",
      access_type: "offline",
      prompt: "consent",
      code_challenge_method: "S256",
      code_challenge: challenge,
      state: "state-1",
      redirect_uri: "https://app.brandscope.test/callback",
      scope: "openid https://www.googleapis.com/auth/webmasters.readonly",
    })) {
      authorize.searchParams.set(name, value);
    }
    const { code, redirectUri } = google.consent(authorize.href);
    const searchConsole = client();
    const tokens = await searchConsole.exchangeCode({ code, codeVerifier: verifier, redirectUri });
    expect(tokens.refreshToken).toBe(google.refreshToken);
    expect(tokens.subject).toMatch(/^\d{21}$/);
    expectGoogleClientHeaders(sent.at(-1));
    expect(new URLSearchParams(sent.at(-1)?.body).get("code_verifier")).toBe(verifier);

    await searchConsole.revoke(google.refreshToken);
    const revoke = sent.at(-1);
    expect(revoke?.url).toBe(google.env.GOOGLE_OAUTH_REVOKE_URL);
    expect(new URLSearchParams(revoke?.body).get("token")).toBe(google.refreshToken);
    expectGoogleClientHeaders(revoke);
    expect(google.revokedAccounts).toEqual(["owner"]);
  });
});

describe("the fakes' answers are the vendors' types", () => {
  it("refuses, at type-check, a field the vendor does not declare", () => {
    // A channel whose statistics name a field YouTube does not have (as a fixture read from JSON would).
    const drifted = { id: "UCx", statistics: { subscribersCount: "10" } };
    // @ts-expect-error: youtube_v3.Schema$ChannelStatistics has subscriberCount, not subscribersCount.
    vendorShaped<youtube_v3.Schema$Channel>()(drifted);
    const drifted2 = { text: "car", closeVariant: ["cars"] };
    // @ts-expect-error: GenerateKeywordHistoricalMetricsResult has closeVariants.
    vendorShaped<GenerateKeywordHistoricalMetricsResult>()(drifted2);
    const drifted3 = { id: "1", likes_count: 3 };
    // @ts-expect-error: IG Media has like_count.
    vendorShaped<IgMedia>()(drifted3);
    // The documented fields pass.
    const channel = { id: "UCx", statistics: { subscriberCount: "10", hiddenSubscriberCount: false } };
    expect(vendorShaped<youtube_v3.Schema$Channel>()(channel).statistics?.subscriberCount).toBe("10");
  });
});
