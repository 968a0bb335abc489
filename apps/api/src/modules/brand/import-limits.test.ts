import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, expect, it } from "vitest";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { uploadExport } from "../../../test/multipart";
import { recordedJobs } from "../../../test/recorded-jobs";
import { seedSignedInUser } from "../../../test/users";
import { jwtKey } from "../../config/keys";
import { brands, imports, workspaceBrands } from "../../db/schema";
import { planLimits } from "../billing/plan-limits";
import { checkPendingRoom, IMPORT_LIMITS } from "./import-limits";

// What one workspace may upload (import-limits.ts): uploads an hour, previews waiting, rows its plan keeps.
const FIXTURES = join(import.meta.dirname, "../../../../../../shared/fixtures/imports");
const youtubeExport = {
  name: "youtube-content.csv",
  data: readFileSync(join(FIXTURES, "youtube-content.csv")),
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ deps: { jobs: recordedJobs().jobs } });
  return () => t.close();
});

/** A signed-in owner (Starter) whose workspace has its own brand. */
async function owner() {
  const user = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  const [brand] = await t.database.db
    .insert(brands)
    .values({
      workspaceId: user.workspaceId,
      name: "Hollow Oak",
      website: "https://hollowoak.example/",
      country: "GB",
      status: "active",
    })
    .returning();
  if (!brand) throw new Error("no brand");
  await t.database.db.insert(workspaceBrands).values({ workspaceId: user.workspaceId, brandId: brand.id });
  return { ...user, brandId: brand.id };
}

async function upload(authorization: string, file: { name: string; data: Buffer }, preview = false) {
  return uploadExport(t.app, authorization, file, preview ? { preview: "true" } : {});
}

it("counts every upload of the hour, refused files too, and answers 429 with Retry-After past 60", async () => {
  const { authorization } = await owner();
  const notAnExport = { name: "notes.csv", data: Buffer.from("Name,Colour\nOak,brown\n") };
  for (let i = 0; i < IMPORT_LIMITS.uploads.max; i++) {
    expect((await upload(authorization, notAnExport)).statusCode).toBe(422);
  }
  const refused = await upload(authorization, youtubeExport);
  expect(refused.statusCode).toBe(429);
  expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  expect(refused.json<{ message: string }>().message).toMatch(
    /^Your workspace uploaded 60 files in the last hour\. You can upload more in \d+ minutes?\.$/,
  );

  // Another workspace uploads as before.
  expect((await upload((await owner()).authorization, youtubeExport)).statusCode).toBe(201);
});

it("keeps at most 20 previews waiting, and takes one again once one is discarded", async () => {
  const { authorization } = await owner();
  const waiting: string[] = [];
  for (let i = 0; i < IMPORT_LIMITS.pendingImports; i++) {
    const preview = await upload(authorization, youtubeExport, true);
    expect(preview.statusCode).toBe(201);
    waiting.push(preview.json<{ id: string }>().id);
  }
  const refused = await upload(authorization, youtubeExport, true);
  expect(refused.statusCode).toBe(409);
  expect(refused.json()).toMatchObject({ code: "TOO_MANY_PENDING" });
  expect(refused.json<{ message: string }>().message).toMatch(
    /^20 uploaded files are waiting to be imported or discarded \(\d+ MB; at most 20 files or 200 MB wait at a time\)/,
  );
  // An import without a preview is not kept waiting: it goes through.
  expect((await upload(authorization, youtubeExport)).statusCode).toBe(201);

  const discarded = await t.app.inject({
    method: "DELETE",
    url: `/api/brand/imports/${waiting[0]}`,
    headers: { authorization },
  });
  expect(discarded.statusCode).toBe(204);
  expect((await upload(authorization, youtubeExport, true)).statusCode).toBe(201);
});

it("refuses a preview whose file would take the waiting previews past 200 MB", async () => {
  const { workspaceId } = await owner();
  const ctx = { db: t.database.db } as Parameters<typeof checkPendingRoom>[0];
  await expect(checkPendingRoom(ctx, { workspaceId, bytes: 150 * 1024 * 1024 })).resolves.toBeUndefined();
  await expect(checkPendingRoom(ctx, { workspaceId, bytes: 201 * 1024 * 1024 })).rejects.toMatchObject({
    statusCode: 409,
    code: "TOO_MANY_PENDING",
  });
});

it("refuses with 402 an import, or its preview, that would take the workspace past its plan's rows", {
  timeout: 120_000,
}, async () => {
  const { authorization, workspaceId, brandId } = await owner();
  const limit = planLimits.starter.importedRows;
  // An earlier import that keeps all but three of Starter's rows.
  const [earlier] = await t.database.db
    .insert(imports)
    .values({
      workspaceId,
      brandId,
      fileName: "Follower history.csv",
      format: "tiktok-follower-history",
      status: "completed",
      rows: limit - 3,
      imported: limit - 3,
      errors: [],
    })
    .returning();
  if (!earlier) throw new Error("no import");
  // Its rows, written as quickly as PostgreSQL can: without the change listener's triggers (session_replication_role),
  // which only matter to the read model this test does not read.
  const client = await t.database.pool.connect();
  try {
    await client.query("begin");
    await client.query("set local session_replication_role = replica");
    // Follower days, the narrowest rows an import stores: six networks, a day each back from 2026.
    await client.query(
      `insert into follower_snapshots (brand_id, platform, day, followers, source, import_id)
       select $1, (array['facebook','instagram','youtube','tiktok','linkedin','twitter'])[1 + i % 6],
              date '2026-11-30' - (i / 6), 1000, 'csv_import', $2
       from generate_series(0, $3::int - 1) as i`,
      [brandId, earlier.id, limit - 3],
    );
    await client.query("commit");
  } finally {
    client.release();
  }

  for (const preview of [false, true]) {
    const refused = await upload(authorization, youtubeExport, preview);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: "PLAN_LIMIT" });
    expect(refused.json<{ message: string }>().message).toMatch(
      /^Your Starter plan keeps up to 250,000 imported rows; your imports keep 249,997 and this file adds \d+\. Remove older imports on Data sources, or upgrade to keep more\.$/,
    );
  }

  // Removing the earlier import frees its rows.
  const removed = await t.app.inject({
    method: "DELETE",
    url: `/api/brand/imports/${earlier.id}`,
    headers: { authorization },
  });
  expect(removed.statusCode).toBe(204);
  expect((await upload(authorization, youtubeExport)).statusCode).toBe(201);
});
