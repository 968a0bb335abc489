import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { components } from "@brandscope/api-client/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, jobsDone, type TestApp } from "../../../test/app";
import { contractSender, ownBrandWorkspace, type Send, uploadAndCompute } from "../../../test/workspaces";
import { audienceSegments } from "../../db/schema";
import { loadContract } from "../../http/contract";

type Schemas = components["schemas"];

// A GA4 audience exploration imported for a real brand, with the real job queue: the compute job turns its segments
// into personas, removing the import takes them away, and a competitor cannot receive it.
const FIXTURE = readFileSync(
  join(import.meta.dirname, "../../../test/fixtures/ga4/audience-exploration.csv"),
);

let t: TestApp;
let send: Send;
beforeAll(async () => {
  t = await buildTestApp({ env: { SAMPLE_DATA: "off" }, jobs: { retryDelaySeconds: 1 } });
  send = contractSender(t, await loadContract());
});
afterAll(async () => {
  await t?.close();
});

/** A workspace with its own brand (Lumora) and one competitor (Brewhaus). */
const workspace = () => ownBrandWorkspace(t);

/** Uploads a GA4 export, then waits for the figures job it queued. */
const upload = (authorization: string, data: Buffer, fields: Record<string, string> = {}) =>
  uploadAndCompute(t, send, authorization, { name: "ga4-audience.csv", data }, fields);

const call = (operation: string, authorization: string, params: Record<string, string> = {}) =>
  send(operation, authorization, {
    params,
    query: operation === "listPersonas" ? { limit: "100" } : undefined,
  });

const personas = async (authorization: string) =>
  (await call("listPersonas", authorization)).json<Schemas["PersonaList"]>();

const segmentsOf = (brandId: string) =>
  t.database.db.select().from(audienceSegments).where(eq(audienceSegments.brandId, brandId));

describe("GA4 audience import", () => {
  it("gives the own brand personas from the file's demographics, unchanged by the same file, gone with the import", async () => {
    const w = await workspace();
    expect((await personas(w.authorization)).results).toEqual([]);

    const created = await upload(w.authorization, FIXTURE);
    expect(created.statusCode).toBe(201);
    const imported = created.json<Schemas["Import"]>();
    expect(imported).toMatchObject({
      format: "ga4-audience",
      status: "completed",
      rows: 40,
      imported: 15,
      firstDay: "2026-08-01",
      lastDay: "2026-10-31",
      holds: { posts: 0, followerDays: 0, keywords: 0, audienceSegments: 15, creators: 0 },
    });
    expect(imported.errors.map((e) => e.message)).toEqual([
      expect.stringMatching(/^2 rows not stored: .*Pet Lovers, Media & Entertainment\/Movie Lovers\.$/),
    ]);

    const list = await personas(w.authorization);
    expect(list.total).toBeGreaterThanOrEqual(3);
    expect(list.state).toBeUndefined();
    expect(list.provenance).toMatchObject({ source: "csv_import", sourceName: "ga4-audience" });
    // Demographics from the file: its ages, genders and countries, and no platform invented for any persona.
    for (const p of list.results) {
      expect(p.ageMin).toBeGreaterThanOrEqual(18);
      expect(["US", "GB", "DE", "FR", null]).toContain(p.country);
      expect(p.platforms).toEqual([]);
      expect(p.engagementRate).toBeNull();
    }
    expect(new Set(list.results.map((p) => p.gender)).size).toBeGreaterThan(1);
    const first = list.results[0];
    const details = (await call("getPersona", w.authorization, { id: first?.id ?? "" })).json<
      Schemas["PersonaDetails"]
    >();
    expect(details.platformSplit.every((s) => s.share === 0)).toBe(true);
    expect(details.activity).toEqual([]);
    expect(details.provenance).toMatchObject({ source: "csv_import", sourceName: "ga4-audience" });

    // The same file again: the same segments, still the first import's, and the same personas.
    const before = await segmentsOf(w.own.id);
    const again = await upload(w.authorization, FIXTURE);
    expect(again.statusCode).toBe(201);
    expect(again.json<Schemas["Import"]>().holds.audienceSegments).toBe(0);
    expect(await segmentsOf(w.own.id)).toEqual(before);
    expect((await personas(w.authorization)).results).toEqual(list.results);
    expect((await call("deleteImport", w.authorization, { id: again.json().id })).statusCode).toBe(204);
    await jobsDone(t);
    expect((await personas(w.authorization)).results).toEqual(list.results);

    const removed = await call("deleteImport", w.authorization, { id: imported.id });
    expect(removed.statusCode).toBe(204);
    await jobsDone(t);
    expect(await segmentsOf(w.own.id)).toEqual([]);
    const emptied = await personas(w.authorization);
    expect(emptied.results).toEqual([]);
    expect(emptied.provenance).toBeUndefined();
  });

  it("replaces the brand's earlier audience import, and says how few segments a small one has", async () => {
    const w = await workspace();
    const first = await upload(w.authorization, FIXTURE);
    // Only the German women's rows: one segment.
    const small = FIXTURE.toString("utf8")
      .split("\n")
      .filter((line) => !/^(unknown|\d\d[-+]|\d\d-\d\d),/.test(line) || line.includes("female,Germany"))
      .join("\n");
    const second = await upload(w.authorization, Buffer.from(small));
    expect(second.statusCode).toBe(201);
    expect(second.json<Schemas["Import"]>().errors.map((e) => e.message)).toContain(
      'Replaces the 15 audience segments of the earlier audience import "ga4-audience.csv": a brand\'s ' +
        "audience is its latest audience export.",
    );
    const imports = (await call("listImports", w.authorization)).json<Schemas["Import"][]>();
    expect(imports.find((i) => i.id === first.json().id)?.holds.audienceSegments).toBe(0);
    expect(await segmentsOf(w.own.id)).toHaveLength(1);
    const list = await personas(w.authorization);
    expect(list.results).toEqual([]);
    expect(list.state).toEqual({
      status: "insufficient_history",
      reason: "needs 5 audience segments with interests, has 1",
      n: 1,
    });
  });

  it("is refused for a competitor: an audience export describes the brand's own website", async () => {
    const w = await workspace();
    const refused = await upload(w.authorization, FIXTURE, { brandId: w.rival.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/can only be imported for your brand/);
    expect(await segmentsOf(w.rival.id)).toEqual([]);
    const preview = await upload(w.authorization, FIXTURE, { brandId: w.rival.id, preview: "true" });
    expect(preview.statusCode).toBe(422);
  });
});
