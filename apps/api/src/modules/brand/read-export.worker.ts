import { parentPort, workerData } from "node:worker_threads";
import { type ReadExportInput, readExport } from "./read-export";

// Started by runInWorker (lib/worker-thread.ts) from imports.service.ts for a large export.
parentPort?.postMessage(readExport(workerData as ReadExportInput));
