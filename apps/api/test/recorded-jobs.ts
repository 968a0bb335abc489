import type { JobKind, JobPayloads, JobQueue } from "../src/kernel/job-queue";

/** A job queue that records what the app queues and runs nothing: the real queue (pg-boss) is tested on its own. */
export function recordedJobs() {
  const queued: { kind: JobKind; data: JobPayloads[JobKind] }[] = [];
  const jobs: JobQueue = {
    enqueue: async (kind, data) => {
      queued.push({ kind, data });
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
