import type { components } from "@brandscope/api-client/schema";
import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../test/app";
import { readAfterFigureJobs, recordedJobs, runFigureJobs } from "../../test/recorded-jobs";
import { seedSignedInUser } from "../../test/users";
import { jwtKey } from "../config/keys";
import { readModelOf } from "../db/read-model/read-model";
import { getMe } from "../modules/user/user.service";
import { handlers } from "./handlers";

type Schemas = components["schemas"];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  return () => t.close();
});

/** A signed-in user of the sample brand, with the competitor and intent reads kept in memory. */
async function sampleUserWithKeptReads() {
  const user = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  const headers = { authorization: user.authorization };
  const linked = await t.app.inject({
    method: "POST",
    url: "/api/brand",
    headers,
    payload: { sample: true },
  });
  expect(linked.statusCode).toBe(201);
  for (const url of ["/api/competitor", "/api/intent"]) {
    expect((await t.app.inject({ method: "GET", url, headers })).statusCode).toBe(200);
  }
  return { user, headers };
}

const kept = () => readModelOf(t.database.pool).keptStatements().sort();

it("keeps every read and bearer check through requests that change nothing: a stream of POSTs cannot empty them", async () => {
  await sampleUserWithKeptReads();
  const before = kept();
  expect(before).toEqual(expect.arrayContaining(["module-brands", "intent-keywords", "live-session"]));
  const anonymous = await Promise.all([
    t.injectAtOnce({ method: "POST", url: "/api/no-such-call", payload: {} }),
    t.injectAtOnce({ method: "POST", url: "/api/auth/logout" }),
    t.injectAtOnce({ method: "POST", url: "/api/brand", payload: { sample: true } }),
    t.injectAtOnce({ method: "PATCH", url: "/api/user", payload: { firstName: "" } }),
  ]);
  expect(anonymous.map((response) => response.statusCode)).toEqual([404, 401, 401, 401]);
  expect(kept()).toEqual(before);
});

it("forgets only the reads of the tables a write changed, and its caller reads the write at once", async () => {
  const { headers } = await sampleUserWithKeptReads();
  // A profile change writes users, but no column a kept read uses (a bearer check reads the status): all stay kept.
  const renamed = await t.injectAtOnce({
    method: "PATCH",
    url: "/api/user",
    headers,
    payload: { firstName: "Ada" },
  });
  expect(renamed.statusCode).toBe(200);
  expect(kept()).toEqual(expect.arrayContaining(["module-brands", "intent-keywords", "live-session"]));

  // Removing a competitor writes brand_competitors: the competitor read is forgotten, the keywords are not.
  const before = (await t.injectAtOnce({ method: "GET", url: "/api/competitor", headers })).json<
    Schemas["CompetitorAnalytics"]
  >();
  const removedId = before.competitors[0]?.id;
  const removed = await t.injectAtOnce({
    method: "DELETE",
    url: `/api/brand/competitor/${removedId}`,
    headers,
  });
  expect(removed.statusCode).toBe(204);
  expect(kept()).toContain("intent-keywords");
  expect(kept()).not.toContain("module-brands");
  const after = (await t.injectAtOnce({ method: "GET", url: "/api/competitor", headers })).json<
    Schemas["CompetitorAnalytics"]
  >();
  expect(after.competitors.map((c) => c.id)).not.toContain(removedId);
});

it("forgets the bearer checks when a session ends: signing out refuses the bearer at once", async () => {
  const { headers } = await sampleUserWithKeptReads();
  const signedOut = await t.injectAtOnce({ method: "POST", url: "/api/auth/logout", headers });
  expect(signedOut.statusCode).toBe(200);
  expect((await t.injectAtOnce({ method: "GET", url: "/api/competitor", headers })).statusCode).toBe(401);
});

it("keeps a new writer of brand data coherent without it knowing reads are kept or figures stored", async () => {
  // A write path the read cache was never told of: updateUser's route, here renaming the caller's competitors with
  // plain SQL, as a future importer or connector might write; asked for a post, it inserts one into the caller's
  // brand's raw posts, calling nothing else (no recompute queued, no figures marked).
  const recorded = recordedJobs();
  const renaming = await buildTestApp({
    deps: { jobs: recorded.jobs },
    handlers: {
      ...handlers,
      updateUser: async ({ ctx, body }) => {
        if (body.firstName === "Post") {
          await ctx.db.execute(sql`insert into posts (brand_id, platform, url, posted_at, text, format, likes, source)
            select brand_id, 'instagram', 'https://instagram.com/p/written-by-a-new-writer', ${ctx.clock.now()},
              'A post no import stored', 'image', 12, 'csv_import'
            from workspace_brands where workspace_id = ${ctx.workspaceId}`);
          return getMe(ctx);
        }
        await ctx.db.execute(sql`update brands set name = 'Renamed Roasters'
          where id in (select competitor_id from brand_competitors where workspace_id = ${ctx.workspaceId})
            and not sample`);
        return getMe(ctx);
      },
    },
  });
  try {
    const user = await seedSignedInUser(renaming.database.db, jwtKey(TEST_JWT_SECRET), {
      now: renaming.clock.now(),
    });
    const headers = { authorization: user.authorization };
    const own = {
      websiteUrl: "https://hollow-oak.example/",
      country: "GB",
      brandName: "Hollow Oak",
      socialLinks: [{ socialPlatform: "instagram", socialLink: "https://instagram.com/hollowoak" }],
    };
    expect(
      (await renaming.app.inject({ method: "POST", url: "/api/brand", headers, payload: own })).statusCode,
    ).toBe(201);
    const competitor = { websiteUrl: "https://birch-lane.example/", brandName: "Birch Lane" };
    expect(
      (
        await renaming.app.inject({
          method: "POST",
          url: "/api/brand/competitor",
          headers,
          payload: competitor,
        })
      ).statusCode,
    ).toBe(201);
    const names = async () =>
      (await renaming.injectAtOnce({ method: "GET", url: "/api/competitor", headers }))
        .json<Schemas["CompetitorAnalytics"]>()
        .competitors.map((c) => c.name);
    // The first read queues the new brands' figures (202 being computed); once their jobs have run, a read is
    // answered from what they stored, the next one from kept rows.
    await readAfterFigureJobs(renaming, recorded, () =>
      renaming.injectAtOnce({ method: "GET", url: "/api/competitor", headers }),
    );
    expect(await names()).toEqual(["Birch Lane"]);
    expect(await names()).toEqual(["Birch Lane"]);
    expect(readModelOf(renaming.database.pool).keptStatements()).toContain("module-brands");
    // The write path, as a marketer calls it: updateUser's route, its first name telling the writer what to write.
    const write = async (firstName: string) =>
      expect(
        (await renaming.injectAtOnce({ method: "PATCH", url: "/api/user", headers, payload: { firstName } }))
          .statusCode,
      ).toBe(200);
    await write("Ada");
    // The very next read, sent at once, sees the write.
    expect(await names()).toEqual(["Renamed Roasters"]);

    // Raw data written later than the figures were computed: the very next read answers them as out of date and
    // queues their recompute (the database marks the brand: drizzle/0050_brand_data_changed.sql).
    const content = async () => {
      const response = await renaming.injectAtOnce({ method: "GET", url: "/api/content", headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Schemas["ContentAnalytics"]>().provenance;
    };
    expect((await content()).recomputing).toBe(false);
    renaming.clock.advance(60_000);
    recorded.queued.length = 0;
    await write("Post");
    expect(recorded.queued).toEqual([]);
    expect((await content()).recomputing).toBe(true);
    expect(recorded.queued.map((job) => job.kind)).toEqual(["compute-brand"]);
    // Recomputed, the figures hold the post and are current again.
    await runFigureJobs(renaming, recorded);
    const recomputed = await content();
    expect(recomputed.recomputing).toBe(false);
    expect(recomputed.computedAt).toBe(renaming.clock.now().toISOString());
  } finally {
    await renaming.close();
  }
});
