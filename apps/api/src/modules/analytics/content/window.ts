import { type DayWindow, daysBetween, dayToDate, toDay } from "../periods";
import type { ContentPost } from "./types";

/** A post belongs to the UTC day of its timestamp. */
export const postDayOf = (post: ContentPost) => toDay(post.postedAt);

const DAY_MS = 86_400_000;

/** A window as a half-open millisecond range: comparing numbers is far cheaper than formatting each post's day. */
export function windowRange(window: DayWindow): { start: number; end: number } {
  return { start: dayToDate(window.from).getTime(), end: dayToDate(window.to).getTime() + DAY_MS };
}

export function postsInWindow(posts: readonly ContentPost[], window: DayWindow): ContentPost[] {
  const { start, end } = windowRange(window);
  return posts.filter((post) => {
    const time = post.postedAt.getTime();
    return time >= start && time < end;
  });
}

export const windowDays = (window: DayWindow) => daysBetween(window.from, window.to) + 1;

/** Output order must not depend on input order: by time, then id. */
export const byTimeThenId = (a: ContentPost, b: ContentPost) =>
  a.postedAt.getTime() - b.postedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
