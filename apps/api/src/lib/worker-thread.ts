import { readlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { setPriority } from "node:os";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

/**
 * The TypeScript loader the server runs under (`node --import tsx`), named explicitly: a worker started from a
 * test runner would not inherit it, and the worker's own script is TypeScript too.
 */
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

export class WorkerLimitError extends Error {
  constructor(readonly reason: "timeout" | "memory") {
    super(reason === "timeout" ? "The worker thread took too long" : "The worker thread ran out of memory");
    this.name = "WorkerLimitError";
  }
}

/**
 * Runs one task in a worker thread of its own, started for it and stopped after: `script` reads `workerData` and
 * posts one message back. The input's `transfer` buffers move to the worker without a copy (they are unusable
 * here afterwards). The worker's heap is capped and its time bounded: past either it is stopped and the promise
 * rejects with WorkerLimitError.
 */
export function runInWorker<Output>(
  script: URL,
  input: unknown,
  o: { transfer: ArrayBuffer[]; timeoutMs: number; maxHeapMb: number },
): Promise<Output> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, {
      workerData: input,
      transferList: o.transfer,
      execArgv: ["--import", TSX_LOADER],
      resourceLimits: { maxOldGenerationSizeMb: o.maxHeapMb },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new WorkerLimitError("timeout"))), o.timeoutMs);
    worker.once("message", (output: Output) => settle(() => resolve(output)));
    worker.once("error", (error: Error & { code?: string }) =>
      settle(() =>
        reject(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? new WorkerLimitError("memory") : error),
      ),
    );
    worker.once("exit", (code) =>
      settle(() => reject(new Error(`The worker thread exited (${code}) without an answer`))),
    );
  });
}

/** The nice value of worker threads: below the event loop, which answers requests, above nothing else. */
export const WORKER_NICE = 10;

/**
 * Lowers the calling worker thread's CPU priority (Linux: setpriority on its thread id, read from
 * /proc/thread-self), so on a busy machine the event loop's requests get the cores first and background work
 * (an export read, a pillar fit) takes what is left. Elsewhere, or where not allowed, it runs at normal priority.
 * Returns the thread id it lowered, if any.
 */
export function lowerThreadPriority(): number | undefined {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").at(-1));
    if (!Number.isInteger(tid)) return undefined;
    setPriority(tid, WORKER_NICE);
    return tid;
  } catch {
    return undefined;
  }
}
