import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { getPriority, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runInWorker, WORKER_NICE, WorkerLimitError } from "./worker-thread";

let folder: string;
const script = async (name: string, source: string) => {
  const path = join(folder, name);
  await writeFile(path, `import { parentPort, workerData } from "node:worker_threads";\n${source}`);
  return pathToFileURL(path);
};

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "brandscope-worker-"));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const limits = { transfer: [], timeoutMs: 5_000, maxHeapMb: 64 };

describe("runInWorker", () => {
  it("answers with the worker's message; a transferred buffer moves without a copy", async () => {
    const sum = await script(
      "sum.ts",
      "parentPort.postMessage(workerData.bytes.reduce((a: number, b: number) => a + b, 0));",
    );
    const bytes = new Uint8Array([1, 2, 3, 4]);
    expect(await runInWorker<number>(sum, { bytes }, { ...limits, transfer: [bytes.buffer] })).toBe(10);
    expect(bytes.byteLength).toBe(0);
  });

  it("stops a worker that runs past its time", async () => {
    const forever = await script("forever.mjs", "for (;;) {}");
    const started = performance.now();
    await expect(runInWorker(forever, {}, { ...limits, timeoutMs: 300 })).rejects.toEqual(
      new WorkerLimitError("timeout"),
    );
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it("stops a worker that fills its heap, and says so", async () => {
    const hungry = await script(
      "hungry.mjs",
      "const kept = []; for (;;) kept.push(new Array(1e5).fill(kept.length));",
    );
    await expect(runInWorker(hungry, {}, limits)).rejects.toMatchObject({ reason: "memory" });
  });

  it("lowers a worker thread's priority below the event loop's (Linux)", async () => {
    const lib = pathToFileURL(join(import.meta.dirname, "worker-thread.ts")).href;
    const nice = await script(
      "nice.mjs",
      `import { getPriority } from "node:os";\nimport { lowerThreadPriority } from "${lib}";\n` +
        "parentPort.postMessage(getPriority(lowerThreadPriority()));",
    );
    const before = getPriority();
    expect(await runInWorker<number>(nice, {}, limits)).toBe(WORKER_NICE);
    // Only the worker's thread: this (main) thread keeps its priority.
    expect(getPriority()).toBe(before);
  });

  it("passes on an error the worker throws", async () => {
    const broken = await script("broken.mjs", 'throw new Error("broken on purpose");');
    await expect(runInWorker(broken, {}, limits)).rejects.toThrow("broken on purpose");
  });
});
