import { describe, expect, it } from "vitest";
import { isDue, nextRefreshAfter, OVERDUE_MS, refreshHourOf } from "./refresh-schedule";

const HOUR = 60 * 60 * 1000;
const ids = Array.from({ length: 240 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);

describe("the daily refresh's schedule", () => {
  it("gives each workspace an hour of its own, spread over the day", () => {
    const perHour = new Array<number>(24).fill(0);
    for (const id of ids) perHour[refreshHourOf(id)] = (perHour[refreshHourOf(id)] ?? 0) + 1;
    // 240 workspaces: every hour gets some, none gets a third of them.
    expect(perHour.every((n) => n > 0)).toBe(true);
    expect(Math.max(...perHour)).toBeLessThan(80);
    expect(refreshHourOf(ids[0] ?? "")).toBe(refreshHourOf(ids[0] ?? ""));
  });

  it("names the next run: today at the workspace's hour, else tomorrow", () => {
    const id = ids[7] ?? "";
    const hour = refreshHourOf(id);
    const before = new Date(Date.UTC(2026, 10, 26, hour, 0));
    expect(nextRefreshAfter(id, before).toISOString()).toBe(
      new Date(Date.UTC(2026, 10, 26, hour, 17)).toISOString(),
    );
    const after = new Date(Date.UTC(2026, 10, 26, hour, 30));
    expect(nextRefreshAfter(id, after).toISOString()).toBe(
      new Date(Date.UTC(2026, 10, 27, hour, 17)).toISOString(),
    );
  });

  it("reads a connection at its hour once, a never-read or overdue one at once", () => {
    const id = ids[3] ?? "";
    const atItsHour = new Date(Date.UTC(2026, 10, 26, refreshHourOf(id), 17));
    const otherHour = new Date(atItsHour.getTime() + 5 * HOUR);
    expect(isDue(id, null, otherHour)).toBe(true);
    expect(isDue(id, new Date(atItsHour.getTime() - 23 * HOUR), atItsHour)).toBe(true);
    // Read by hand ten minutes before its hour: not again.
    expect(isDue(id, new Date(atItsHour.getTime() - 10 * 60 * 1000), atItsHour)).toBe(false);
    expect(isDue(id, new Date(otherHour.getTime() - 2 * HOUR), otherHour)).toBe(false);
    expect(isDue(id, new Date(otherHour.getTime() - OVERDUE_MS), otherHour)).toBe(true);
  });
});
