import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/database";
import { connectDatabase, type Database } from "../../db/client";
import { brands, posts } from "../../db/schema";
import { readPosts } from "./brand-data.repo";

let database: TestDatabase;
let db: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  db = connectDatabase(database.url, pino({ level: "silent" }));
});
afterAll(async () => {
  await db.pool.end();
  await database.drop();
});

describe("readPosts", () => {
  it("reads a period's posts page by page, each once, in time then id order, the day after excluded", async () => {
    const [brand] = await db.db
      .insert(brands)
      .values({ name: "Larkspur Tea", website: "https://larkspur.example/", status: "active" })
      .returning();
    if (!brand) throw new Error("no brand");
    // Eleven posts over three days, three of them at one instant so that a page ends among them; one at midnight
    // after the period, one the evening before it.
    const times = [
      "2026-11-09T23:59:59.999Z",
      ...Array.from({ length: 8 }, (_, i) => `2026-11-1${i < 4 ? 0 : 1}T0${i}:00:00.000Z`),
      "2026-11-12T12:00:00.000Z",
      "2026-11-12T12:00:00.000Z",
      "2026-11-12T12:00:00.000Z",
      "2026-11-13T00:00:00.000Z",
    ];
    await db.db.insert(posts).values(
      times.map((at, i) => ({
        brandId: brand.id,
        platform: "instagram" as const,
        url: `https://instagram.com/p/${i}`,
        postedAt: new Date(at),
        text: `post ${i}`,
        format: "image",
        likes: i,
        comments: 0,
        source: "csv_import" as const,
      })),
    );
    const window = { from: "2026-11-10", to: "2026-11-12" };
    const paged = await readPosts(db.db, { brandId: brand.id, window }, 4);
    const whole = await readPosts(db.db, { brandId: brand.id, window });
    expect(paged).toEqual(whole);
    expect(paged.map((p) => p.url)).toHaveLength(11);
    expect(new Set(paged.map((p) => p.id)).size).toBe(11);
    expect(paged.map((p) => p.postedAt.toISOString())).toEqual(
      [...paged.map((p) => p.postedAt.toISOString())].sort(),
    );
    expect(paged.map((p) => p.text)).not.toContain("post 0");
    expect(paged.map((p) => p.text)).not.toContain("post 12");
  });
});
