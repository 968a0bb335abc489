import type { components } from "@brandscope/api-client/schema";
import { type ContentPost, type FollowerPoint, headlineRate, indexFollowers, isMature } from "../content";
import type { DayWindow } from "../periods";
import { hasKnownEngagement } from "./engagement";
import { PLATFORM_ORDER } from "./platform-figures";

type Platform = components["schemas"]["SocialNetwork"];

/** The posts a company keeps per platform as possible breakouts: the most it can show there. */
const CANDIDATES = 5;
const TEXT_LIMIT = 140;
/** ln ER kept to 4 decimals: 0.01 % of the rate, far below what moves a z-score, and a third of the bytes. */
const X_DECIMALS = 1e4;

export interface BreakoutCandidate {
  id: string;
  url: string;
  publishedAt: string;
  text: string;
  format: string;
  engagementRate: number;
  /** ln ER. */
  x: number;
}

export interface PlatformBreakoutInputs {
  platform: Platform;
  /** ln ER of every mature post with ER > 0 on the platform in the window, ascending. */
  xs: number[];
  /** The highest x of the company, highest first. */
  candidates: BreakoutCandidate[];
  /** Mature posts of the window left out because their engagement is unknown (§0); absent when none. */
  unknown?: number;
}

export interface BreakoutInputs {
  window: DayWindow;
  platforms: PlatformBreakoutInputs[];
}

function truncate(text: string): string {
  const chars = Array.from(text);
  return chars.length <= TEXT_LIMIT ? text : `${chars.slice(0, TEXT_LIMIT - 1).join("")}…`;
}

/**
 * What one company contributes to the landscape's breakout test (§1.5), computed by the job so a read combines
 * short lists of numbers and never scans posts: x = ln ER of its mature posts (ER > 0) in the period's window, per
 * platform, and its best few posts as candidates. ER is the platform's headline rate (§1.2).
 */
export function breakoutInputs(
  posts: readonly ContentPost[],
  followers: readonly FollowerPoint[],
  window: DayWindow,
  now: Date,
): BreakoutInputs {
  const start = new Date(`${window.from}T00:00:00.000Z`).getTime();
  const end = new Date(`${window.to}T00:00:00.000Z`).getTime() + 86_400_000;
  const index = indexFollowers(followers);
  const byPlatform = new Map<Platform, { post: ContentPost; rate: number; x: number }[]>();
  const unknown = new Map<Platform, number>();
  for (const post of posts) {
    const time = post.postedAt.getTime();
    if (time < start || time >= end || !isMature(post, now)) continue;
    if (!hasKnownEngagement(post)) {
      unknown.set(post.platform, (unknown.get(post.platform) ?? 0) + 1);
      continue;
    }
    const rate = headlineRate(post, index);
    if (rate === null || rate <= 0) continue;
    const list = byPlatform.get(post.platform) ?? [];
    list.push({ post, rate, x: Math.round(Math.log(rate) * X_DECIMALS) / X_DECIMALS });
    byPlatform.set(post.platform, list);
  }
  const platforms = PLATFORM_ORDER.flatMap((platform) => {
    const rated = byPlatform.get(platform) ?? [];
    const leftOut = unknown.get(platform);
    if (rated.length === 0 && !leftOut) return [];
    const best = [...rated]
      .sort((a, b) => b.x - a.x || (a.post.id < b.post.id ? -1 : a.post.id > b.post.id ? 1 : 0))
      .slice(0, CANDIDATES);
    return [
      {
        platform,
        xs: rated.map((r) => r.x).sort((a, b) => a - b),
        candidates: best.map(({ post, rate, x }) => ({
          id: post.id,
          url: post.url,
          publishedAt: post.postedAt.toISOString(),
          text: truncate(post.text),
          format: post.format,
          engagementRate: rate,
          x,
        })),
        ...(leftOut ? { unknown: leftOut } : {}),
      },
    ];
  });
  return { window, platforms };
}
