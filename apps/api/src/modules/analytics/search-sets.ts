import { type DayWindow, daysBetween } from "./periods";

/*
 * Which stored set of a brand's Search Console queries a period reads: "Your searches" (searches.service.ts) and the
 * keywords of its posts (content/keyword-searches.ts) choose alike.
 */

const lengthOf = (w: DayWindow) => daysBetween(w.from, w.to) + 1;

/**
 * How well a stored set fits the period asked for: the days both cover over the days either covers (0 when they
 * do not meet). A set's figures are totals over its own days and cannot be cut to the period, so the closest set is
 * shown with its days, never several added up.
 */
export function fitOf(set: DayWindow, window: DayWindow): number {
  // ISO days compare as text.
  const from = set.from.localeCompare(window.from) > 0 ? set.from : window.from;
  const to = set.to.localeCompare(window.to) < 0 ? set.to : window.to;
  if (from > to) return 0;
  const both = lengthOf({ from, to });
  return both / (lengthOf(set) + lengthOf(window) - both);
}

/** The set shown for `window`: the best fit, then the newest; undefined when none meets the window. */
export function chooseSet<S extends DayWindow>(sets: readonly S[], window: DayWindow): S | undefined {
  let best: { set: S; fit: number } | undefined;
  for (const set of sets) {
    const fit = fitOf(set, window);
    if (fit === 0) continue;
    if (!best || fit > best.fit || (fit === best.fit && set.to > best.set.to)) best = { set, fit };
  }
  return best?.set;
}
