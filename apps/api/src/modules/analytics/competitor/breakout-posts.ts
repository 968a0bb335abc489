import type { components } from "@brandscope/api-client/schema";
import type { DayWindow } from "../periods";
import { median } from "../statistics";
import type { BreakoutInputs, BreakoutCandidate as Candidate } from "./breakout-inputs";
import { PLATFORM_ORDER } from "./platform-figures";

type Schemas = components["schemas"];
type Platform = Schemas["SocialNetwork"];

/** Iglewicz–Hoaglin: a modified z-score from 3.5 marks an outlier. */
const BREAKOUT_FROM = 3.5;
/** Makes the MAD of a normal distribution comparable to its standard deviation. */
const CONSISTENCY = 0.6745;
/** §6: the test needs this many landscape posts on the platform. */
const MIN_POSTS = 30;
const LIST_SIZE = 10;

export interface BreakoutCompany {
  id: string;
  /** The days the company's figures cover. */
  window: DayWindow;
  /** undefined: the company has no such inputs; it is left out. */
  inputs: BreakoutInputs | undefined;
}

/**
 * Breakout posts of a landscape (docs/analytics-methods.md §1.5, after Rival IQ, made robust): per platform,
 * x = ln ER of every company's mature posts in the period of the focus brand (the first company), and a post breaks
 * out when z = 0.6745·(x − median x)/MAD ≥ 3.5. A company whose inputs cover other days is left out, so the
 * landscape shares its days. Pure: from the companies' stored inputs.
 */
export function breakoutPosts(companies: readonly BreakoutCompany[]): Schemas["BreakoutPosts"] {
  const [focus] = companies;
  const window = focus ? focus.window : { from: "", to: "" };
  const included = companies.filter(
    (c) => c.inputs?.window.from === window.from && c.inputs.window.to === window.to,
  );
  const platforms = new Map<
    Platform,
    { xs: number[]; candidates: { companyId: string; post: Candidate }[]; unknown: number }
  >();
  for (const company of included) {
    for (const entry of company.inputs?.platforms ?? []) {
      const pool = platforms.get(entry.platform) ?? { xs: [], candidates: [], unknown: 0 };
      pool.xs.push(...entry.xs);
      pool.unknown += entry.unknown ?? 0;
      for (const post of entry.candidates) pool.candidates.push({ companyId: company.id, post });
      platforms.set(entry.platform, pool);
    }
  }
  const states: Schemas["BreakoutPosts"]["platforms"] = [];
  const items: Schemas["BreakoutPost"][] = [];
  for (const platform of PLATFORM_ORDER) {
    const pool = platforms.get(platform);
    if (!pool) continue;
    const n = pool.xs.length;
    // Posts of unknown engagement have no rate: said per platform, never judged as low (§0).
    const leftOut = pool.unknown > 0 ? { unknownEngagement: pool.unknown } : {};
    if (n < MIN_POSTS) {
      states.push({
        platform,
        ...leftOut,
        status: "insufficient_history",
        reason:
          `Breakouts need ${MIN_POSTS} posts from you and your competitors in the period; there are ${n}` +
          (pool.unknown > 0
            ? `, and ${pool.unknown} more whose likes or comments are not known (not in the imported file)`
            : "") +
          ". Choose a longer period or import more posts.",
        n,
      });
      continue;
    }
    const centre = median(pool.xs) as number;
    const mad = median(pool.xs.map((x) => Math.abs(x - centre))) as number;
    if (mad === 0) {
      states.push({
        platform,
        ...leftOut,
        status: "insufficient_history",
        reason: "Over half of the posts share one engagement rate, so none stands out.",
        n,
      });
      continue;
    }
    states.push({ platform, ...leftOut, status: "ok", n });
    for (const { companyId, post } of pool.candidates) {
      const { x, ...rest } = post;
      const z = (CONSISTENCY * (x - centre)) / mad;
      if (z >= BREAKOUT_FROM) items.push({ ...rest, companyId, platform, z });
    }
  }
  items.sort((a, b) => b.z - a.z || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const judged = states.filter((s) => s.status === "ok");
  const unknown = states.reduce((sum, s) => sum + (s.unknownEngagement ?? 0), 0);
  const base = {
    window,
    items: items.slice(0, LIST_SIZE),
    platforms: states,
    ...(unknown > 0 ? { unknownEngagement: unknown } : {}),
  };
  if (states.length === 0) {
    return {
      ...base,
      status: "no_data",
      reason:
        "No posts with an engagement rate in this period. Choose another period, or import posts on Data sources.",
      n: 0,
    };
  }
  if (judged.length === 0) {
    return {
      ...base,
      status: "insufficient_history",
      reason: `Breakouts need ${MIN_POSTS} posts with varied engagement rates on one platform. Choose a longer period or import more posts.`,
      n: states.reduce((sum, s) => sum + (s.n ?? 0), 0),
    };
  }
  return { ...base, status: "ok", n: judged.reduce((sum, s) => sum + (s.n ?? 0), 0) };
}
