import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { components } from "@brandscope/api-client/schema";
import { eq, inArray } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobsDone, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { insertOwnBrand } from "../../../test/brand-rows";
import { connectorHarness, startConnectorApp } from "../../../test/connector-harness";
import { expectContractResponse } from "../../../test/contract-response";
import { type FakeYoutube, startFakeYoutube } from "../../../test/fake-youtube";
import { seedSignedInUser } from "../../../test/users";
import { jwtKey } from "../../config/keys";
import { connections, posts, workspaceBrands } from "../../db/schema";
import { createWorkerDeps } from "../../jobs/worker-deps";
import { type JobQueue, startJobQueue } from "../../kernel/job-queue";
import { refreshSourcesJob } from "./refresh-sources.job";

type Schemas = components["schemas"];

// Each brand has its own connections (issue 29, "Per brand"): a workspace with two brands connects a YouTube channel to each,
// and the daily refresh reads each brand's own channel into that brand, so that each brand's Content shows its own
// videos. Against the local fake of the YouTube Data API (test/fake-youtube.ts) and the real job queue. The migration
// that gave the connections their brand is tested first, on the schema as it was before it.
const KEY = "AIzaFakeYoutubeKey0000000000000000000";
const DAY_MS = 24 * 3_600_000;
const silent = pino({ level: "silent" });
let fake: FakeYoutube;
let t: TestApp;
/** A second queue on the test database that only sends: the daily refresh queues its reads there, the app runs them. */
let sender: JobQueue;
let close: () => Promise<void>;
beforeAll(async () => {
  fake = await startFakeYoutube({ keys: [KEY] });
  ({ t, close } = await startConnectorApp({ YOUTUBE_API_BASE_URL: fake.baseUrl }, () => fake.close()));
  sender = await startJobQueue(t.database.pool, silent);
});
afterAll(async () => {
  await sender?.stop();
  await close?.();
});

/** A workspace with two own brands: Brewhaus, then Kettle King, the newest, a day later. */
async function twoBrands() {
  const user = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  const older = await insertOwnBrand(t.database.db, user.workspaceId, {
    name: "Brewhaus",
    website: "https://www.brewhaus.example/",
  });
  await t.database.db
    .update(workspaceBrands)
    .set({ createdAt: new Date(t.clock.now().getTime() - DAY_MS) })
    .where(eq(workspaceBrands.brandId, older.id));
  const newer = await insertOwnBrand(t.database.db, user.workspaceId, {
    name: "Kettle King",
    website: "https://www.kettleking.example/",
  });
  return { ...user, older, newer };
}

const youtube = connectorHarness(() => t, "youtube");

/** A connector call for one brand (X-Brand-Id), or that brand's Content. */
async function send(
  method: "GET" | "PUT",
  url: "/connectors/youtube" | `/content?${string}`,
  w: { authorization: string },
  brandId: string,
  payload?: object,
) {
  if (url === "/connectors/youtube") return youtube.send(method, url, w.authorization, payload, brandId);
  const response = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: { authorization: w.authorization, "x-brand-id": brandId },
  });
  expectContractResponse("getContent", response);
  return response;
}

describe("migration 0046: connections per brand", () => {
  it("gives each connection to the brand it has been writing to, the workspace's newest, and drops those of no brand", async () => {
    const w = await twoBrands();
    const brandless = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
    const db = t.database.pool;
    // The tables as they were before: one connection per workspace and provider, no brand; the consents' table
    // (dropped since by 0051_one_use_states.sql) without the brand_id 0046 adds.
    await db.query(`alter table connections drop column brand_id;
      create table connector_authorizations (state_hash text primary key);
      create unique index connections_workspace_provider_key on connections (workspace_id, provider)`);
    await db.query(
      `insert into connections (workspace_id, provider, status) values
         ($1, 'youtube', 'connected'), ($1, 'search_console', 'connected'), ($2, 'youtube', 'connected')`,
      [w.workspaceId, brandless.workspaceId],
    );
    const drizzle = join(import.meta.dirname, "../../../drizzle");
    const file = readdirSync(drizzle).find((name) => /^\d{4}_connections_per_brand\.sql$/.test(name)) ?? "";
    for (const statement of readFileSync(join(drizzle, file), "utf8").split("--> statement-breakpoint"))
      await db.query(statement);

    const moved = await t.database.db
      .select({
        workspaceId: connections.workspaceId,
        brandId: connections.brandId,
        provider: connections.provider,
      })
      .from(connections)
      .where(inArray(connections.workspaceId, [w.workspaceId, brandless.workspaceId]));
    expect(moved.sort((a, b) => a.provider.localeCompare(b.provider))).toEqual([
      { workspaceId: w.workspaceId, brandId: w.newer.id, provider: "search_console" },
      { workspaceId: w.workspaceId, brandId: w.newer.id, provider: "youtube" },
    ]);
    // Unique per brand now: the older brand may have its own YouTube connection beside the newest's.
    await db.query(
      `insert into connections (workspace_id, brand_id, provider, status) values ($1, $2, 'youtube', 'connected')`,
      [w.workspaceId, w.older.id],
    );
  });
});

describe("two brands, two YouTube channels", () => {
  it("reads each brand's own channel on the daily refresh, and each brand's Content shows its own videos", async () => {
    const w = await twoBrands();
    // Each brand connects its channel with X-Brand-Id; one brand cannot name another's channel.
    const connectOlder = await send("PUT", "/connectors/youtube", w, w.older.id, {
      apiKey: KEY,
      channels: [{ brandId: w.older.id, channel: "@brewhaus" }],
    });
    expect(connectOlder.statusCode).toBe(200);
    const connectNewer = await send("PUT", "/connectors/youtube", w, w.newer.id, {
      apiKey: KEY,
      channels: [{ brandId: w.newer.id, channel: "@kettleking" }],
    });
    expect(connectNewer.statusCode).toBe(200);
    const crossed = await send("PUT", "/connectors/youtube", w, w.newer.id, {
      channels: [{ brandId: w.older.id, channel: "@kettleking" }],
    });
    expect(crossed.statusCode).toBe(404);
    await jobsDone(t);
    const rows = await t.database.db
      .select({ brandId: connections.brandId, provider: connections.provider })
      .from(connections)
      .where(eq(connections.workspaceId, w.workspaceId));
    expect(rows.map((r) => r.brandId).sort()).toEqual([w.older.id, w.newer.id].sort());

    // What the daily refresh reads is all there is: the first reads' videos are forgotten, and both are due.
    await t.database.db.delete(posts).where(inArray(posts.brandId, [w.older.id, w.newer.id]));
    await t.database.db
      .update(connections)
      .set({ lastRunAt: new Date(t.clock.now().getTime() - 2 * DAY_MS) })
      .where(eq(connections.workspaceId, w.workspaceId));
    fake.calls.length = 0;
    await refreshSourcesJob(
      createWorkerDeps({ db: t.database.db, config: t.config, log: silent, clock: t.clock, jobs: sender }),
    );
    await jobsDone(t);
    // One read per brand, each of its own channel.
    const handles = fake.calls.flatMap((call) => new URLSearchParams(call.split("?")[1]).getAll("forHandle"));
    expect(handles.sort()).toEqual(["@brewhaus", "@kettleking"]);

    const channels = async (brandId: string) =>
      (await send("GET", "/connectors/youtube", w, brandId)).json<Schemas["YoutubeConnector"]>();
    expect(await channels(w.older.id)).toMatchObject({
      status: "connected",
      channels: [{ brandId: w.older.id, title: "Brewhaus Coffee" }],
    });
    expect(await channels(w.newer.id)).toMatchObject({
      status: "connected",
      channels: [{ brandId: w.newer.id, title: "Kettle King" }],
    });

    const videos = async (brandId: string) =>
      (await t.database.db.select({ url: posts.url }).from(posts).where(eq(posts.brandId, brandId)))
        .map((p) => p.url.replace("https://www.youtube.com/watch?v=", ""))
        .sort();
    expect(await videos(w.older.id)).toEqual(["bRw1Pour0v1", "bRw2Roast0v2", "bRw3Latte0v3"]);
    expect(await videos(w.newer.id)).toEqual(["kKing0Grind1", "kKing0Kettl2", "kKing0Scale3"]);

    const content = async (brandId: string) => {
      const response = await send("GET", "/content?period=90d", w, brandId);
      expect(response.statusCode).toBe(200);
      return response.json<Schemas["ContentAnalytics"]>();
    };
    // Each brand's Content: its own three videos, the newest of its own channel.
    const older = await content(w.older.id);
    expect(older.brand.name).toBe("Brewhaus");
    expect(older.contentBreakdown).toMatchObject({ n: 3, items: [{ label: "youtube", count: 3 }] });
    expect(older.sources).toEqual([expect.objectContaining({ platform: "youtube", newest: "2026-11-20" })]);
    const newer = await content(w.newer.id);
    expect(newer.brand.name).toBe("Kettle King");
    expect(newer.contentBreakdown).toMatchObject({ n: 3, items: [{ label: "youtube", count: 3 }] });
    expect(newer.sources).toEqual([expect.objectContaining({ platform: "youtube", newest: "2026-11-28" })]);
  });
});
