interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

/**
 * Runs at most `slots` tasks at a time; up to `queue` more wait their turn, each for at most `maxWaitMs`. Past
 * that, `run` rejects at once with `refuse()`: under a flood, callers hear "busy" in milliseconds instead of
 * queueing without end, each holding its request (and its upload) in memory while it waits.
 */
export class Semaphore {
  #running = 0;
  readonly #waiting: Waiter[] = [];

  constructor(private readonly o: { slots: number; queue: number; maxWaitMs: number; refuse: () => Error }) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.#acquire();
    try {
      return await task();
    } finally {
      this.#release();
    }
  }

  /** Tasks running now and tasks waiting for a slot. */
  get load(): { running: number; waiting: number } {
    return { running: this.#running, waiting: this.#waiting.length };
  }

  #acquire(): Promise<void> {
    if (this.#running < this.o.slots) {
      this.#running += 1;
      return Promise.resolve();
    }
    if (this.#waiting.length >= this.o.queue) return Promise.reject(this.o.refuse());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
          reject(this.o.refuse());
        }, this.o.maxWaitMs),
      };
      // A waiting task never keeps the process alive on its own (shutdown).
      waiter.timer.unref();
      this.#waiting.push(waiter);
    });
  }

  #release(): void {
    const next = this.#waiting.shift();
    // The slot passes straight to the next waiter, so `running` stays as it is.
    if (next) next.start();
    else this.#running -= 1;
  }
}
