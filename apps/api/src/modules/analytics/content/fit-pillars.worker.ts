import { parentPort, workerData } from "node:worker_threads";
import { lowerThreadPriority } from "../../../lib/worker-thread";
import { fitPillars } from "./fit-pillars";

// Started by runInWorker (lib/worker-thread.ts) from pillars-off-loop.ts for a brand with many posts.
lowerThreadPriority();
const input = workerData as {
  posts: Parameters<typeof fitPillars>[0];
  brand: Parameters<typeof fitPillars>[1];
};
parentPort?.postMessage(fitPillars(input.posts, input.brand));
