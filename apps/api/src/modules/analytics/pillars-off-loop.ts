import { isMainThread } from "node:worker_threads";
import { Semaphore } from "../../lib/semaphore";
import { KeptWorker } from "../../lib/worker-thread";
import { fitPillars } from "./content/fit-pillars";
import type { InsufficientPillars, PillarModel } from "./content/pillar-model";
import type { ContentBrand } from "./content/types";

/**
 * From this many posts the pillars are fitted in a worker thread (docs/analytics-methods.md §1.7 asks for one):
 * k-means on a 20,000-post sample takes about 2 s, which on the event loop would hold every request of the
 * server. Smaller brands fit in milliseconds, less than starting a worker.
 */
export const PILLARS_WORKER_FROM_POSTS = 2_000;
/** 200,000 posts fit in about 5 s (§1.7); a fit still running after this is stopped and the job retried. */
const FIT_TIMEOUT_MS = 5 * 60_000;
const FIT_HEAP_MB = 2048;

/** One fit at a time in the process: on two cores the other stays free for requests. Jobs wait their turn. */
const pillarFits = new Semaphore({
  slots: 1,
  queue: 64,
  maxWaitMs: 10 * 60_000,
  refuse: () => new Error("Too many pillar fits are waiting: the job will be retried"),
});

/** The fits' thread, kept while recomputes follow one another (a minute without one stops it). */
const fitter = new KeptWorker<FitInput, PillarModel | InsufficientPillars>(
  new URL("./content/fit-pillars.worker.ts", import.meta.url),
  { timeoutMs: FIT_TIMEOUT_MS, maxHeapMb: FIT_HEAP_MB, idleMs: 60_000 },
);

/** What the fit's thread is given: the posts' ids and texts, and the brand's names. */
export interface FitInput {
  posts: { id: string; text: string }[];
  brand: ContentBrand;
}

/** fitPillars, in a worker thread for a brand with many posts; only the posts' ids and texts are passed to it. */
export async function fitPillarsOffLoop(
  posts: readonly { id: string; text: string }[],
  brand: ContentBrand,
): Promise<PillarModel | InsufficientPillars> {
  // Inside a worker already (a large brand's whole recompute: compute-brand.worker.ts), the fit runs there.
  if (posts.length < PILLARS_WORKER_FROM_POSTS || !isMainThread) return fitPillars(posts, brand);
  const input: FitInput = {
    posts: posts.map((p) => ({ id: p.id, text: p.text })),
    brand: {
      id: brand.id,
      name: brand.name,
      country: brand.country ?? null,
      competitorNames: [...(brand.competitorNames ?? [])],
    },
  };
  return pillarFits.run(() => fitter.run(input));
}
