import type { components } from "@brandscope/api-client/schema";
import { beforeAll, expect, it } from "vitest";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { expectContractResponse } from "../../../test/contract-response";
import { readAfterFigureJobs, recordedJobs } from "../../../test/recorded-jobs";
import { seedSignedInUser, seedTeam } from "../../../test/users";
import { jwtKey } from "../../config/keys";
import { MINUTE_MS } from "../../lib/clock";
import { signIdToken } from "../auth/id-token";
import { REFRESH_LIMIT } from "./refresh";

type Schemas = components["schemas"];

// The recompute itself is compute-brand's job, tested on its own.
const { jobs, queued, recomputed } = recordedJobs();

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ deps: { jobs } });
  return () => t.close();
});

async function call(method: "GET" | "POST", url: string, authorization: string, payload?: object) {
  const response = await t.app.inject({ method, url: `/api${url}`, headers: { authorization }, payload });
  return response;
}

it("queues a recompute of the workspace's own brands only, answers at once, and limits how often", async () => {
  const owner = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  const created = await call("POST", "/brand", owner.authorization, {
    websiteUrl: "https://hollow-oak.example/",
    country: "GB",
    brandName: "Hollow Oak",
    socialLinks: [{ socialPlatform: "instagram", socialLink: "https://instagram.com/hollowoak" }],
  });
  expect(created.statusCode).toBe(201);
  const competitor = await call("POST", "/brand/competitor", owner.authorization, {
    websiteUrl: "https://birch-lane.example/",
    brandName: "Birch Lane",
  });
  expect(competitor.statusCode).toBe(201);
  const ownIds = [created.json<Schemas["Brand"]>().id, competitor.json<Schemas["Brand"]>().id].sort();
  // Their first figures, computed by the jobs the first read queued (it answered 202 "being computed").
  await readAfterFigureJobs(t, { jobs, queued }, () => call("GET", "/competitor", owner.authorization));

  queued.length = 0;
  const stored = await call("GET", "/competitor", owner.authorization);
  expectContractResponse("getCompetitorAnalytics", stored);
  const refreshed = await call("GET", "/competitor?refresh=true", owner.authorization);
  expectContractResponse("getCompetitorAnalytics", refreshed);
  const body = refreshed.json<Schemas["CompetitorAnalytics"]>();
  expect(body.refresh).toMatchObject({ status: "queued" });
  // The figures stored now, nothing computed in the request.
  expect(body.common.provenance.computedAt).toBe(stored.json().common.provenance.computedAt);
  expect(recomputed().sort()).toEqual(ownIds);

  for (let i = 1; i < REFRESH_LIMIT.max; i++) {
    expect((await call("GET", "/competitor?refresh=true", owner.authorization)).statusCode).toBe(200);
  }
  const limited = await call("GET", "/competitor?refresh=true", owner.authorization);
  expectContractResponse("getCompetitorAnalytics", limited);
  expect(limited.statusCode).toBe(429);
  expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  expect(limited.json().message).toMatch(/^These figures were refreshed a moment ago/);
  // Reading without refreshing is never limited.
  expect((await call("GET", "/competitor", owner.authorization)).statusCode).toBe(200);
  t.clock.advance(REFRESH_LIMIT.windowMs + MINUTE_MS);
  const later = `Bearer ${await signIdToken(owner, jwtKey(TEST_JWT_SECRET), t.clock.now())}`;
  expect((await call("GET", "/competitor?refresh=true", later)).statusCode).toBe(200);
});

it("is an admin's: a member reads the figures but is refused a refresh", async () => {
  const team = await seedTeam(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  const created = await call("POST", "/brand", team.owner.authorization, {
    websiteUrl: "https://fern-row.example/",
    country: "GB",
    brandName: "Fern Row",
    socialLinks: [{ socialPlatform: "instagram", socialLink: "https://instagram.com/fernrow" }],
  });
  expect(created.statusCode).toBe(201);
  await readAfterFigureJobs(t, { jobs, queued }, () => call("GET", "/competitor", team.owner.authorization));
  queued.length = 0;
  expect((await call("GET", "/competitor", team.member.authorization)).statusCode).toBe(200);
  const refused = await call("GET", "/competitor?refresh=true", team.member.authorization);
  expectContractResponse("getCompetitorAnalytics", refused);
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toMatchObject({
    code: "ADMIN_ONLY",
    message: expect.stringMatching(/^Only the owner or an admin/),
  });
  expect(recomputed()).toEqual([]);
  expect((await call("GET", "/competitor?refresh=true", team.admin.authorization)).statusCode).toBe(200);
  expect(recomputed()).toEqual([created.json<Schemas["Brand"]>().id]);
});
