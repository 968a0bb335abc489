import { HOUR_MS } from "../../lib/clock";
import { localTime, zonedInstant } from "../../lib/time-zone";
import { addDays } from "../analytics";

/**
 * When a member's weekly digest goes (docs/digest.md "Schedule"): at the start of the hour they chose, on the
 * weekday they chose, in their own time zone, so a daylight-saving change moves the UTC instant and not the local
 * hour. The hourly run (`send-digests`, at DIGEST_MINUTE past each hour) sends every digest whose slot passed at most
 * LATE_LIMIT_MS ago and that was not recorded yet: a run missed by a restart or an outage is made up by the next
 * one, and one hours later is no longer sent (a digest at 3 in the morning helps no one).
 */
export const LATE_LIMIT_MS = 6 * HOUR_MS;

export interface DigestSchedule {
  weekday: number;
  hour: number;
  timeZone: string;
}

/** The default for a member who never chose: on for the owner, Monday at 8. */
export const DEFAULT_SCHEDULE = { weekday: 1, hour: 8 } as const;

/** Monday of the local ISO week of `day`, the digest's week key. */
export function weekOf(day: string): string {
  const weekday = ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  return addDays(day, 1 - weekday);
}

/** The instant of the digest's slot in the local week starting on Monday `week`. */
export function slotOf(week: string, s: DigestSchedule): Date {
  return zonedInstant(addDays(week, s.weekday - 1), s.hour, s.timeZone);
}

/**
 * The week whose digest is due at `now` (its Monday, the idempotence key with the member and brand), or undefined.
 * This local week's slot and last week's are looked at, so a slot late on Sunday is still made up after midnight.
 */
export function dueWeek(now: Date, s: DigestSchedule): string | undefined {
  const thisWeek = weekOf(localTime(now, s.timeZone).day);
  for (const week of [thisWeek, addDays(thisWeek, -7)]) {
    const slot = slotOf(week, s).getTime();
    if (slot <= now.getTime() && now.getTime() - slot < LATE_LIMIT_MS) return week;
  }
  return undefined;
}
