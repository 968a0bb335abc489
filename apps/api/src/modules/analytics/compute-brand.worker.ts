import { parentPort, workerData } from "node:worker_threads";
import pino from "pino";
import { connectDatabase } from "../../db/client";
import { lowerThreadPriority } from "../../lib/worker-thread";
import { recomputeBrand } from "./compute-brand.job";

// Started by runInWorker (lib/worker-thread.ts) from compute-brand.job.ts for a brand with many posts: the whole
// recompute, reads and writes included, on a connection of its own, so the server's event loop only waits for it.
lowerThreadPriority();
const input = workerData as { brandId: string; databaseUrl: string; now: string };
const database = connectDatabase(input.databaseUrl, pino({ level: "silent" }));
const now = new Date(input.now);
try {
  parentPort?.postMessage(
    await recomputeBrand({ db: database.db, clock: { now: () => new Date(now) } }, input.brandId),
  );
} finally {
  await database.close();
}
