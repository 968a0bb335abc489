import { DAY_MS, HOUR_MS } from "../../lib/clock";

/** The kinds of raw data whose expected refresh cadence §6 names; each read says which one its figures rest on. */
export type DataCadence = "social" | "keywords" | "influencer_profiles";

/**
 * §6: stale once the data is older than twice its expected cadence. These are the doubled values: social data is
 * collected daily, keyword panels monthly, influencer profiles weekly. (§6's traffic rule, 45 days after the
 * month's end, has no read yet: the competitor read's provenance follows its social figures.)
 */
const STALE_AFTER_MS: Readonly<Record<DataCadence, number>> = {
  social: 48 * HOUR_MS,
  keywords: 60 * DAY_MS,
  influencer_profiles: 14 * DAY_MS,
};

/**
 * Whether figures built on data as of `dataAsOf` are stale at `now` (docs/analytics-methods.md §6). Unknown age is
 * not stale: a read without a data date has nothing to warn about.
 */
export function isStale(cadence: DataCadence, dataAsOf: Date | null, now: Date): boolean {
  if (dataAsOf === null || !Number.isFinite(dataAsOf.getTime())) return false;
  return now.getTime() - dataAsOf.getTime() > STALE_AFTER_MS[cadence];
}
