import type { components } from "@brandscope/api-client/schema";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { createWorkerDeps } from "../src/jobs/worker-deps";
import type { JobQueue } from "../src/kernel/job-queue";
import { buildTestApp, jobsDone, type TestApp } from "./app";
import { expectContractResponse } from "./contract-response";
import { capturedLog } from "./log";
import { recordedJobs } from "./recorded-jobs";

type Schemas = components["schemas"];

/**
 * The connector kit's test harness (docs/data-sources.md "The connector kit"): every connector's tests call it the
 * same way, as the browser and Google's or Meta's redirect do, each answer checked against the contract. The
 * provider's own fake (fake-youtube.ts, fake-google.ts, fake-meta.ts) answers in the shapes the vendor declares.
 */

/** Each connector's operations, by what they do. */
const OPERATIONS = {
  youtube: {
    GET: "getYoutubeConnector",
    PUT: "connectYoutube",
    DELETE: "disconnectYoutube",
    "POST /refresh": "refreshYoutube",
  },
  "search-console": {
    GET: "getSearchConsoleConnector",
    PUT: "selectSearchConsoleProperty",
    DELETE: "disconnectSearchConsole",
    "POST /authorize": "authorizeSearchConsole",
    "POST /refresh": "refreshSearchConsole",
    callback: "receiveSearchConsoleCallback",
  },
  "google-ads": {
    GET: "getGoogleAdsConnector",
    PUT: "selectGoogleAdsCustomer",
    DELETE: "disconnectGoogleAds",
    "POST /authorize": "authorizeGoogleAds",
    "POST /refresh": "refreshGoogleAds",
    callback: "receiveGoogleAdsCallback",
  },
  instagram: {
    GET: "getInstagramConnector",
    PUT: "selectInstagramAccount",
    DELETE: "disconnectInstagram",
    "POST /authorize": "authorizeInstagram",
    "POST /refresh": "refreshInstagram",
    callback: "receiveInstagramCallback",
  },
} as const;

export type ConnectorSlug = keyof typeof OPERATIONS;

interface Connectors {
  youtube: Schemas["YoutubeConnector"];
  "search-console": Schemas["SearchConsoleConnector"];
  "google-ads": Schemas["GoogleAdsConnector"];
  instagram: Schemas["InstagramConnector"];
}

/** A connector's paths under /api: the connector itself, and (OAuth connectors) its authorize and refresh. */
type ConnectorPath<S extends ConnectorSlug> =
  | `/connectors/${S}`
  | `/connectors/${S}/authorize`
  | `/connectors/${S}/refresh`;
type Method = "GET" | "PUT" | "POST" | "DELETE";

/**
 * The app as every connector's tests run it: the platforms' addresses pointed at local fakes (`env`, the fakes'
 * own), no sample data, the real job queue with retries a second apart.
 */
export async function startConnectorApp(env: Record<string, string>, close: () => Promise<void>) {
  const t = await buildTestApp({
    env: { ...env, SAMPLE_DATA: "off", APP_URL: "https://app.brandscope.test" },
    jobs: { retryDelaySeconds: 1 },
  });
  return {
    t,
    close: async () => {
      await t.close();
      await close();
    },
  };
}

/** The calls of one connector against the test's app (`app()`: set in the file's beforeAll). */
export function connectorHarness<S extends ConnectorSlug>(app: () => TestApp, slug: S) {
  const operations: Record<string, string> = OPERATIONS[slug];

  /** A call as the Data sources screen makes it, for the brand chosen (X-Brand-Id; the newest without it). */
  async function request(
    method: Method,
    step: "" | "/authorize" | "/refresh",
    authorization: string,
    payload?: object,
    brandId?: string,
  ) {
    const operation = operations[step === "" ? method : `${method} ${step}`];
    if (!operation) throw new Error(`${method} ${step} is not an operation of the ${slug} connector`);
    const headers = { authorization, ...(brandId ? { "x-brand-id": brandId } : {}) };
    const url = `/api/connectors/${slug}${step}`;
    const response = await app().app.inject({ method, url, headers, payload });
    expectContractResponse(operation, response);
    return response;
  }

  /** The same call by its path, as the tests read best. */
  const send = (
    method: Method,
    url: ConnectorPath<S>,
    authorization: string,
    payload?: object,
    brandId?: string,
  ) =>
    request(
      method,
      url.slice(`/connectors/${slug}`.length) as "" | "/authorize" | "/refresh",
      authorization,
      payload,
      brandId,
    );

  const connector = async (authorization: string, brandId?: string) =>
    (await send("GET", `/connectors/${slug}`, authorization, undefined, brandId)).json<Connectors[S]>();

  /** Starts the consent as the browser would: the provider's URL and the cookie the browser keeps. */
  async function authorize(authorization: string, brandId?: string) {
    const response = await send("POST", `/connectors/${slug}/authorize`, authorization, undefined, brandId);
    expect(response.statusCode).toBe(200);
    return {
      url: response.json<{ url: string }>().url,
      cookie: String(response.headers["set-cookie"]).split(";")[0] ?? "",
      setCookie: String(response.headers["set-cookie"]),
    };
  }

  /** The provider's redirect back, as the browser follows it: no bearer, the consent cookie, the code and state. */
  async function callback(query: Record<string, string>, cookie: string | undefined) {
    const response = await app().app.inject({
      method: "GET",
      url: `/api/connectors/${slug}/callback?${new URLSearchParams(query)}`,
      headers: cookie ? { cookie } : {},
    });
    expectContractResponse(operations.callback ?? "", response);
    return response;
  }

  /**
   * Where the callback sends the browser: back to Data sources for this connector (and the brand the consent was
   * for, `brand`, which the two-brand tests check); answers the rest of the query (status or error).
   */
  function outcome(response: Pick<LightMyRequestResponse, "statusCode" | "headers">) {
    expect(response.statusCode).toBe(303);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe("https://app.brandscope.test/data-sources");
    expect(location.searchParams.get("connector")).toBe(slug);
    return Object.fromEntries(
      [...location.searchParams].filter(([name]) => name !== "connector" && name !== "brand"),
    );
  }

  /**
   * Connects through the fake's consent page (`consent`: the fake granting the URL it was sent to) and waits for
   * the first read; answers the outcome.
   */
  async function connect(
    authorization: string,
    consent: (url: string) => { code: string; state: string },
    o: { brandId?: string; query?: Record<string, string> } = {},
  ) {
    const started = await authorize(authorization, o.brandId);
    const answer = outcome(await callback({ ...consent(started.url), ...o.query }, started.cookie));
    await jobsDone(app());
    return answer;
  }

  /** Reads again now (POST …/refresh) and waits for the read. */
  async function refresh(authorization: string, brandId?: string) {
    const response = await send("POST", `/connectors/${slug}/refresh`, authorization, undefined, brandId);
    await jobsDone(app());
    return response;
  }

  /** What the worker hands a job, with the test's database, configuration and clock; a recorded queue by default. */
  const workerDeps = (jobs: JobQueue = recordedJobs().jobs) =>
    createWorkerDeps({
      db: app().database.db,
      config: app().config,
      log: capturedLog().log,
      clock: app().clock,
      jobs,
    });

  return { request, send, connector, authorize, callback, outcome, connect, refresh, workerDeps };
}
