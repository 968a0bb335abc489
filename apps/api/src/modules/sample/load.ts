import type pg from "pg";
import { DEFAULT_SEED, type GenerateOptions, generateSample, type SampleDataset } from "./generate";
import { findLoadedSample, type IntentOf, replaceSampleData, withSampleLock } from "./sample.repo";

/** Bump when the generator's output changes, so an existing database loads the new sample. */
export const SAMPLE_VERSION = 1;

export interface SampleLoadResult {
  loaded: boolean;
  durationMs: number;
  dataset: Pick<SampleDataset, "focusBrandId" | "counts">;
}

export interface LoadSampleOptions extends GenerateOptions {
  intentOf: IntentOf;
}

/**
 * Loads the deterministic sample data set once per database, in one transaction: a crash half-way leaves nothing,
 * and the next start loads it again. Instances starting together take turns (sample.repo.ts withSampleLock).
 */
export async function loadSampleData(pool: pg.Pool, options: LoadSampleOptions): Promise<SampleLoadResult> {
  const started = performance.now();
  const seed = options.seed ?? DEFAULT_SEED;
  return withSampleLock(pool, async (client) => {
    const loaded = await findLoadedSample(client, { seed, version: SAMPLE_VERSION });
    if (loaded) {
      return {
        loaded: false,
        durationMs: performance.now() - started,
        dataset: { focusBrandId: loaded.focus, counts: loaded.counts },
      };
    }
    const dataset = generateSample(options);
    const durationMs = await replaceSampleData(client, {
      dataset,
      intentOf: options.intentOf,
      seed,
      version: SAMPLE_VERSION,
      started,
    });
    return { loaded: true, durationMs, dataset };
  });
}
