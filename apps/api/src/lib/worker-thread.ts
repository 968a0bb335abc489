import { readlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { setPriority } from "node:os";
import { pathToFileURL } from "node:url";
import { parentPort, Worker } from "node:worker_threads";

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

/** What a kept worker answers each task with (serveTasks). */
type TaskAnswer<Output> = { output: Output } | { error: string };

/**
 * The worker side of a KeptWorker: answers every task message with `run`'s output, or with the message of what it
 * threw (the thread lives on for the next task).
 */
export function serveTasks<Input, Output>(run: (input: Input) => Output | Promise<Output>): void {
  if (!parentPort) throw new Error("serveTasks runs in a worker thread");
  const port = parentPort;
  port.on("message", async (input: Input) => {
    let answer: TaskAnswer<Output>;
    try {
      answer = { output: await run(input) };
    } catch (error) {
      answer = { error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(answer);
  });
}

/**
 * A worker thread kept between tasks of one kind, run one at a time (the caller queues them): a new thread starts
 * with cold code, and a pillar fit of 2,000 posts took 400–800 ms in a new one against about 150 ms once its code
 * was compiled (the daily recompute fits one after another: docs/scale.md). A task past its time, or a worker out
 * of memory, stops the thread (the next task starts a new one), as runInWorker does; an idle thread stops after
 * `idleMs` and never keeps the process alive. `script` calls serveTasks.
 */
export class KeptWorker<Input, Output> {
  #worker: Worker | undefined;
  #idle: NodeJS.Timeout | undefined;

  constructor(
    private readonly script: URL,
    private readonly o: { timeoutMs: number; maxHeapMb: number; idleMs: number },
  ) {}

  run(input: Input): Promise<Output> {
    clearTimeout(this.#idle);
    const worker = this.#worker ?? this.#start();
    worker.ref();
    return new Promise<Output>((resolve, reject) => {
      const settle = (outcome: () => void, stop: boolean) => {
        clearTimeout(timer);
        worker.off("message", answered);
        worker.off("error", failed);
        worker.off("exit", exited);
        if (stop) this.#stop(worker);
        else this.#rest(worker);
        outcome();
      };
      const answered = (answer: TaskAnswer<Output>) =>
        settle(() => ("output" in answer ? resolve(answer.output) : reject(new Error(answer.error))), false);
      const failed = (error: Error & { code?: string }) =>
        settle(
          () => reject(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? new WorkerLimitError("memory") : error),
          true,
        );
      const exited = (code: number) =>
        settle(() => reject(new Error(`The worker thread exited (${code}) without an answer`)), true);
      const timer = setTimeout(
        () => settle(() => reject(new WorkerLimitError("timeout")), true),
        this.o.timeoutMs,
      );
      worker.on("message", answered);
      worker.once("error", failed);
      worker.once("exit", exited);
      worker.postMessage(input);
    });
  }

  /** Stops the thread now (a server's shutdown, a test's end). */
  async close(): Promise<void> {
    clearTimeout(this.#idle);
    const worker = this.#worker;
    this.#worker = undefined;
    await worker?.terminate();
  }

  #start(): Worker {
    const worker = new Worker(this.script, {
      execArgv: ["--import", TSX_LOADER],
      resourceLimits: { maxOldGenerationSizeMb: this.o.maxHeapMb },
    });
    // Between tasks nobody listens: a thread that fails or ends then is only forgotten.
    worker.on("error", () => undefined);
    worker.once("exit", () => {
      if (this.#worker === worker) this.#worker = undefined;
    });
    this.#worker = worker;
    return worker;
  }

  #rest(worker: Worker): void {
    worker.unref();
    this.#idle = setTimeout(() => this.#stop(worker), this.o.idleMs);
    this.#idle.unref();
  }

  #stop(worker: Worker): void {
    if (this.#worker === worker) this.#worker = undefined;
    void worker.terminate();
  }
}
