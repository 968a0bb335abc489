import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { components } from "@brandscope/api-client/schema";
import { beforeAll, expect, it } from "vitest";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { expectContractResponse } from "../../../test/contract-response";
import { seedSignedInUser } from "../../../test/users";
import { jwtKey } from "../../config/keys";
import { COLLECTION_FAILED_REASON } from "./collect.job";

type Schemas = components["schemas"];

let t: TestApp;
let site: Server;
let siteUrl: string;

beforeAll(async () => {
  site = createServer((_request, response) => {
    response
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end("<!doctype html><title>Hollow Oak</title>");
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const { port } = site.address() as AddressInfo;
  siteUrl = `http://127.0.0.1:${port}/`;
  t = await buildTestApp({
    // Retries a second apart, so the test sees them run out.
    jobs: { retryDelaySeconds: 1 },
    env: { WEBSITE_FETCH_ALLOW_PRIVATE: "127.0.0.1", WEBSITE_FETCH_ALLOW_PORTS: String(port) },
  });
  return async () => {
    await t.close();
    await new Promise((resolve) => site.close(resolve));
  };
});

/** The own brand Hollow Oak, whose website is the local one. */
const connectOwnBrand = (authorization: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/brand",
    headers: { authorization },
    payload: {
      websiteUrl: siteUrl,
      country: "GB",
      brandName: "Hollow Oak",
      socialLinks: [{ socialPlatform: "instagram", socialLink: "https://instagram.com/hollowoak" }],
    },
  });

async function brandOf(authorization: string): Promise<Schemas["Brand"] | null> {
  const response = await t.app.inject({ method: "GET", url: "/api/brand", headers: { authorization } });
  expectContractResponse("getBrand", response);
  return response.json<Schemas["BrandResponse"]>().brand;
}

it("ends a collection that fails on every try for a reason of ours in error, not 'in progress' for ever", async () => {
  // The website answers, but storing what was collected fails: a database error on each of the 4 tries.
  await t.database.pool.query(`
    create function refuse_active_brand() returns trigger language plpgsql as $$
    begin
      if new.status = 'active' then raise exception 'the disk is full'; end if;
      return new;
    end $$;
    create trigger refuse_active_brand before update on brands
      for each row execute function refuse_active_brand();`);
  const { authorization } = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), {
    now: t.clock.now(),
  });
  const created = await connectOwnBrand(authorization);
  expect(created.statusCode, created.body).toBe(201);

  const deadline = Date.now() + 60_000;
  let brand = await brandOf(authorization);
  while (brand?.status !== "error" && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    brand = await brandOf(authorization);
  }
  expect(brand).toMatchObject({ status: "error", statusReason: COLLECTION_FAILED_REASON });
  const tries = await t.database.pool.query<{ retry_count: number }>(
    `select retry_count from pgboss.job where name = 'collect-brand'
     union all select retry_count from pgboss.archive where name = 'collect-brand'`,
  );
  expect(tries.rows.map((row) => row.retry_count)).toEqual([3]);
}, 90_000);

/**
 * Changes pg-boss's job table while the app's worker polls it: a trigger on the partitioned table locks every
 * partition, so PostgreSQL may pick this statement as a deadlock victim (seen in CI); it is then simply run again.
 */
async function alterJobTable(sql: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await t.database.pool.query(sql);
      return;
    } catch (error) {
      const deadlocked = (error as { code?: string }).code === "40P01";
      if (!deadlocked || attempt === 5) throw error;
    }
  }
}

it("connects no brand whose collection could not be queued: both are stored together or neither", async () => {
  await alterJobTable(`
    create function refuse_collection_job() returns trigger language plpgsql as $$
    begin
      if new.name = 'collect-brand' then raise exception 'the job table is full'; end if;
      return new;
    end $$;
    create trigger refuse_collection_job before insert on pgboss.job
      for each row execute function refuse_collection_job();`);
  try {
    const { authorization } = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), {
      now: t.clock.now(),
    });
    const created = await connectOwnBrand(authorization);
    expect(created.statusCode).toBe(500);
    expect(await brandOf(authorization)).toBeNull();
  } finally {
    await alterJobTable(
      "drop trigger refuse_collection_job on pgboss.job; drop function refuse_collection_job()",
    );
  }
});
