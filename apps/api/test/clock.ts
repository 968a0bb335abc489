import type { Clock } from "../src/lib/clock";

/** A clock that stands still until a test moves it (starts at the real time, so real tokens stay valid). */
export class TestClock implements Clock {
  private current = new Date();

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
