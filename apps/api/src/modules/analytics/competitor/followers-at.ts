import { daysBetween } from "../periods";

export interface DaySnapshot {
  /** UTC day, YYYY-MM-DD: followers at the end of that day. */
  day: string;
  followers: number;
  /** The count's rounding step when its source rounds it (YouTube: three significant figures); absent when exact. */
  roundedTo?: number | null;
}

/** A snapshot older than this no longer stands for the followers on the post's day (§1.2). */
const MAX_AGE_DAYS = 7;
/** Snapshots further apart than this are too far to interpolate between (§1.2). */
const MAX_GAP_DAYS = 14;

/**
 * `F(t_p)` of §1.2: the latest snapshot at or before `day` when at most 7 days old, else the linear
 * interpolation between the snapshots around it when they are at most 14 days apart, else null.
 * `snapshots` must be sorted by day, oldest first.
 */
export function followersOnDay(snapshots: readonly DaySnapshot[], day: string): number | null {
  let before: DaySnapshot | undefined;
  let after: DaySnapshot | undefined;
  for (const s of snapshots) {
    if (s.day <= day) before = s;
    else {
      after = s;
      break;
    }
  }
  if (before && daysBetween(before.day, day) <= MAX_AGE_DAYS) return before.followers;
  if (!before || !after) return null;
  const gap = daysBetween(before.day, after.day);
  if (gap > MAX_GAP_DAYS) return null;
  const t = daysBetween(before.day, day) / gap;
  return before.followers + t * (after.followers - before.followers);
}

/** Followers at the end of a window: the latest snapshot at or before `day`, at most `maxAgeDays` old. */
export function latestSnapshot(
  snapshots: readonly DaySnapshot[],
  day: string,
  maxAgeDays: number,
): DaySnapshot | null {
  let latest: DaySnapshot | undefined;
  for (const s of snapshots) if (s.day <= day && (!latest || s.day > latest.day)) latest = s;
  return latest && daysBetween(latest.day, day) <= maxAgeDays ? latest : null;
}

/** The count of latestSnapshot. */
export function latestFollowers(
  snapshots: readonly DaySnapshot[],
  day: string,
  maxAgeDays: number,
): number | null {
  return latestSnapshot(snapshots, day, maxAgeDays)?.followers ?? null;
}

/**
 * Followers gained (negative: lost) from one snapshot to a later one; null when either is missing. A rounded count
 * (YouTube's, rounded down to three significant figures) moves in steps: 18,399 → 18,400 subscribers reads as
 * 18,300 → 18,400. A change of one step or less may be that one subscriber: no measurable change, null, never a
 * step of rounding noise. Only a change that exceeds the larger rounding step of the two counts is shown.
 */
export function followerGrowth(start: DaySnapshot | null, end: DaySnapshot | null): number | null {
  if (!start || !end) return null;
  const delta = end.followers - start.followers;
  const step = Math.max(start.roundedTo ?? 1, end.roundedTo ?? 1);
  return step <= 1 || Math.abs(delta) > step ? delta : null;
}
