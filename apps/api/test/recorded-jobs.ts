import pino from "pino";
import { createWorkerDeps } from "../src/jobs/worker-deps";
import type { JobKind, JobPayloads, JobQueue, JobUrgency } from "../src/kernel/job-queue";
import { computeBrandJob } from "../src/modules/analytics/compute-brand.job";
import { computeRangeJob } from "../src/modules/analytics/compute-range.job";
import type { TestApp } from "./app";

/** A job queue that records what the app queues and runs nothing: the real queue (pg-boss) is tested on its own. */
export function recordedJobs() {
  const queued: { kind: JobKind; data: JobPayloads[JobKind]; urgency?: JobUrgency }[] = [];
  const jobs: JobQueue = {
    enqueue: async (kind, data, o) => {
      queued.push({ kind, data, ...(o?.urgency ? { urgency: o.urgency } : {}) });
    },
    work: async () => {},
    stop: async () => {},
  };
  /** The brands whose figures were queued for a recompute, in order. */
  const recomputed = () =>
    queued.flatMap((job) =>
      job.kind === "compute-brand" && "brandId" in job.data ? [job.data.brandId] : [],
    );
  return { jobs, queued, recomputed };
}

/**
 * Runs the figure jobs a recorded queue holds (compute-brand, compute-range), as a worker would, and takes them off
 * it: a module read answers 202 "being computed" until they have run (modules/analytics/module-context.ts).
 */
export async function runFigureJobs(
  t: Pick<TestApp, "database" | "config" | "clock"> & Partial<Pick<TestApp, "settle">>,
  recorded: { jobs: JobQueue; queued: { kind: JobKind; data: JobPayloads[JobKind] }[] },
): Promise<void> {
  const deps = createWorkerDeps({
    db: t.database.db,
    config: t.config,
    log: pino({ level: "silent" }),
    clock: t.clock,
    jobs: recorded.jobs,
  });
  const figureJobs = recorded.queued.filter(
    (job) => job.kind === "compute-brand" || job.kind === "compute-range",
  );
  for (let i = recorded.queued.length - 1; i >= 0; i--) {
    const job = recorded.queued[i];
    if (job?.kind === "compute-brand" || job?.kind === "compute-range") recorded.queued.splice(i, 1);
  }
  // A brand queued by several writes and reads is computed once, as the queue keeps one waiting per brand.
  const distinct = new Map(figureJobs.map((job) => [`${job.kind}:${JSON.stringify(job.data)}`, job]));
  for (const job of distinct.values()) {
    if (job.kind === "compute-brand") await computeBrandJob(deps, job.data as JobPayloads["compute-brand"]);
    else await computeRangeJob(deps, job.data as JobPayloads["compute-range"]);
  }
  // What the jobs stored is heard before the next read, even one sent at once.
  await t.settle?.();
}

/**
 * A module read as a marketer meets it once the figures' jobs have run: read, and on 202 run the jobs it queued
 * (runFigureJobs) and read again.
 */
export async function readAfterFigureJobs<R extends { statusCode: number }>(
  t: Pick<TestApp, "database" | "config" | "clock"> & Partial<Pick<TestApp, "settle">>,
  recorded: { jobs: JobQueue; queued: { kind: JobKind; data: JobPayloads[JobKind] }[] },
  read: () => Promise<R>,
): Promise<R> {
  const first = await read();
  if (first.statusCode !== 202) return first;
  await runFigureJobs(t, recorded);
  return read();
}
