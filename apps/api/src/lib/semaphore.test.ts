import { describe, expect, it } from "vitest";
import { Semaphore } from "./semaphore";

const busy = () => new Error("busy");

/** A task that runs until `finish()` is called. */
function held() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { task: () => done, finish: () => finish() };
}

describe("Semaphore", () => {
  it("runs at most `slots` tasks, starts waiters in order and refuses past the queue at once", async () => {
    const semaphore = new Semaphore({ slots: 1, queue: 2, maxWaitMs: 10_000, refuse: busy });
    const order: string[] = [];
    const first = held();
    const running = semaphore.run(first.task);
    const waiting = ["a", "b"].map((name) => semaphore.run(async () => void order.push(name)));
    expect(semaphore.load).toEqual({ running: 1, waiting: 2 });
    await expect(semaphore.run(async () => "never")).rejects.toThrow("busy");
    expect(order).toEqual([]);
    first.finish();
    await Promise.all([running, ...waiting]);
    expect(order).toEqual(["a", "b"]);
    expect(semaphore.load).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses a waiter after maxWaitMs and frees the slot of a task that failed", async () => {
    const semaphore = new Semaphore({ slots: 1, queue: 1, maxWaitMs: 50, refuse: busy });
    const first = held();
    const running = semaphore.run(first.task);
    await expect(semaphore.run(async () => "late")).rejects.toThrow("busy");
    expect(semaphore.load).toEqual({ running: 1, waiting: 0 });
    first.finish();
    await running;
    await expect(
      semaphore.run(async () => {
        throw new Error("task failed");
      }),
    ).rejects.toThrow("task failed");
    expect(await semaphore.run(async () => "next")).toBe("next");
  });
});
