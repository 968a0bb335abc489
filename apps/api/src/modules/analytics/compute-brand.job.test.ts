import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../../../test/config";
import { createTestDatabase, type TestDatabase } from "../../../test/database";
import { SAMPLE_NOW } from "../../../test/sample-template";
import { connectDatabase, type Database } from "../../db/client";
import { createWorkerDeps } from "../../jobs/worker-deps";
import type { JobQueue } from "../../kernel/job-queue";
import { createStorage } from "../../kernel/storage";
import { findSampleCatalogue } from "../brand/brand.repo";
import type { ComputedPeriod } from "./brand-figures";
import { computeBrandJob } from "./compute-brand.job";
import type { PillarModel } from "./content/pillar-model";
import { findFigure } from "./figures.repo";

let own: TestDatabase;
let database: Database;

const noJobs: JobQueue = {
  enqueue: () => Promise.reject(new Error("No job queue in this test")),
  work: () => Promise.reject(new Error("No job queue in this test")),
  stop: () => Promise.resolve(),
};

beforeAll(async () => {
  own = await createTestDatabase();
  database = connectDatabase(own.url, pino({ level: "silent" }));
  return async () => {
    await database.pool.end();
    await own.drop();
  };
});
afterAll(() => undefined);

describe("the compute-brand job", () => {
  it("keeps the names and colours of the pillars a refit finds again", async () => {
    const brandId = (await findSampleCatalogue(database.db))?.focusBrandId ?? "";
    const stored = await findFigure<PillarModel>(database.db, {
      brandId,
      module: "pillars",
      periodKey: "all",
    });
    if (!stored) throw new Error("The sample brand has no pillar model");
    expect(stored.payload.pillars.length).toBeGreaterThanOrEqual(2);
    // As a user would have seen them after an earlier fit: other names, colours in another order.
    // "Other" holds what no pillar took: it has no terms to be recognised by, so it is left as it is.
    const renamed = stored.payload.pillars.map((p, i) =>
      p.id === "other" ? p : { ...p, label: `Earlier name ${i + 1}`, color: `var(--chart-${8 - i})` },
    );
    await database.pool.query(
      `update figures set payload = jsonb_set(payload, '{pillars}', $2::jsonb)
       where brand_id = $1 and module = 'pillars' and period_key = 'all'`,
      [brandId, JSON.stringify(renamed)],
    );
    const config = testConfig();
    await computeBrandJob(
      createWorkerDeps({
        db: database.db,
        config,
        log: pino({ level: "silent" }),
        clock: { now: () => SAMPLE_NOW },
        storage: createStorage(config, database.db),
        jobs: noJobs,
      }),
      { brandId },
    );
    const refit = await findFigure<PillarModel>(database.db, {
      brandId,
      module: "pillars",
      periodKey: "all",
    });
    const identity = (pillars: readonly { id: string; label: string; color: string }[]) =>
      pillars.filter((p) => p.id !== "other").map(({ id, label, color }) => ({ id, label, color }));
    expect(identity(refit?.payload.pillars ?? [])).toEqual(identity(renamed));
    // The periods' figures are computed with the kept pillars.
    const content = await findFigure<ComputedPeriod>(database.db, {
      brandId,
      module: "content",
      periodKey: "30d",
    });
    const shown = content?.payload.content.architecture.pillars.map((p) => p.label) ?? [];
    expect(shown.length).toBeGreaterThan(0);
    for (const label of shown) expect(label).toMatch(/^(Earlier name \d|Other)$/);
  });

  it("computes the same figures in a worker thread, on a connection of its own, as on the event loop", async () => {
    const brandId = (await findSampleCatalogue(database.db))?.focusBrandId ?? "";
    const deps = createWorkerDeps({
      db: database.db,
      config: testConfig(),
      log: pino({ level: "silent" }),
      clock: { now: () => SAMPLE_NOW },
      storage: createStorage(testConfig(), database.db),
      jobs: noJobs,
    });
    const stored = async () =>
      (
        await database.pool.query<{ key: string; payload: unknown; computed_at: Date }>(
          `select module || '/' || period_key as key, payload, computed_at from figures
           where brand_id = $1 order by module, period_key`,
          [brandId],
        )
      ).rows;
    await computeBrandJob(deps, { brandId }, { workerFromPosts: Number.POSITIVE_INFINITY });
    const inline = await stored();
    // The job replaces every figure (the pillars keep the inline run's names), a minute later.
    const later = new Date(SAMPLE_NOW.getTime() + 60_000);
    await computeBrandJob({ ...deps, clock: { now: () => later } }, { brandId }, { workerFromPosts: 1 });
    const offLoop = await stored();
    expect(offLoop.map((r) => r.computed_at)).toEqual(offLoop.map(() => later));
    expect(offLoop.map(({ key, payload }) => ({ key, payload }))).toEqual(
      inline.map(({ key, payload }) => ({ key, payload })),
    );
    expect(inline.length).toBeGreaterThan(4);
  }, 120_000);
});
