/**
 * IANA time zones with the runtime's own database (Intl), so no zone list is kept here: a name Intl cannot resolve
 * is refused, and local days and hours follow its daylight-saving rules.
 */

/** Whether `name` is a time zone the runtime knows (`Europe/Paris`, `UTC`); offsets and abbreviations are not. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export interface LocalTime {
  /** `YYYY-MM-DD` of the local calendar. */
  day: string;
  /** ISO weekday, 1 = Monday. */
  weekday: number;
  hour: number;
  minute: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formats.set(timeZone, format);
  }
  return format;
}

function wallClock(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatOf(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The local day, weekday and hour of `instant` in `timeZone`. */
export function localTime(instant: Date, timeZone: string): LocalTime {
  const w = wallClock(instant, timeZone);
  const day = `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
  const weekday = ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  return { day, weekday, hour: w.hour, minute: w.minute };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant the local wall clock of `timeZone` reads `day` at `hour`:00. An hour skipped by a daylight-saving
 * change (02:00 on a spring-forward night) is the first instant after the gap; an hour lived twice (autumn) is its
 * first occurrence.
 */
export function zonedInstant(day: string, hour: number, timeZone: string): Date {
  const wall = Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10), hour);
  // The offset an hour before and after the wall time: equal except around a change.
  const before = offsetAt(new Date(wall - 12 * 3_600_000), timeZone);
  const after = offsetAt(new Date(wall + 12 * 3_600_000), timeZone);
  const first = wall - before;
  if (before === after) return new Date(first);
  // Around a change: the earlier reading (the offset before it) if the wall time exists then.
  if (localTime(new Date(first), timeZone).hour === hour) return new Date(first);
  const second = wall - after;
  if (localTime(new Date(second), timeZone).hour === hour) return new Date(second);
  // In a spring-forward gap: the change itself, where the clock jumps past the hour.
  return new Date(wall - before);
}
