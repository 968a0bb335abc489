import type { components } from "@brandscope/api-client/schema";
import { type DayWindow, dayLabel, daysBetween, windowLabel } from "../periods";
import { largestRemainder } from "../statistics";
import type { LandscapeInputs } from "./landscape-inputs";
import { PLATFORM_ORDER } from "./platform-figures";

type Schemas = components["schemas"];
type Platform = Schemas["SocialNetwork"];
type ShareSet = Schemas["ShareOfVoiceSet"];

/** One company of the landscape, as its stored figures for the landscape's window hold it. */
export interface VoiceCompany {
  id: string;
  name: string;
  /** The days the company has posts or follower counts for, first to last; null without any. */
  history: DayWindow | null;
  platforms: readonly Schemas["PlatformFigures"][];
  /** undefined: the company has no such inputs; it is left out of what needs them. */
  inputs: Pick<LandscapeInputs, "posts" | "traffic"> | undefined;
}

/** §6: a landscape figure needs 2 companies with the metric. */
const MIN_COMPANIES = 2;
/**
 * A company whose data ends more than this many days before the window does is left out of the social shares:
 * its engagement and posts would count fewer days than the others'. The same tolerance as followers at the window
 * end (platform-figures.ts).
 */
const MAX_DAYS_SHORT = 3;
const WHAT_TO_DO = "import a newer export or connect YouTube on Data sources.";

interface Known {
  companyId: string;
  value: number;
}

/**
 * Shares of one total. Percents are rounded by largest remainder in rank order (largest value first, then id), so
 * a tie never favours whoever is listed first, and the shares are returned in landscape order.
 */
function shareSet(values: readonly { companyId: string; value: number | null }[]): ShareSet {
  const known = values.filter((v): v is Known => v.value !== null);
  const total = known.reduce((sum, v) => sum + v.value, 0);
  const n = known.length;
  if (n === 0)
    return { status: "no_data", reason: "No company has this figure yet.", n, total: null, shares: [] };
  if (n < MIN_COMPANIES) {
    return {
      status: "insufficient_history",
      reason: `Share of voice needs ${MIN_COMPANIES} companies with this figure; ${n} ${n === 1 ? "has" : "have"} it. Import your competitors' exports or connect YouTube on Data sources.`,
      n,
      total,
      shares: [],
    };
  }
  if (total <= 0) return { status: "no_data", reason: "The companies' total is 0.", n, total, shares: [] };
  const ranked = [...known].sort(
    (a, b) => b.value - a.value || (a.companyId < b.companyId ? -1 : a.companyId > b.companyId ? 1 : 0),
  );
  const percents = new Map(
    largestRemainder(
      ranked.map((v) => v.value),
      100,
      0,
    ).map((percent, i) => [ranked[i]?.companyId, percent]),
  );
  return {
    status: "ok",
    n,
    total,
    shares: known.map((v) => ({
      companyId: v.companyId,
      value: v.value,
      share: v.value / total,
      percent: percents.get(v.companyId) ?? 0,
    })),
  };
}

/** A platform's value, or the sum over the platforms that have one (null when none has). */
function scopeValue<T extends { platform: Platform }>(
  rows: readonly T[] | undefined,
  platform: Platform | null,
  read: (row: T) => number | null,
): number | null {
  if (!rows) return null;
  const values = rows
    .filter((row) => platform === null || row.platform === platform)
    .map(read)
    .filter((v): v is number => v !== null);
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0);
}

/** Why a company is left out of the social shares of `window`, with what to do; undefined when it is not. */
function shortOf(company: VoiceCompany, window: DayWindow): string | undefined {
  const { name, history } = company;
  if (history === null || history.to < window.from || history.from > window.to) {
    return `No posts or follower counts from ${name} in ${windowLabel(window)}: ${WHAT_TO_DO}`;
  }
  const short = daysBetween(history.to, window.to);
  if (short <= MAX_DAYS_SHORT) return undefined;
  return `Data from ${name} ends on ${dayLabel(history.to)}, ${short} days before the end of ${windowLabel(window)}, so its engagement and posts would count fewer days than the others': ${WHAT_TO_DO}`;
}

/**
 * Owned-channel share of voice (docs/analytics-methods.md §2): engagement, activity (posts) and audience (followers)
 * shares of the landscape, per platform and over all platforms, plus the web traffic share of one month. The first
 * company is the focus brand; every company's figures cover `window`. Engagement and posts are flows over the
 * window, so a company without data in it, or whose data ends days before it does, is left out of the social
 * shares (not counted as 0) and listed with the reason; over all platforms a company counts the platforms it has
 * figures on. Pure: from stored figures only.
 */
export function shareOfVoice(window: DayWindow, companies: readonly VoiceCompany[]): Schemas["ShareOfVoice"] {
  const [focus] = companies;
  if (!focus) return { scopes: [], traffic: { ...shareSet([]), month: null }, leftOut: [] };
  const reasons = companies.map((c) => ({ companyId: c.id, reason: shortOf(c, window) }));
  const social = companies.filter((_, i) => reasons[i]?.reason === undefined);
  const leftOut = reasons.filter((r): r is { companyId: string; reason: string } => r.reason !== undefined);
  const present = new Set<Platform>();
  for (const c of social) {
    for (const f of c.platforms) present.add(f.platform);
    for (const p of c.inputs?.posts ?? []) present.add(p.platform);
  }
  const scopeOf = (platform: Platform | null): Schemas["ShareOfVoiceScope"] => ({
    platform,
    engagement: shareSet(
      social.map((c) => ({ companyId: c.id, value: scopeValue(c.platforms, platform, (f) => f.engagement) })),
    ),
    posts: shareSet(
      social.map((c) => ({ companyId: c.id, value: scopeValue(c.inputs?.posts, platform, (p) => p.posts) })),
    ),
    audience: shareSet(
      social.map((c) => ({ companyId: c.id, value: scopeValue(c.platforms, platform, (f) => f.audience) })),
    ),
  });
  return {
    scopes: [scopeOf(null), ...PLATFORM_ORDER.filter((p) => present.has(p)).map(scopeOf)],
    traffic: trafficShare(companies),
    leftOut,
  };
}

/**
 * Web traffic share (Similarweb's traffic share) in one complete month: the brand's latest, else the latest any
 * company has; a company without that month is left out.
 */
function trafficShare(companies: readonly VoiceCompany[]): Schemas["ShareOfVoice"]["traffic"] {
  const months = companies.map((c) => c.inputs?.traffic?.month).filter((m): m is string => m !== undefined);
  const month = companies[0]?.inputs?.traffic?.month ?? months.sort().at(-1) ?? null;
  const values = companies.map((c) => {
    const traffic = c.inputs?.traffic;
    return { companyId: c.id, value: traffic && traffic.month === month ? traffic.visits : null };
  });
  return { ...shareSet(values), month };
}
