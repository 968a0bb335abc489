import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import * as XLSX from "@e965/xlsx";
import { parse as parseCsv } from "csv-parse/sync";
import { and, asc, eq, sql } from "drizzle-orm";
import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { expectContractResponse } from "../../../test/contract-response";
import { largeFacebookExport } from "../../../test/large-export";
import { multipart, uploadExport } from "../../../test/multipart";
import { readAfterFigureJobs, recordedJobs } from "../../../test/recorded-jobs";
import { seedSignedInUser } from "../../../test/users";
import { jwtKey } from "../../config/keys";
import {
  brandCompetitors,
  brands,
  followerSnapshots,
  importFiles,
  imports,
  keywords,
  posts,
  searchQueries,
  workspaceBrands,
} from "../../db/schema";
import { WORKER_FROM_BYTES } from "./export-reads";
import { keywordCompetition, keywordCpc, postFormat, postUrl, publishedInstant } from "./import-rows";
import type { ImportHolds } from "./imports.repo";
import { discardExpiredImportsJob } from "./imports-housekeeping.job";

// shared/ sits beside the repository (CI clones it that way too).
const FIXTURES = join(import.meta.dirname, "../../../../../../shared/fixtures/imports");
const fixture = (name: string) => readFileSync(join(FIXTURES, name));

const recorded = recordedJobs();
const { jobs, recomputed } = recorded;
const computesOf = (brandId: string) => recomputed().filter((id) => id === brandId).length;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ deps: { jobs } });
  return () => t.close();
});

interface Caller {
  authorization: string;
  workspaceId: string;
}

async function signIn(): Promise<Caller> {
  const user = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  return { authorization: user.authorization, workspaceId: user.workspaceId };
}

async function insertBrand(o: {
  workspaceId: string | null;
  name?: string;
  country?: string | null;
  sample?: boolean;
}) {
  const [brand] = await t.database.db
    .insert(brands)
    .values({
      workspaceId: o.workspaceId,
      name: o.name ?? "Lumora Coffee",
      website: "https://lumoracoffee.example/",
      country: o.country === undefined ? "US" : o.country,
      sample: o.sample ?? false,
      status: "active",
    })
    .returning();
  if (!brand) throw new Error("no brand");
  return brand;
}

/** A signed-in user whose workspace owns one brand. */
async function withBrand(o: { country?: string | null } = {}) {
  const caller = await signIn();
  const brand = await insertBrand({ workspaceId: caller.workspaceId, country: o.country });
  await t.database.db.insert(workspaceBrands).values({ workspaceId: caller.workspaceId, brandId: brand.id });
  return { ...caller, brandId: brand.id };
}

async function upload(
  authorization: string,
  file: { name: string; data: Buffer },
  fields: Record<string, string> = {},
) {
  const response = await uploadExport(t.app, authorization, file, fields);
  // Each import a moment later, so "newest first" has an order to check.
  t.clock.advance(1000);
  return response;
}

async function list(authorization: string) {
  const response = await t.app.inject({
    method: "GET",
    url: "/api/brand/imports",
    headers: { authorization },
  });
  expectContractResponse("listImports", response);
  expect(response.statusCode).toBe(200);
  return response.json() as { id: string; fileName: string; status: string; format: string }[];
}

async function stored(brandId: string) {
  const db = t.database.db;
  return {
    posts: await db
      .select()
      .from(posts)
      .where(eq(posts.brandId, brandId))
      .orderBy(asc(posts.platform), asc(posts.url)),
    snapshots: await db
      .select()
      .from(followerSnapshots)
      .where(eq(followerSnapshots.brandId, brandId))
      .orderBy(asc(followerSnapshots.platform), asc(followerSnapshots.day)),
    keywords: await db
      .select()
      .from(keywords)
      .where(eq(keywords.brandId, brandId))
      .orderBy(asc(keywords.keyword)),
    searchQueries: await db
      .select()
      .from(searchQueries)
      .where(eq(searchQueries.brandId, brandId))
      .orderBy(asc(searchQueries.periodTo), asc(searchQueries.query)),
  };
}

const REFERENCE_DATE = "2026-09-14";

describe("POST /api/brand/imports: every sample export", () => {
  const cases: {
    file: string;
    format: string;
    rows: number;
    posts?: number;
    snapshots?: number;
    keywords?: number;
    searchQueries?: number;
    notes?: RegExp;
  }[] = [
    { file: "google-ads-keyword-planner.csv", format: "google-ads-keyword-planner", rows: 10, keywords: 10 },
    { file: "instagram-content.csv", format: "instagram-posts", rows: 6, posts: 6 },
    { file: "linkedin-updates.csv", format: "linkedin-updates", rows: 5, posts: 5 },
    { file: "meta-facebook-posts.csv", format: "meta-facebook-posts", rows: 7, posts: 7 },
    { file: "tiktok-content.csv", format: "tiktok-content", rows: 6, posts: 6 },
    { file: "tiktok-follower-history.csv", format: "tiktok-follower-history", rows: 7, snapshots: 7 },
    { file: "x-post-analytics-content.csv", format: "x-account-content", rows: 5, posts: 5 },
    { file: "x-tweet-activity.csv", format: "x-tweet-activity", rows: 5, posts: 5 },
    { file: "youtube-content.csv", format: "youtube-content", rows: 6, posts: 6 },
    {
      file: "meta-facebook-follows-daily.csv",
      format: "meta-daily-follows",
      rows: 7,
      notes: /7 days of new follows/,
    },
    { file: "linkedin-followers.csv", format: "linkedin-followers", rows: 7, notes: /7 days of new follows/ },
    {
      file: "search-console-queries.csv",
      format: "search-console-queries",
      rows: 8,
      searchQueries: 8,
      notes: /^8 Search Console queries stored as your brand's own searches/m,
    },
  ];

  it.each(cases)("imports $file", async (c) => {
    const { authorization, brandId } = await withBrand();
    const response = await upload(
      authorization,
      { name: c.file, data: fixture(c.file) },
      { referenceDate: REFERENCE_DATE },
    );
    expect(response.statusCode).toBe(201);
    const imported = (c.posts ?? 0) + (c.snapshots ?? 0) + (c.keywords ?? 0) + (c.searchQueries ?? 0);
    const body = response.json();
    expect(body).toMatchObject({
      brandId,
      format: c.format,
      fileName: c.file,
      status: "completed",
      rows: c.rows,
      imported,
    });
    if (c.notes) expect(body.errors.map((e: { message: string }) => e.message).join("\n")).toMatch(c.notes);

    const data = await stored(brandId);
    expect(data.posts).toHaveLength(c.posts ?? 0);
    expect(data.snapshots).toHaveLength(c.snapshots ?? 0);
    expect(data.keywords).toHaveLength(c.keywords ?? 0);
    expect(data.searchQueries).toHaveLength(c.searchQueries ?? 0);
    expect(data.posts.every((p) => p.source === "csv_import" && p.importId === body.id)).toBe(true);
    // Only an import that stored something makes the figures stale.
    expect(computesOf(brandId)).toBe(imported > 0 ? 1 : 0);
  });

  it("stores a Facebook post's fields: local time as UTC, format in our vocabulary, metrics", async () => {
    const { authorization, brandId } = await withBrand();
    await upload(authorization, { name: "fb.csv", data: fixture("meta-facebook-posts.csv") });
    const { posts: rows } = await stored(brandId);
    const post = rows.find((p) =>
      p.url.includes("pfbid02Vq7sKkL3mXbR9TnYc4hPzWd1Aa8FgE6uJ5oN2rQxMtB7yZkCe1l"),
    );
    expect(post).toMatchObject({
      platform: "facebook",
      format: "image",
      likes: 151,
      comments: 22,
      shares: 14,
      views: 4312,
    });
    expect(post?.postedAt.toISOString()).toBe("2026-09-12T08:30:00.000Z");
    expect(post?.text).toMatch(/^New seasonal roast: Ember & Fig/);
    expect(rows.find((p) => p.url.includes("/reel/"))?.format).toBe("short");
    // Views can be empty in this export: missing, not zero.
    expect(rows.some((p) => p.views === null)).toBe(true);
  });

  it("stores keywords in the brand's market: CPC midpoint, competition 0-1, 12-month trend, an intent", async () => {
    const { authorization, brandId } = await withBrand({ country: "GB" });
    await upload(authorization, {
      name: "Keyword Stats.csv",
      data: fixture("google-ads-keyword-planner.csv"),
    });
    const { keywords: rows } = await stored(brandId);
    const coldBrew = rows.find((k) => k.keyword === "cold brew coffee");
    expect(coldBrew).toMatchObject({
      country: "GB",
      currency: "USD",
      volume: 49500,
      competition: 0.41,
      trendStart: "2025-09-01",
      source: "csv_import",
      industry: null,
    });
    expect(coldBrew?.cpc).toBeCloseTo((0.62 + 2.15) / 2, 10);
    expect(coldBrew?.trend).toHaveLength(12);
    expect(["navigational", "transactional", "commercial", "informational"]).toContain(coldBrew?.intent);
  });

  it("takes a TikTok file's year from today when no referenceDate is given", async () => {
    const { authorization, brandId } = await withBrand();
    const response = await upload(authorization, {
      name: "FollowerHistory.csv",
      data: fixture("tiktok-follower-history.csv"),
    });
    expect(response.statusCode).toBe(201);
    const { snapshots } = await stored(brandId);
    expect(snapshots.map((s) => s.followers)).toEqual([18342, 18380, 18377, 18911, 19026, 19088, 19101]);
    const year = t.clock.now().getUTCFullYear();
    expect(snapshots.every((s) => [year, year - 1].includes(Number(s.day.slice(0, 4))))).toBe(true);
  });
});

/**
 * Real exports published by their owners, their structure kept and their values invented
 * (test/fixtures/real-exports/, sources in docs/import-formats.md "Real exports"). Every file there must have a case
 * here, so a fixture added without its expectation fails.
 */
describe("POST /api/brand/imports: real exports", () => {
  const REAL = join(import.meta.dirname, "../../../test/fixtures/real-exports");
  const noLikes =
    /posts have no likes in the file: stored as unknown, not 0, so engagement figures leave them out/;
  const noComments = /posts have no comments in the file: stored as unknown, not 0/;
  // YouTube's engagement does not count shares: the note says only that they are unknown.
  const noShares = /posts have no shares in the file: stored as unknown, not 0\.$/;
  const counts = [noLikes, noComments, noShares];
  const undated = (...lines: number[]) =>
    new RegExp(
      `^${lines.length} rows skipped \\(lines ${lines.join(", ")}\\): they have no Video publish time`,
    );
  const top500 = (line: number, text: string) => new RegExp(`^1 row skipped \\(line ${line}\\): "${text}"`);
  /** A YouTube Studio table: `rows` records, `posts` stored, and its notes. */
  const videos = (rows: number, posts: number, notes: RegExp[], likesKnown = false) => ({
    format: "youtube-content",
    rows,
    posts,
    notes,
    likesKnown,
  });
  /**
   * A Search Console file: its queries stored as the brand's own searches (never keywords), for the period its
   * header states ("Last 3 months" in compare mode) or Search Console's default 3 months, ending the day before.
   */
  const queries = (rows: number, stated = false) => ({
    format: "search-console-queries",
    rows,
    posts: 0,
    searchQueries: rows,
    notes: [
      new RegExp(
        `^${rows} Search Console queries stored as your brand's own searches \\(clicks, impressions, CTR and ` +
          `position; not search volume\\) for .+, read as ${stated ? 'the file\'s "Last 3 months"' : "Search Console's default range"}`,
      ),
    ],
  });
  /** A Keyword Planner export: `rows` records, `keywords` stored, and its notes. */
  const planner = (rows: number, keywords: number, notes: RegExp[]) => ({
    format: "google-ads-keyword-planner",
    rows,
    posts: 0,
    keywords,
    notes,
  });
  const cases: Record<
    string,
    {
      format: string;
      rows: number;
      posts: number;
      notes: RegExp[];
      likesKnown?: boolean;
      searchQueries?: number;
      keywords?: number;
    }
  > = {
    // A Shorts view with Likes but no comments.
    "youtube-content/oisinqueva.csv": videos(9, 9, [noComments, noShares], true),
    "youtube-content/buildwithadi.csv": videos(8, 8, counts),
    "youtube-content/areikher.csv": videos(12, 9, [undated(7, 13, 14), noComments], true),
    "youtube-content/krishp1010-lab.csv": videos(10, 9, [top500(12, "Showing top 500 results"), ...counts]),
    "youtube-content/priyankapatel05.csv": videos(9, 9, counts),
    // German: soft hyphens inside every header word and in the "Ge\u00adsamt" and top-500 lines.
    "youtube-content/raphaeloe-de.csv": videos(13, 9, [
      undated(7, 13, 14),
      top500(15, "Die 500 besten Ergebnisse werden angezeigt"),
      ...counts,
    ]),
    "youtube-content/gianmartins-pt.csv": videos(9, 9, counts),
    "youtube-content/knzlink-pt.csv": videos(13, 9, [
      undated(7, 13, 14),
      top500(15, "Mostrando os primeiros 500 resultados"),
      ...counts,
    ]),
    "search-console-queries/jfaccioli.csv": queries(8),
    "search-console-queries/ztokar.csv": queries(8),
    "search-console-queries/iman-hamdan.csv": queries(8),
    "search-console-queries/omac049.csv": queries(8),
    // The older "Search Queries" header, and blank ",,,," lines at the end.
    "search-console-queries/erikbrignall.csv": queries(8),
    // Compare mode, "Last 3 months …" against "Previous 3 months …".
    "search-console-queries/alfianalim.csv": queries(5, true),
    // Bucketed (no monthly columns, volumes on Google's buckets), no title lines, and two keywords Google has no
    // figures for (an empty volume and "--" changes): kept with an unknown volume.
    "keyword-planner/barakataa.csv": planner(12, 12, [
      /^Read as ranges: .+ so 10 keywords are stored with a volume range/,
    ]),
    // Title lines, monthly columns and Concept columns; "∞" for a year-on-year change from 0; three keywords without figures.
    "keyword-planner/paisadallas.csv": planner(10, 10, []),
  };
  const files = readdirSync(REAL, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) => readdirSync(join(REAL, dir.name)).map((name) => `${dir.name}/${name}`))
    .filter((file) => file.endsWith(".csv"))
    // GA4 traffic exports have their own expectations, with the competitor screen they fill (traffic-import.test.ts).
    .filter((file) => !file.startsWith("ga4-traffic/"))
    .sort();

  it("has an expectation for every fixture", () => {
    expect(files).toEqual(Object.keys(cases).sort());
  });

  it.each(files)("imports %s", async (file) => {
    const c = cases[file];
    if (!c) throw new Error(`no expectation for ${file}`);
    const { authorization, brandId } = await withBrand();
    const name = file.startsWith("youtube")
      ? "Table data.csv"
      : file.startsWith("keyword")
        ? "Keyword Stats.csv"
        : "Queries.csv";
    const response = await upload(authorization, { name, data: readFileSync(join(REAL, file)) });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    const searches = c.searchQueries ?? 0;
    const keywords = c.keywords ?? 0;
    const notes: string[] = body.errors.map((e: { message: string }) => e.message);
    expect(body).toMatchObject({
      format: c.format,
      status: "completed",
      rows: c.rows,
      imported: c.posts + searches + keywords,
      holds: { posts: c.posts, keywords, searchQueries: searches },
    });
    expect(notes).toHaveLength(c.notes.length);
    for (const note of c.notes) expect(notes.some((n) => note.test(n))).toBe(true);

    const data = await stored(brandId);
    expect(data.posts).toHaveLength(c.posts);
    // Search Console's queries are the brand's searches over the 3 months ending the day before the upload (both
    // kinds of file say or imply 3 months), with the file's own figures; never keywords.
    expect(data.keywords).toHaveLength(keywords);
    expect(data.searchQueries).toHaveLength(searches);
    const yesterday = new Date(t.clock.now().getTime() - 86_400_000).toISOString().slice(0, 10);
    for (const q of data.searchQueries) {
      expect(q).toMatchObject({
        source: "csv_import",
        importId: body.id,
        country: null,
        periodTo: yesterday,
      });
      expect(q.periodFrom < q.periodTo).toBe(true);
      expect(q.query).not.toBe("");
    }
    if (searches > 0) {
      const first =
        readFileSync(join(REAL, file), "utf8")
          .replace(/^\uFEFF/, "")
          .split(/\r?\n/)[1] ?? "";
      // The current period's clicks come second in both shapes (compare mode then writes the earlier period's).
      const [query, clicks] = first.split(",");
      expect(data.searchQueries.find((q) => q.query === query)?.clicks).toBe(Number(clicks));
    }
    // A count the file lacks is stored as unknown, never 0.
    expect(data.keywords.filter((k) => k.volume === null && k.volumeLow === null)).toHaveLength(
      file.startsWith("keyword") ? Number(file.includes("barakataa") ? 2 : 3) : 0,
    );
    expect(data.posts.every((p) => p.comments === null)).toBe(true);
    expect(data.posts.every((p) => (c.likesKnown ? p.likes !== null : p.likes === null))).toBe(true);
  });
});

describe("POST /api/brand/imports: idempotent, all or nothing", () => {
  it.each([
    "meta-facebook-posts.csv",
    "tiktok-follower-history.csv",
    "google-ads-keyword-planner.csv",
    "x-tweet-activity.csv",
  ])("re-importing %s changes nothing", async (file) => {
    const { authorization, brandId } = await withBrand();
    const first = await upload(
      authorization,
      { name: file, data: fixture(file) },
      { referenceDate: REFERENCE_DATE },
    );
    expect(first.statusCode).toBe(201);
    const before = await stored(brandId);
    const again = await upload(
      authorization,
      { name: file, data: fixture(file) },
      { referenceDate: REFERENCE_DATE },
    );
    expect(again.statusCode).toBe(201);
    expect(again.json().imported).toBe(first.json().imported);
    // Same rows, same values; posts still name the import that last changed them.
    expect(await stored(brandId)).toEqual(before);
    expect(computesOf(brandId)).toBe(2);
  });

  it("updates a re-exported post's metrics in place", async () => {
    const { authorization, brandId } = await withBrand();
    const file = "meta-facebook-posts.csv";
    await upload(authorization, { name: file, data: fixture(file) });
    const changed = fixture(file).toString("utf8").replace(",Lifetime,4312,", ",Lifetime,999431,");
    const second = await upload(authorization, { name: file, data: Buffer.from(changed) });
    expect(second.statusCode).toBe(201);
    const { posts: rows } = await stored(brandId);
    expect(rows).toHaveLength(7);
    const updated = rows.filter((p) => p.importId === second.json().id);
    expect(updated.map((p) => p.views)).toEqual([999431]);
  });

  it("refuses a file with one bad row: 422 with the row, nothing stored, a failed import listed", async () => {
    const { authorization, brandId } = await withBrand();
    // The first record (line 2) gets a like count that is not a number.
    const content = fixture("tiktok-content.csv").toString("utf8").replace('"1834"', '"lots"');
    const response = await upload(
      authorization,
      { name: "Content.csv", data: Buffer.from(content) },
      { referenceDate: REFERENCE_DATE },
    );
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.code).toBe("IMPORT_REJECTED");
    expect(body.message).toMatch(/Nothing was imported: 1 of 6 rows/);
    expect(body.details).toEqual([
      expect.objectContaining({
        path: "/rows/2/Total likes",
        message: expect.stringMatching(/^Row 2, column "Total likes"/),
      }),
    ]);
    const data = await stored(brandId);
    expect(data.posts).toHaveLength(0);
    expect(computesOf(brandId)).toBe(0);

    const [failed] = await list(authorization);
    expect(failed).toMatchObject({
      brandId,
      format: "tiktok-content",
      status: "failed",
      rows: 6,
      imported: 0,
      errors: [expect.objectContaining({ row: 2, column: "Total likes" })],
    });
  });

  it("refuses a count too large to store, naming its row, before writing anything", async () => {
    const { authorization, brandId } = await withBrand();
    const data = Buffer.from(
      fixture("youtube-content.csv").toString("utf8").replace(",40211,", ",9999999999,"),
    );
    const response = await upload(authorization, { name: "Table data.csv", data });
    expect(response.statusCode).toBe(422);
    expect(response.json().details).toEqual([
      expect.objectContaining({
        path: "/rows/3",
        message: expect.stringMatching(/^Row 3: views 9999999999/),
      }),
    ]);
    expect((await stored(brandId)).posts).toHaveLength(0);
  });

  it("refuses an unrecognised CSV with 422 and lists it as failed, format unknown", async () => {
    const { authorization, brandId } = await withBrand();
    const response = await upload(authorization, {
      name: "orders.csv",
      data: Buffer.from("Order,Customer,Total\n1001,Ada,12.50\n1002,Lin,8.00\n"),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: "IMPORT_REJECTED",
      message: expect.stringMatching(/not an export we recognise/),
    });
    const [failed] = await list(authorization);
    expect(failed).toMatchObject({
      brandId,
      format: "unknown",
      status: "failed",
      fileName: "orders.csv",
      imported: 0,
    });
    expect(computesOf(brandId)).toBe(0);
  });

  it("refuses a zip of exports with 422, asking for the CSV inside", async () => {
    const { authorization } = await withBrand();
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]);
    const response = await upload(authorization, { name: "tiktok.zip", data: zip });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/is a zip file, .*unzip it/);
  });

  it("imports LinkedIn's .xls content workbook as it downloads, from its All posts sheet", async () => {
    const { authorization, brandId } = await withBrand();
    const cells = parseCsv(
      fixture("linkedin-updates.csv")
        .toString("utf8")
        .replace(/^\uFEFF/, ""),
      {
        relax_column_count: true,
      },
    ) as string[][];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([["Date", "Impressions (total)"]]), "Metrics");
    const typed = cells.map((row) => row.map((cell) => (/^\d+(\.\d+)?$/.test(cell) ? Number(cell) : cell)));
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(typed), "All posts");
    const data = XLSX.write(book, { type: "buffer", bookType: "biff8" }) as Buffer;

    const response = await upload(authorization, { name: "lumora_content_1757800000.xls", data });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      format: "linkedin-updates",
      status: "completed",
      rows: 5,
      imported: 5,
      fileName: "lumora_content_1757800000.xls",
    });
    const { posts: imported } = await stored(brandId);
    expect(imported.map((p) => [p.platform, p.impressions])).toContainEqual(["linkedin", 3822]);
  });

  it("refuses a file over 50 MB with 413 and stores nothing", async () => {
    const { authorization } = await withBrand();
    const big = Buffer.alloc(50 * 1024 * 1024 + 1, "a");
    const response = await upload(authorization, { name: "big.csv", data: big });
    expect(response.statusCode).toBe(413);
    expect(await list(authorization)).toEqual([]);
  });

  it("answers 400 without a file, or with a malformed referenceDate or brandId", async () => {
    const { authorization } = await withBrand();
    const { payload, contentType } = multipart({ name: "x.csv", data: Buffer.from("a") });
    const noFile = await t.app.inject({
      method: "POST",
      url: "/api/brand/imports",
      payload: payload.toString("utf8").replace('name="file"', 'name="other"'),
      headers: { authorization, "content-type": contentType },
    });
    expect(noFile.statusCode).toBe(400);
    const data = fixture("tiktok-content.csv");
    const badDate = await upload(authorization, { name: "c.csv", data }, { referenceDate: "2026-02-30" });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().details).toEqual([expect.objectContaining({ path: "/referenceDate" })]);
    const badId = await upload(authorization, { name: "c.csv", data }, { brandId: "nope" });
    expect(badId.statusCode).toBe(400);
  });
});

describe("POST /api/brand/imports: which brand", () => {
  it("imports into a followed competitor by brandId", async () => {
    const { authorization, workspaceId, brandId } = await withBrand();
    const competitor = await insertBrand({ workspaceId, name: "Bramble & Bean" });
    await t.database.db
      .insert(brandCompetitors)
      .values({ workspaceId, brandId, competitorId: competitor.id });
    const response = await upload(
      authorization,
      { name: "ig.csv", data: fixture("instagram-content.csv") },
      { brandId: competitor.id },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().brandId).toBe(competitor.id);
    expect((await stored(competitor.id)).posts).toHaveLength(6);
    expect((await stored(brandId)).posts).toHaveLength(0);
    expect(computesOf(competitor.id)).toBe(1);
  });

  it("answers 404 for another workspace's brand and stores nothing", async () => {
    const { authorization } = await withBrand();
    const other = await withBrand();
    const response = await upload(
      authorization,
      { name: "ig.csv", data: fixture("instagram-content.csv") },
      { brandId: other.brandId },
    );
    expect(response.statusCode).toBe(404);
    expect((await stored(other.brandId)).posts).toHaveLength(0);
    expect(await list(authorization)).toEqual([]);
    expect(await list(other.authorization)).toEqual([]);
  });

  it("answers 404 when the workspace has no brand yet", async () => {
    const { authorization } = await signIn();
    const response = await upload(authorization, { name: "ig.csv", data: fixture("instagram-content.csv") });
    expect(response.statusCode).toBe(404);
  });

  it("refuses a sample brand with 400", async () => {
    const caller = await signIn();
    const sample = await insertBrand({ workspaceId: null, sample: true });
    await t.database.db
      .insert(workspaceBrands)
      .values({ workspaceId: caller.workspaceId, brandId: sample.id });
    const response = await upload(caller.authorization, {
      name: "ig.csv",
      data: fixture("instagram-content.csv"),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Sample brands cannot receive imports/);
    expect((await stored(sample.id)).posts).toHaveLength(0);
  });
});

describe("GET /api/brand/imports", () => {
  it("lists the workspace's imports newest first, and only its own", async () => {
    const mine = await withBrand();
    const theirs = await withBrand();
    await upload(mine.authorization, { name: "first.csv", data: fixture("instagram-content.csv") });
    await upload(theirs.authorization, { name: "theirs.csv", data: fixture("youtube-content.csv") });
    await upload(mine.authorization, { name: "second.csv", data: Buffer.from("nothing,we,know\n1,2,3\n") });
    t.clock.advance(60_000);
    await upload(mine.authorization, { name: "third.csv", data: fixture("x-tweet-activity.csv") });

    const listed = await list(mine.authorization);
    expect(listed.map((i) => [i.fileName, i.status])).toEqual([
      ["third.csv", "completed"],
      ["second.csv", "failed"],
      ["first.csv", "completed"],
    ]);
    expect((await list(theirs.authorization)).map((i) => i.fileName)).toEqual(["theirs.csv"]);
    const rows = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(imports)
      .where(and(eq(imports.workspaceId, mine.workspaceId), eq(imports.brandId, mine.brandId)));
    expect(rows[0]?.n).toBe(3);
  });
});

describe("import rows", () => {
  it("maps post types to the analytics' formats", () => {
    expect(
      ["Photos", "IG reel", "Reels", "IG carousel", "Videos", "Links", "Document", null].map(postFormat),
    ).toEqual(["image", "short", "short", "carousel", "video", "link", "document", "post"]);
  });

  it("reads local times as UTC and keeps zoned ones", () => {
    expect(publishedInstant("2026-09-12T08:30:00").toISOString()).toBe("2026-09-12T08:30:00.000Z");
    expect(publishedInstant("2026-09-12").toISOString()).toBe("2026-09-12T00:00:00.000Z");
    expect(publishedInstant("2023-09-01T15:02:00Z").toISOString()).toBe("2023-09-01T15:02:00.000Z");
  });

  it("keys X posts by id whichever generation of export they come from", () => {
    const legacy = { platform: "twitter" as const, externalId: "1", url: "https://twitter.com/a/status/1" };
    expect(postUrl(legacy)).toBe(postUrl({ ...legacy, url: "https://x.com/A/status/1" }));
    expect(postUrl({ platform: "facebook", externalId: "9", url: null })).toBe("https://www.facebook.com/9");
  });

  it("takes competition from the index, else the band's midpoint; CPC from the bid range", () => {
    expect(keywordCompetition({ competition: "high", competitionIndex: 80 })).toBe(0.8);
    expect(keywordCompetition({ competition: "low", competitionIndex: null })).toBe(0.165);
    expect(keywordCompetition({ competition: "unknown", competitionIndex: null })).toBeNull();
    expect(keywordCpc({ cpcLow: 1, cpcHigh: 3 })).toBe(2);
    expect(keywordCpc({ cpcLow: null, cpcHigh: 3 })).toBe(3);
  });
});

async function remove(authorization: string, id: string) {
  const response = await t.app.inject({
    method: "DELETE",
    url: `/api/brand/imports/${id}`,
    headers: { authorization },
  });
  expectContractResponse("deleteImport", response);
  return response;
}

describe("DELETE /api/brand/imports/{id}", () => {
  it("lists who uploaded each file and the rows it holds, for each kind of row", async () => {
    const { authorization } = await withBrand();
    for (const file of [
      "instagram-content.csv",
      "tiktok-follower-history.csv",
      "google-ads-keyword-planner.csv",
      "search-console-queries.csv",
    ]) {
      await upload(authorization, { name: file, data: fixture(file) }, { referenceDate: REFERENCE_DATE });
    }
    const listed = (await list(authorization)) as unknown as {
      fileName: string;
      uploadedBy: string | null;
      holds: ImportHolds;
    }[];
    const none: ImportHolds = {
      posts: 0,
      followerDays: 0,
      keywords: 0,
      searchQueries: 0,
      audienceSegments: 0,
      trafficMonths: 0,
      creators: 0,
    };
    expect(listed.map((i) => [i.fileName, i.holds])).toEqual([
      ["search-console-queries.csv", { ...none, searchQueries: 8 }],
      ["google-ads-keyword-planner.csv", { ...none, keywords: 10 }],
      ["tiktok-follower-history.csv", { ...none, followerDays: 7 }],
      ["instagram-content.csv", { ...none, posts: 6 }],
    ]);
    expect(listed.every((i) => typeof i.uploadedBy === "string" && i.uploadedBy.length > 1)).toBe(true);
  });

  it("removes the import's posts, follower totals and keywords, leaves the others and recomputes", async () => {
    const { authorization, brandId } = await withBrand();
    const ids: Record<string, string> = {};
    for (const file of [
      "instagram-content.csv",
      "tiktok-follower-history.csv",
      "google-ads-keyword-planner.csv",
    ]) {
      const response = await upload(
        authorization,
        { name: file, data: fixture(file) },
        { referenceDate: REFERENCE_DATE },
      );
      ids[file] = response.json().id;
    }
    const computes = computesOf(brandId);

    for (const [file, left] of [
      ["tiktok-follower-history.csv", { posts: 6, snapshots: 0, keywords: 10 }],
      ["google-ads-keyword-planner.csv", { posts: 6, snapshots: 0, keywords: 0 }],
      ["instagram-content.csv", { posts: 0, snapshots: 0, keywords: 0 }],
    ] as const) {
      const response = await remove(authorization, ids[file] ?? "");
      expect(response.statusCode).toBe(204);
      const data = await stored(brandId);
      expect({
        posts: data.posts.length,
        snapshots: data.snapshots.length,
        keywords: data.keywords.length,
      }).toEqual(left);
    }
    expect(computesOf(brandId)).toBe(computes + 3);
    expect(await list(authorization)).toEqual([]);
  });

  it("keeps a row an earlier import stored when a later one only repeated it", async () => {
    const { authorization, brandId } = await withBrand();
    const file = "meta-facebook-posts.csv";
    const first = await upload(authorization, { name: file, data: fixture(file) });
    const again = await upload(authorization, { name: file, data: fixture(file) });
    expect((await remove(authorization, again.json().id)).statusCode).toBe(204);
    expect((await stored(brandId)).posts).toHaveLength(7);
    expect((await remove(authorization, first.json().id)).statusCode).toBe(204);
    expect((await stored(brandId)).posts).toHaveLength(0);
  });

  it("removes a refused import's record without recomputing", async () => {
    const { authorization, brandId } = await withBrand();
    const refused = await upload(authorization, {
      name: "x.csv",
      data: Buffer.from("nothing,we,know\n1,2,3\n"),
    });
    expect(refused.statusCode).toBe(422);
    const [failed] = await list(authorization);
    const computes = computesOf(brandId);
    expect((await remove(authorization, failed?.id ?? "")).statusCode).toBe(204);
    expect(await list(authorization)).toEqual([]);
    expect(computesOf(brandId)).toBe(computes);
  });

  it("answers 404 for another workspace's import, an unknown one, or one removed already", async () => {
    const mine = await withBrand();
    const theirs = await withBrand();
    const response = await upload(theirs.authorization, {
      name: "theirs.csv",
      data: fixture("instagram-content.csv"),
    });
    const id = response.json().id;
    expect((await remove(mine.authorization, id)).statusCode).toBe(404);
    expect(await stored(theirs.brandId)).toMatchObject({ posts: { length: 6 } });
    expect((await remove(theirs.authorization, id)).statusCode).toBe(204);
    expect((await remove(theirs.authorization, id)).statusCode).toBe(404);
    const malformed = await remove(theirs.authorization, "not-an-id");
    expect(malformed.statusCode).toBe(400);
  });
});

describe("provenance of imported figures", () => {
  it("names in each module the exports its figures rest on, newest first, and forgets a removed one", async () => {
    const { authorization } = await withBrand();
    // Only this brand's figures' jobs are run below, not those the file's other tests queued.
    recorded.queued.length = 0;
    const ids: string[] = [];
    for (const file of [
      "instagram-content.csv",
      "meta-facebook-posts.csv",
      "google-ads-keyword-planner.csv",
    ]) {
      ids.push((await upload(authorization, { name: file, data: fixture(file) })).json().id);
    }
    // Once the figures' jobs have run: a first read of none stored answers 202 and queues them.
    const sourceOf = async (url: string) => {
      const response = await readAfterFigureJobs(t, recorded, () =>
        t.app.inject({ method: "GET", url: `/api${url}`, headers: { authorization } }),
      );
      expect(response.statusCode).toBe(200);
      const body = response.json();
      return body.provenance ?? body.common.provenance;
    };
    const social = { source: "csv_import", sourceName: "meta-facebook-posts, instagram-posts" };
    expect(await sourceOf("/content")).toMatchObject(social);
    expect(await sourceOf("/competitor")).toMatchObject(social);
    expect(await sourceOf("/intent")).toMatchObject({
      source: "csv_import",
      sourceName: "google-ads-keyword-planner",
    });

    await remove(authorization, ids[1] ?? "");
    expect(await sourceOf("/content")).toMatchObject({ sourceName: "instagram-posts" });
  });
});

/** A Keyword Planner export as an account without ad spend downloads it: no monthly columns, bucketed volumes. */
function plannerFile(rows: [keyword: string, volume: string][]): Buffer {
  const lines = [
    "Keyword Stats 2026-09-14 at 10_41_52",
    "Keyword\tCurrency\tAvg. monthly searches\tCompetition\tTop of page bid (low range)\tTop of page bid (high range)",
    ...rows.map(([keyword, volume]) => `${keyword}\tUSD\t${volume}\tLow\t0.5\t1.5`),
  ];
  return Buffer.from(`\ufeff${lines.join("\r\n")}\r\n`, "utf16le");
}

describe("a bucketed Keyword Planner export", () => {
  it("is stored as ranges with a note, and intent answers them sorted by lower bound among exact volumes", async () => {
    const { authorization, brandId } = await withBrand();
    await upload(authorization, {
      name: "Keyword Stats.csv",
      data: fixture("google-ads-keyword-planner.csv"),
    });
    const response = await upload(authorization, {
      name: "Keyword Stats (2).csv",
      data: plannerFile([
        ["espresso beans bulk", "50000"],
        ["decaf cold brew", "500"],
        ["coffee gift set", "5000"],
      ]),
    });
    expect(response.statusCode).toBe(201);
    const notes = response
      .json()
      .errors.map((e: { message: string }) => e.message)
      .join("\n");
    expect(notes).toMatch(/^Read as ranges: .* 3 keywords are stored with a volume range/m);

    const rows = (await stored(brandId)).keywords;
    expect(rows.find((k) => k.keyword === "espresso beans bulk")).toMatchObject({
      volume: null,
      volumeLow: 10_000,
      volumeHigh: 100_000,
    });
    // The exact file's keywords keep their volumes and have no range.
    expect(rows.find((k) => k.keyword === "cold brew coffee")).toMatchObject({
      volume: 49_500,
      volumeLow: null,
      volumeHigh: null,
    });

    const intent = await t.app.inject({ method: "GET", url: "/api/intent", headers: { authorization } });
    expectContractResponse("getIntent", intent);
    expect(intent.statusCode).toBe(200);
    const keywordData: {
      keyword: string;
      volume: number | null;
      volumeRange?: { low: number; high: number };
    }[] = intent.json().keywordData;
    expect(keywordData.find((k) => k.keyword === "coffee gift set")).toMatchObject({
      volume: null,
      volumeRange: { low: 1_000, high: 10_000 },
    });
    expect(keywordData.find((k) => k.keyword === "cold brew coffee")?.volumeRange).toBeUndefined();
    // Volume, or a range's lower bound, descending: 10K (a range) falls between 12,100 and 8,100.
    expect(keywordData.map((k) => k.keyword).slice(0, 6)).toEqual([
      "cold brew coffee",
      "oat milk latte",
      "pour over kettle",
      "espresso beans bulk",
      "coffee subscription box",
      "fair trade coffee",
    ]);
    const order = keywordData.map((k) => k.volume ?? k.volumeRange?.low ?? -1);
    expect(order).toEqual([...order].sort((a, b) => b - a));

    // The keywords export writes the range's bounds where an exact volume has its number.
    const csv = await t.app.inject({
      method: "GET",
      url: "/api/export/keywords",
      headers: { authorization },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace(/^\uFEFF/, "").split(/\r?\n/);
    expect(lines[0]).toMatch(/^keyword,country,monthly_volume,monthly_volume_low,monthly_volume_high,/);
    expect(lines.find((l) => l.startsWith("coffee gift set,"))).toMatch(/^coffee gift set,US,,1000,10000,/);
    expect(lines.find((l) => l.startsWith("cold brew coffee,"))).toMatch(/^cold brew coffee,US,49500,,,/);
  });

  it("stays exact when one volume is off Google's buckets", async () => {
    const { authorization, brandId } = await withBrand();
    const response = await upload(authorization, {
      name: "Keyword Stats.csv",
      data: plannerFile([
        ["espresso beans bulk", "50000"],
        ["decaf cold brew", "480"],
      ]),
    });
    expect(response.statusCode).toBe(201);
    expect(JSON.stringify(response.json().errors)).not.toMatch(/Read as ranges/);
    const rows = (await stored(brandId)).keywords;
    expect(rows.map((k) => [k.keyword, k.volume, k.volumeLow])).toEqual([
      ["decaf cold brew", 480, null],
      ["espresso beans bulk", 50_000, null],
    ]);
  });
});

describe("figures after an import", () => {
  it("are recomputed on the next read when the brand's data changed after they were stored", async () => {
    const { authorization } = await withBrand();
    // The export's own days (29 Aug–12 Sep 2026): a named period ends today, and a test must not fail by the
    // calendar alone.
    const content = async () => {
      const response = await t.app.inject({
        method: "GET",
        url: "/api/content?period=custom&from=2026-08-29&to=2026-09-12",
        headers: { authorization },
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ audit: { n: number }; provenance: { dataAsOf: string | null } }>();
    };
    // Read (and stored) before anything was imported.
    expect((await content()).audit.n).toBe(0);
    t.clock.advance(1000);
    await upload(authorization, { name: "posts.csv", data: fixture("instagram-content.csv") });
    // The compute job is only recorded here: the read itself must not serve the figures stored before.
    const after = await content();
    expect(after.audit.n).toBe(6);
    expect(after.provenance.dataAsOf).toBe("2026-09-12T08:31:00.000Z");
  });
});

describe("views, plays, impressions and reach", () => {
  it.each([
    // Meta's Views and Reach: a view is not an account reached.
    ["instagram-content.csv", "instagram", { views: 5820, reach: 4105, impressions: null, plays: null }],
    // X and LinkedIn give impressions, not views.
    ["x-post-analytics-content.csv", "twitter", { views: null, reach: null, impressions: 5120, plays: null }],
    ["linkedin-updates.csv", "linkedin", { views: null, reach: null, impressions: 3822, plays: null }],
  ])("are stored apart, each as %s names it", async (file, platform, first) => {
    const { authorization, brandId } = await withBrand();
    const response = await upload(
      authorization,
      { name: file, data: fixture(file) },
      { referenceDate: REFERENCE_DATE },
    );
    expect(response.statusCode).toBe(201);
    // No note says the views are missing where no figure rests on them.
    expect(response.json().errors.map((e: { message: string }) => e.message)).not.toContainEqual(
      expect.stringMatching(/no views in the file/),
    );
    const stored = (await t.database.db.select().from(posts).where(eq(posts.brandId, brandId))).filter(
      (p) => p.platform === platform,
    );
    const newest = stored.sort((a, b) => b.postedAt.getTime() - a.postedAt.getTime())[0];
    expect(newest).toMatchObject(first);
  });
});

describe("figures of posts whose engagement the file lacks", () => {
  it("leave those posts out and say how many, rather than reading their engagement as 0", async () => {
    const { authorization } = await withBrand();
    const header = "Content,Video title,Video publish time,Duration,Views";
    const videos = [1, 2, 3, 4, 5].map((d) => `vid0000000${d},Video ${d},"Sep ${d}, 2026",60,${d * 100}`);
    const data = Buffer.from([header, "Total,,,,1500", ...videos].join("\n"));
    expect((await upload(authorization, { name: "Table data.csv", data })).statusCode).toBe(201);
    // The videos' own days: a named period ends today, and a test must not fail by the calendar alone.
    const url = "/api/content?period=custom&from=2026-09-01&to=2026-09-05";
    const response = await t.app.inject({ method: "GET", url, headers: { authorization } });
    expect(response.statusCode).toBe(200);
    const { audit, performance } = response.json();
    expect(audit.n).toBe(5);
    expect(audit.engagementRate).toMatchObject({ value: null, unknownEngagement: 5 });
    expect(audit.engagementRate.reason).toContain("not known (not in the imported file");
    expect(performance).toMatchObject({ status: "no_data", unknownEngagement: 5, top: [], under: [] });
  });
});

describe("a large export", () => {
  // Retried: the delay is measured while three other test files load the two cores, which can hold the loop for
  // more than the bound now and then (seen 667 ms once in a fresh clone's run); parsing on the loop holds it for the
  // whole parse (about 1.2 s) on every try, so a retry never lets that through.
  it("is read in a worker thread: 40,000 posts stored while the event loop stays free, and again unchanged", {
    retry: 2,
    timeout: 60_000,
  }, async () => {
    const { authorization, brandId } = await withBrand();
    const data = largeFacebookExport(40_000, { lastDay: "2026-11-20", everyHours: 2 });
    expect(data.length).toBeGreaterThan(WORKER_FROM_BYTES);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const response = await upload(authorization, { name: "posts-40k.csv", data });
    delay.disable();
    // Parsing 40,000 rows takes about 1.2 s: on the event loop it would hold every request for that long.
    const maxDelayMs = delay.max / 1e6;
    console.log(`40,000-post import: event loop delay at most ${maxDelayMs.toFixed(0)} ms`);
    expect(maxDelayMs).toBeLessThan(500);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ format: "meta-facebook-posts", rows: 40_000, imported: 40_000 });
    const first = (await stored(brandId)).posts;
    expect(first).toHaveLength(40_000);
    expect(first.find((p) => p.url.endsWith("/pfbid0"))).toMatchObject({
      postedAt: new Date("2026-11-20T12:00:00Z"),
      format: "image",
      likes: 151,
      comments: 22,
      shares: 14,
    });

    const again = await upload(authorization, { name: "posts-40k.csv", data });
    expect(again.statusCode).toBe(201);
    expect((await stored(brandId)).posts).toEqual(first);
  });
});

async function commit(authorization: string, id: string) {
  const response = await t.app.inject({
    method: "POST",
    url: `/api/brand/imports/${id}/commit`,
    headers: { authorization },
  });
  expectContractResponse("commitImport", response);
  return response;
}

describe("preview, then commit", () => {
  it("reads and checks a file without storing it, then stores it on commit, once", async () => {
    const { authorization, brandId } = await withBrand();
    const data = fixture("instagram-content.csv");
    const previewed = await upload(authorization, { name: "ig.csv", data }, { preview: "true" });
    expect(previewed.statusCode).toBe(201);
    const pending = previewed.json();
    expect(pending).toMatchObject({
      status: "pending",
      format: "instagram-posts",
      rows: 6,
      imported: 6,
      firstDay: expect.stringMatching(/^2026-/),
      lastDay: "2026-09-12",
      holds: { posts: 0, followerDays: 0, keywords: 0 },
    });
    expect(Date.parse(pending.expiresAt) - Date.parse(pending.createdAt)).toBe(24 * 3_600_000);
    expect((await stored(brandId)).posts).toEqual([]);
    expect((await list(authorization)).map((i) => i.status)).toEqual(["pending"]);
    const before = computesOf(brandId);

    const committed = await commit(authorization, pending.id);
    expect(committed.statusCode).toBe(200);
    expect(committed.json()).toMatchObject({
      id: pending.id,
      status: "completed",
      imported: 6,
      expiresAt: null,
      holds: { posts: 6 },
    });
    expect((await stored(brandId)).posts).toHaveLength(6);
    expect(computesOf(brandId)).toBe(before + 1);
    const again = await commit(authorization, pending.id);
    expect(again.statusCode).toBe(409);
    expect((await stored(brandId)).posts).toHaveLength(6);
  });

  it("refuses a file with bad rows at once, with nothing waiting", async () => {
    const { authorization } = await withBrand();
    const bad = Buffer.from(
      fixture("instagram-content.csv").toString("utf8").replace(",5820,4105,402,", ",5820,4105,many,"),
      "utf8",
    );
    const response = await upload(authorization, { name: "bad.csv", data: bad }, { preview: "true" });
    expect(response.statusCode).toBe(422);
    expect((await list(authorization)).map((i) => i.status)).toEqual(["failed"]);
  });

  it("forgets a discarded or expired preview: commit answers 404, and preview must be true or false", async () => {
    const { authorization, brandId } = await withBrand();
    const data = fixture("instagram-content.csv");
    const discarded = (await upload(authorization, { name: "a.csv", data }, { preview: "true" })).json();
    expect((await remove(authorization, discarded.id)).statusCode).toBe(204);
    expect((await commit(authorization, discarded.id)).statusCode).toBe(404);

    const expired = (await upload(authorization, { name: "b.csv", data }, { preview: "true" })).json();
    // Uploaded 24 hours and a second ago (moving the clock would expire the session too).
    await t.database.db.execute(
      sql`update imports set created_at = created_at - interval '24 hours 1 second' where id = ${expired.id}`,
    );
    const late = await commit(authorization, expired.id);
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toMatch(/upload the file again/);
    expect(await list(authorization)).toEqual([]);
    expect((await stored(brandId)).posts).toEqual([]);

    const wrong = await upload(authorization, { name: "c.csv", data }, { preview: "yes" });
    expect(wrong.statusCode).toBe(400);
  });

  it("are discarded with their files by the hourly job once expired, in every workspace", async () => {
    const mine = await withBrand();
    const theirs = await withBrand();
    const data = fixture("instagram-content.csv");
    const old = (await upload(mine.authorization, { name: "old.csv", data }, { preview: "true" })).json();
    const fresh = (await upload(theirs.authorization, { name: "new.csv", data }, { preview: "true" })).json();
    await t.database.db.execute(
      sql`update imports set created_at = created_at - interval '25 hours' where id = ${old.id}`,
    );
    await discardExpiredImportsJob({ db: t.database.db, clock: t.clock, log: pino({ level: "silent" }) });
    expect(await list(mine.authorization)).toEqual([]);
    expect((await list(theirs.authorization)).map((i) => i.id)).toEqual([fresh.id]);
    const files = await t.database.db.select({ id: importFiles.importId }).from(importFiles);
    expect(files.map((f) => f.id)).not.toContain(old.id);
    expect(files.map((f) => f.id)).toContain(fresh.id);
  });
});

describe("POST /api/brand/imports: Search Console exports as the brand's own searches", () => {
  const REAL = join(import.meta.dirname, "../../../test/fixtures/real-exports/search-console-queries");
  const queriesFile = (name: string) => ({ name: "Queries.csv", data: readFileSync(join(REAL, name)) });
  const holdsOf = async (authorization: string, id: string) => {
    const listed = (await list(authorization)) as unknown as {
      id: string;
      holds: { searchQueries: number };
    }[];
    return listed.find((i) => i.id === id)?.holds.searchQueries;
  };

  it("replaces the same days' queries on a re-import, and keeps another period's beside them", async () => {
    const { authorization, brandId } = await withBrand();
    const first = await upload(authorization, queriesFile("ztokar.csv"), { referenceDate: "2026-11-01" });
    expect(first.statusCode).toBe(201);
    const again = await upload(authorization, queriesFile("ztokar.csv"), { referenceDate: "2026-11-01" });
    expect(again.statusCode).toBe(201);
    let rows = (await stored(brandId)).searchQueries;
    // One set: 8 queries for 1 Aug – 31 Oct 2026, now the second import's; the first holds none.
    expect(rows).toHaveLength(8);
    expect(new Set(rows.map((r) => `${r.periodFrom} ${r.periodTo}`))).toEqual(
      new Set(["2026-08-01 2026-10-31"]),
    );
    expect(rows.every((r) => r.importId === again.json().id)).toBe(true);
    expect(await holdsOf(authorization, first.json().id)).toBe(0);
    expect(await holdsOf(authorization, again.json().id)).toBe(8);
    expect(first.json()).toMatchObject({ firstDay: "2026-08-01", lastDay: "2026-10-31" });

    // A compare-mode export a month later: its own days ("Last 3 months" ending 30 Nov), kept beside.
    const later = await upload(authorization, queriesFile("alfianalim.csv"), { referenceDate: "2026-12-01" });
    expect(later.json()).toMatchObject({ firstDay: "2026-09-01", lastDay: "2026-11-30", imported: 5 });
    rows = (await stored(brandId)).searchQueries;
    expect(rows).toHaveLength(13);

    // Removing an import removes its queries with it.
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/brand/imports/${later.json().id}`,
      headers: { authorization },
    });
    expect(removed.statusCode).toBe(204);
    expect((await stored(brandId)).searchQueries).toHaveLength(8);
  });

  it("says in the preview what the queries become, and stores them on confirming", async () => {
    const { authorization, brandId } = await withBrand();
    const preview = await upload(authorization, queriesFile("jfaccioli.csv"), {
      preview: "true",
      referenceDate: "2026-11-01",
    });
    expect(preview.statusCode).toBe(201);
    expect(preview.json()).toMatchObject({ status: "pending", imported: 8, firstDay: "2026-08-01" });
    expect(preview.json().errors.map((e: { message: string }) => e.message)).toEqual([
      "8 Search Console queries stored as your brand's own searches (clicks, impressions, CTR and position; not " +
        "search volume) for 1 Aug 2026 to 31 Oct 2026, read as Search Console's default range, the last 3 months " +
        "ending the day before it was exported (the file does not say its dates). They replace earlier Search " +
        "Console exports of the same days.",
    ]);
    expect((await stored(brandId)).searchQueries).toEqual([]);
    const commit = await t.app.inject({
      method: "POST",
      url: `/api/brand/imports/${preview.json().id}/commit`,
      headers: { authorization },
    });
    expect(commit.statusCode).toBe(200);
    expect((await stored(brandId)).searchQueries).toHaveLength(8);
  });

  it("refuses a Search Console export for a competitor: the searches are the brand's own site's", async () => {
    const { authorization, workspaceId, brandId } = await withBrand();
    const competitor = await insertBrand({ workspaceId, name: "Rival" });
    await t.database.db
      .insert(brandCompetitors)
      .values({ workspaceId, brandId, competitorId: competitor.id });
    const response = await upload(authorization, queriesFile("omac049.csv"), { brandId: competitor.id });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(
      /^Google Search Console queries exports describe your own website's searches/,
    );
    expect((await stored(competitor.id)).searchQueries).toEqual([]);
  });
});
