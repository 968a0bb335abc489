import type { AppConfig } from "../../config/env";
import type { Queryable } from "../../db/client";
import { type ConnectionRow, operatorKeyUse } from "./connections.repo";
import { quotaDayOf, unitsSpentToday } from "./youtube-quota";

/** What a YouTube connection may spend on the quota day, and what it has spent. */
export interface YoutubeAllowance {
  /** Units a day: the connection's cap with the workspace's own key, the workspace's share of the operator's. */
  dailyQuota: number;
  /** Units spent today: the connection's with its own key, all the workspace's brands' with the operator's. */
  usedToday: number;
  /** With the operator's key: its daily quota and the workspaces it is split between. */
  share: { keyQuota: number; workspaces: number } | null;
}

/**
 * A connection's YouTube allowance of the day. Google counts the quota per key's project
 * (developers.google.com/youtube/v3/determine_quota_cost), so the operator's key, which every workspace without its
 * own uses, is split evenly between those workspaces, each capped at its share (and at YOUTUBE_DAILY_QUOTA): no
 * workspace can spend the others'. A workspace's own key is its own project's, capped per connection.
 */
export async function youtubeAllowance(
  db: Queryable,
  config: Pick<AppConfig, "youtube">,
  connection: Pick<ConnectionRow, "workspaceId" | "sealedCredential" | "quotaDay" | "quotaUsed">,
  now: Date,
): Promise<YoutubeAllowance> {
  const { dailyQuota, operatorKeyQuota } = config.youtube;
  if (connection.sealedCredential) {
    return { dailyQuota, usedToday: unitsSpentToday(connection, now), share: null };
  }
  const use = await operatorKeyUse(db, { workspaceId: connection.workspaceId, quotaDay: quotaDayOf(now) });
  return {
    dailyQuota: Math.min(dailyQuota, Math.floor(operatorKeyQuota / use.workspaces)),
    usedToday: use.spent,
    share: { keyQuota: operatorKeyQuota, workspaces: use.workspaces },
  };
}

/** The sentence of a spent allowance, with when reading resumes. */
export const allowanceSpentReason = (allowance: YoutubeAllowance, resumesAt: string) =>
  allowance.share
    ? `This workspace's share of Brandscope's YouTube key is used up (${allowance.dailyQuota} of its ${allowance.share.keyQuota} units a day, split between ${allowance.share.workspaces} workspaces): reading resumes at ${resumesAt}.`
    : `Brandscope's daily YouTube allowance of ${allowance.dailyQuota} units is used up: reading resumes at ${resumesAt}.`;
