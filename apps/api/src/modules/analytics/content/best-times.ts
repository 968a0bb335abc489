import { addDays, daysBetween, toDay } from "../periods";
import { median } from "../statistics";
import { type FollowerIndex, headlineRate } from "./engagement";
import type { ContentPost, Schemas, SocialNetwork } from "./types";
import { windowRange } from "./window";

export type BestTime = Schemas["ContentAnalytics"]["audit"]["bestTimes"][number];

const HISTORY_DAYS = 16 * 7;
const BLOCK_HOURS = 3;
/** Shrinkage weight: a cell needs about this many posts before its own median outweighs the overall one. */
const SHRINK_M = 5;
const MIN_CELL_POSTS = 5;
const MIN_POSTS = 30;
const MIN_SPAN_DAYS = 28;
const SHOWN = 3;

interface Cell {
  weekday: number;
  block: number;
  values: number[];
}

/**
 * §1.6 best posting times over the 16 weeks up to `to`, in UTC weekday × 3-hour cells. The output has no platform,
 * so each post's rate is divided by its platform's median first: a cell then means "better than usual", and
 * TikTok's view rates cannot swamp Instagram's follower rates. Empty when the history is too thin.
 */
export function bestTimes(posts: readonly ContentPost[], to: string, followers: FollowerIndex): BestTime[] {
  const from = addDays(to, -(HISTORY_DAYS - 1));
  const perPlatform = new Map<SocialNetwork, { post: ContentPost; rate: number }[]>();
  const { start, end } = windowRange({ from, to });
  for (const post of posts) {
    const time = post.postedAt.getTime();
    if (time < start || time >= end) continue;
    const rate = headlineRate(post, followers);
    if (rate === null) continue;
    const list = perPlatform.get(post.platform) ?? [];
    list.push({ post, rate });
    perPlatform.set(post.platform, list);
  }
  const scored: { post: ContentPost; value: number }[] = [];
  for (const list of perPlatform.values()) {
    const typical = median(list.map((r) => r.rate));
    if (typical === null || typical === 0) continue;
    for (const r of list) scored.push({ post: r.post, value: r.rate / typical });
  }
  if (scored.length < MIN_POSTS) return [];
  const times = scored.map((s) => s.post.postedAt.getTime());
  const first = toDay(new Date(Math.min(...times)));
  const last = toDay(new Date(Math.max(...times)));
  if (daysBetween(first, last) + 1 < MIN_SPAN_DAYS) return [];

  const cells = new Map<number, Cell>();
  for (const { post, value } of scored) {
    const weekday = post.postedAt.getUTCDay() || 7;
    const block = Math.floor(post.postedAt.getUTCHours() / BLOCK_HOURS);
    const key = weekday * 10 + block;
    const cell = cells.get(key) ?? { weekday, block, values: [] };
    cell.values.push(value);
    cells.set(key, cell);
  }
  const overall = median(scored.map((s) => s.value)) as number;
  return [...cells.values()]
    .filter((cell) => cell.values.length >= MIN_CELL_POSTS)
    .map((cell) => {
      const n = cell.values.length;
      const score = (n * (median(cell.values) as number) + SHRINK_M * overall) / (n + SHRINK_M);
      return { cell, n, score };
    })
    .sort((a, b) => b.score - a.score || a.cell.weekday - b.cell.weekday || a.cell.block - b.cell.block)
    .slice(0, SHOWN)
    .map(({ cell, n }) => ({
      weekday: cell.weekday,
      hourFrom: cell.block * BLOCK_HOURS,
      hourTo: (cell.block + 1) * BLOCK_HOURS,
      n,
    }));
}
