import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { getPriority, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KeptWorker, runInWorker, WORKER_NICE, WorkerLimitError } from "./worker-thread";

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

describe("KeptWorker", () => {
  const lib = pathToFileURL(join(import.meta.dirname, "worker-thread.ts")).href;
  const served = (name: string, body: string) =>
    script(name, `import { serveTasks } from "${lib}";\nconst started = Date.now();\n${body}`);

  it("answers task after task from one thread, and starts a new one after an error of the thread", async () => {
    // Each answer names when its thread started: the same thread answers until a task kills it.
    const tasks = await served(
      "tasks.ts",
      "serveTasks((n: number) => { if (n < 0) process.exit(3); if (n === 0) throw new Error('zero'); " +
        "return { twice: n * 2, started }; });",
    );
    const kept = new KeptWorker<number, { twice: number; started: number }>(tasks, {
      ...limits,
      idleMs: 5_000,
    });
    try {
      const first = await kept.run(1);
      const second = await kept.run(2);
      expect([first.twice, second.twice]).toEqual([2, 4]);
      expect(second.started).toBe(first.started);
      // A task's error is the caller's; the thread serves the next one.
      await expect(kept.run(0)).rejects.toThrow("zero");
      expect((await kept.run(3)).started).toBe(first.started);
      await expect(kept.run(-1)).rejects.toThrow("exited (3)");
      const after = await kept.run(4);
      expect(after.twice).toBe(8);
      expect(after.started).toBeGreaterThan(first.started);
    } finally {
      await kept.close();
    }
  });

  it("stops a task that runs past its time, and serves the next in a new thread", async () => {
    const slow = await served("slow.ts", "serveTasks((n: number) => { if (n > 1) for (;;) {} return n; });");
    const kept = new KeptWorker<number, number>(slow, { ...limits, timeoutMs: 2_000, idleMs: 5_000 });
    try {
      await expect(kept.run(2)).rejects.toEqual(new WorkerLimitError("timeout"));
      expect(await kept.run(1)).toBe(1);
    } finally {
      await kept.close();
    }
  });
});
