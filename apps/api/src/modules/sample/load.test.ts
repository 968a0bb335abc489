import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/database";
import { generateSample } from "./generate";
import { loadSampleData } from "./load";

const SCALE = Number(process.env.SAMPLE_LOAD_TEST_SCALE ?? 0.02);
const intentOf = (keyword: string) => (keyword.startsWith("how") ? "informational" : "commercial");

let database: TestDatabase;
let pool: pg.Pool;
beforeAll(async () => {
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url });
  // Test databases come with the template's sample: forget it, as on a database that never had one.
  await pool.query("delete from sample_loads");
  return async () => {
    await pool.end();
    await database.drop();
  };
});

const count = async (table: string) =>
  Number((await pool.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]?.n);

describe("loadSampleData", () => {
  it("stores every generated row once, and a second start loads nothing", async () => {
    const expected = generateSample({ scale: SCALE }).counts;
    const first = await loadSampleData(pool, { scale: SCALE, intentOf });
    expect(first.loaded).toBe(true);
    console.info(`sample at scale ${SCALE} loaded in ${first.durationMs} ms`, expected);
    expect({
      brands: await count("brands"),
      accounts: await count("social_accounts"),
      followerSnapshots: await count("follower_snapshots"),
      posts: await count("posts"),
      traffic: await count("traffic_months"),
      keywords: await count("keywords"),
      audienceSegments: await count("audience_segments"),
      influencers: await count("influencers"),
      influencerSnapshots: await count("influencer_snapshots"),
    }).toEqual(expected);
    const focus = await pool.query("select name, sample, status, workspace_id from brands where id = $1", [
      first.dataset.focusBrandId,
    ]);
    expect(focus.rows[0]).toEqual({
      name: "Lumora Coffee",
      sample: true,
      status: "active",
      workspace_id: null,
    });

    const again = await loadSampleData(pool, { scale: SCALE, intentOf });
    expect(again).toMatchObject({ loaded: false, dataset: { focusBrandId: first.dataset.focusBrandId } });
    expect(await count("posts")).toBe(expected.posts);
  });

  it("keeps text with tabs, newlines and backslashes intact through COPY", async () => {
    const post = await pool.query<{ text: string }>("select text from posts where text like '%#%' limit 1");
    expect(post.rows[0]?.text).toMatch(/#\w+/);
    const keyword = await pool.query<{ trend: number[]; intent: string }>(
      "select trend, intent from keywords limit 1",
    );
    expect(keyword.rows[0]?.trend).toHaveLength(12);
    expect(["informational", "commercial"]).toContain(keyword.rows[0]?.intent);
  });
});
