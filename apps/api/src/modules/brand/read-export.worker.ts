import { parentPort, workerData } from "node:worker_threads";
import { lowerThreadPriority } from "../../lib/worker-thread";
import { type ReadExportInput, readExport } from "./read-export";

// Started by runInWorker (lib/worker-thread.ts) from imports.service.ts for a large export.
lowerThreadPriority();
parentPort?.postMessage(readExport(workerData as ReadExportInput));
