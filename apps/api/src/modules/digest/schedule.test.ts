import { describe, expect, it } from "vitest";
import { isTimeZone, zonedInstant } from "../../lib/time-zone";
import { dueWeek, LATE_LIMIT_MS, slotOf, weekOf } from "./schedule";

const at = (iso: string) => new Date(iso);

describe("the weekly digest's schedule", () => {
  it("knows IANA zones and refuses anything else", () => {
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("America/Argentina/Buenos_Aires")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("+02:00")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });

  it("sends at the member's own hour: Monday 8 in Paris is 07:00 UTC in winter, Friday 17 in New York 22:00 UTC", () => {
    const paris = { weekday: 1, hour: 8, timeZone: "Europe/Paris" };
    expect(weekOf("2026-12-06")).toBe("2026-11-30");
    expect(slotOf("2026-11-30", paris).toISOString()).toBe("2026-11-30T07:00:00.000Z");
    expect(dueWeek(at("2026-11-30T06:05:00Z"), paris)).toBeUndefined();
    expect(dueWeek(at("2026-11-30T07:05:00Z"), paris)).toBe("2026-11-30");
    const newYork = { weekday: 5, hour: 17, timeZone: "America/New_York" };
    expect(dueWeek(at("2026-12-04T21:05:00Z"), newYork)).toBeUndefined();
    expect(dueWeek(at("2026-12-04T22:05:00Z"), newYork)).toBe("2026-11-30");
    // Tokyo's Monday 8 is still Sunday in UTC.
    expect(dueWeek(at("2026-11-29T23:05:00Z"), { weekday: 1, hour: 8, timeZone: "Asia/Tokyo" })).toBe(
      "2026-11-30",
    );
  });

  it("keeps the local hour across a daylight-saving change, and a skipped hour goes at the change", () => {
    const london = { weekday: 1, hour: 8, timeZone: "Europe/London" };
    // Clocks go forward on Sunday 28 March 2027: Monday 8 is 08:00 UTC before, 07:00 UTC after.
    expect(slotOf("2027-03-22", london).toISOString()).toBe("2027-03-22T08:00:00.000Z");
    expect(slotOf("2027-03-29", london).toISOString()).toBe("2027-03-29T07:00:00.000Z");
    expect(dueWeek(at("2027-03-29T07:05:00Z"), london)).toBe("2027-03-29");
    expect(dueWeek(at("2027-03-22T07:05:00Z"), london)).toBeUndefined();
    // 01:00 does not exist that night: the digest goes when the clock jumps, 01:00 UTC (02:00 BST).
    expect(zonedInstant("2027-03-28", 1, "Europe/London").toISOString()).toBe("2027-03-28T01:00:00.000Z");
    // 01:00 happens twice on 25 October 2026: the first one counts (BST, 00:00 UTC).
    expect(zonedInstant("2026-10-25", 1, "Europe/London").toISOString()).toBe("2026-10-25T00:00:00.000Z");
    // Autumn in New York: Monday 9 is 13:00 UTC before 1 November 2026 and 14:00 UTC after.
    const newYork = { weekday: 1, hour: 9, timeZone: "America/New_York" };
    expect(slotOf("2026-10-26", newYork).toISOString()).toBe("2026-10-26T13:00:00.000Z");
    expect(slotOf("2026-11-02", newYork).toISOString()).toBe("2026-11-02T14:00:00.000Z");
  });

  it("makes up a missed run for a few hours, across midnight, and no later", () => {
    const sunday = { weekday: 7, hour: 23, timeZone: "UTC" };
    expect(dueWeek(at("2026-12-07T01:05:00Z"), sunday)).toBe("2026-11-30");
    const slot = slotOf("2026-11-30", sunday).getTime();
    expect(dueWeek(new Date(slot + LATE_LIMIT_MS - 1), sunday)).toBe("2026-11-30");
    expect(dueWeek(new Date(slot + LATE_LIMIT_MS), sunday)).toBeUndefined();
  });
});
