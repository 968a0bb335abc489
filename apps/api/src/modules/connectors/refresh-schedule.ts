import { createHash } from "node:crypto";
import { REFRESH_SOURCES_MINUTE } from "../../kernel/job-queue";

/**
 * The daily refresh (docs/data-sources.md "Every day"): each workspace's connectors are read once a day, at an
 * hour of its own derived from its id, so that a thousand workspaces spread over the day instead of calling the
 * platforms, and recomputing their figures, at midnight together. The hourly job runs at REFRESH_SOURCES_MINUTE.
 */
/** A connection not read for this long is read at the next hourly run whatever its hour (a missed run, a restart). */
export const OVERDUE_MS = 25 * 60 * 60 * 1000;

/** The UTC hour (0–23) a workspace's connectors are read at each day. */
export function refreshHourOf(workspaceId: string): number {
  return createHash("sha256").update(workspaceId).digest().readUInt32BE(0) % 24;
}

/** The next daily refresh of a workspace after `now`. */
export function nextRefreshAfter(workspaceId: string, now: Date): Date {
  const next = new Date(now);
  next.setUTCHours(refreshHourOf(workspaceId), REFRESH_SOURCES_MINUTE, 0, 0);
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

/** Whether the hourly run at `now` reads a connection last run at `lastRunAt`. */
export function isDue(workspaceId: string, lastRunAt: Date | null, now: Date): boolean {
  if (lastRunAt === null || now.getTime() - lastRunAt.getTime() >= OVERDUE_MS) return true;
  // Its hour, and not read within the hour already (a manual refresh just before).
  return (
    refreshHourOf(workspaceId) === now.getUTCHours() && now.getTime() - lastRunAt.getTime() >= 60 * 60 * 1000
  );
}
