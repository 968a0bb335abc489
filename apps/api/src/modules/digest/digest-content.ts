import type { components } from "@brandscope/api-client/schema";
import type { ReadCtx } from "../../kernel/handler-types";
import { addDays, competitorAnswer, type DayWindow, getContent, toDay, windowLabel } from "../analytics";
import { workspacePlan } from "../billing";
import { getSourceHealth } from "../connectors";

type Schemas = components["schemas"];
type Figure = Schemas["Figure"];
type Network = Schemas["SocialNetwork"];

/** A figure of this week against the week before; null where the week had none. */
export interface Change {
  value: number | null;
  previous: number | null;
  /** Relative change as a fraction, as Figure.change; null when either week has no value or the previous is 0. */
  change: number | null;
}

export interface DigestContent {
  brand: { id: string; name: string };
  /** The digest's week: the seven complete UTC days before it is sent. */
  window: DayWindow;
  previous: DayWindow;
  /** No post, follower count or visit of the brand in the week: the member gets "nothing new" once, then silence. */
  hasData: boolean;
  /** Why there is nothing to tell, in sentences fit for the e-mail. */
  whyNothing: string[];
  /**
   * The brand's posts in the week and the week before: a count, since the content module's posts-per-week rate
   * needs 28 days or more (docs/analytics-methods.md) and a week's count is that rate for one week.
   */
  posts: Change;
  engagementRate: Change;
  followers: (Change & { platform: Network })[];
  /** The brand's engagement share of the landscape (all platforms), in whole percent. */
  shareOfVoice: Change;
  topPost: Schemas["PostRef"] | null;
  /** The highest competitor breakout post of the week, with its company's name. */
  breakout: (Schemas["BreakoutPost"] & { companyName: string }) | null;
  keywords: { new: string[]; rising: { keyword: string; count: number; previous: number }[] };
  failedSources: { source: Schemas["SourceState"]["source"]; problem: string }[];
  /** Links into the modules at the digest's week. */
  links: { content: string; competitor: string; dataSources: string };
}

/** How many new and rising keywords a digest names: a digest is a glance, the module has the list. */
const KEYWORDS_SHOWN = 5;

const changeOf = (value: number | null, previous: number | null): Change => ({
  value,
  previous,
  change: value === null || previous === null || previous === 0 ? null : (value - previous) / previous,
});
const fromFigure = (f: Figure): Change => ({ value: f.value, previous: f.previous, change: f.change });

/** The week a digest sent at `now` covers: the seven complete UTC days before it, and the seven before those. */
export function digestWindow(now: Date): { window: DayWindow; previous: DayWindow } {
  const to = addDays(toDay(now), -1);
  const window = { from: addDays(to, -6), to };
  return { window, previous: { from: addDays(to, -13), to: addDays(to, -7) } };
}

export function moduleLink(appUrl: string, module: string, brandId: string, window: DayWindow): string {
  const query = new URLSearchParams({ brand: brandId, period: "custom", from: window.from, to: window.to });
  return `${appUrl}/${module}?${query}`;
}

/**
 * What changed for a brand in the digest's week, read through the same services as the modules (the figures the app
 * already computes and stores, docs/analytics-methods.md), as a member of its workspace reads them: scoped to the
 * workspace, the plan's limits applied (a Starter workspace compares with the one competitor it may follow).
 */
export async function digestContent(
  ctx: ReadCtx & { appUrl: string },
  p: { workspaceId: string; brandId: string; now: Date },
): Promise<DigestContent> {
  const read: ReadCtx = { db: ctx.db, clock: ctx.clock, workspaceId: p.workspaceId, brandId: p.brandId };
  const { window, previous } = digestWindow(p.now);
  const week = { period: "custom" as const, ...window };
  const before = { period: "custom" as const, ...previous };
  const content = await getContent(read, week);
  const contentBefore = await getContent(read, before);
  const competitor = await competitorAnswer(read, week);
  const competitorBefore = await competitorAnswer(read, before);
  const health = await getSourceHealth(read);
  const { limits } = await workspacePlan(ctx.db, { workspaceId: p.workspaceId, now: p.now });

  const own = competitor.common.brand;
  // Competitors beyond the plan's allowance (kept after a downgrade) stay out of the digest as of the modules.
  const allowed = new Set([
    own.id,
    ...competitor.competitors.slice(0, limits.competitorsPerBrand).map((c) => c.id),
  ]);
  const names = new Map([own, ...competitor.competitors].map((c) => [c.id, c.name]));

  const audienceBefore = new Map(
    competitorBefore.common.brand.audienceByPlatform.map((a) => [a.platform, a.audience]),
  );
  const followers = own.audienceByPlatform
    .filter((a) => a.audience !== null)
    .map((a) => ({ platform: a.platform, ...changeOf(a.audience, audienceBefore.get(a.platform) ?? null) }));

  const engagementShare = (answer: Schemas["CompetitorAnalytics"]) => {
    const overall = answer.shareOfVoice.scopes.find((s) => s.platform === null)?.engagement;
    if (overall?.status !== "ok") return null;
    return overall.shares.find((s) => s.companyId === own.id)?.percent ?? null;
  };

  const breakout = competitor.breakoutPosts.items.find(
    (b) => b.companyId !== own.id && allowed.has(b.companyId),
  );

  const counts = (c: Schemas["ContentAnalytics"]) =>
    new Map(
      c.keywordAnalysis.status === "ok" ? c.keywordAnalysis.items.map((k) => [k.keyword, k.count]) : [],
    );
  const thisWeek = counts(content);
  const lastWeek = counts(contentBefore);
  const newKeywords = [...thisWeek.keys()].filter((k) => !lastWeek.has(k)).slice(0, KEYWORDS_SHOWN);
  const rising = [...thisWeek]
    .flatMap(([keyword, count]) => {
      const previousCount = lastWeek.get(keyword);
      return previousCount !== undefined && count > previousCount
        ? [{ keyword, count, previous: previousCount }]
        : [];
    })
    .sort((a, b) => b.count - b.previous - (a.count - a.previous) || a.keyword.localeCompare(b.keyword))
    .slice(0, KEYWORDS_SHOWN);

  const failedSources = health.sources.flatMap((s) =>
    s.status === "failing" ? [{ source: s.source, problem: s.problem ?? "Its last run failed." }] : [],
  );
  // The audit's n is the number of the brand's posts in the period (0 with no_data).
  const posts = changeOf(content.audit.n ?? 0, contentBefore.audit.n ?? 0);
  const hasData = (posts.value ?? 0) > 0 || followers.some((f) => f.value !== null && f.previous !== null);
  const whyNothing = hasData
    ? []
    : [
        `No post of ${own.name} between ${windowLabel(window)}${
          content.provenance.dataAsOf
            ? `: its newest data is from ${toDay(new Date(content.provenance.dataAsOf))}`
            : ""
        }.`,
        ...failedSources.map((s) => `${sourceLabel[s.source]}: ${s.problem}`),
        ...(failedSources.length === 0 && health.sources.length === 0
          ? ["No source is connected: import an export or connect a platform on Data sources."]
          : []),
      ];
  return {
    brand: { id: own.id, name: own.name },
    window,
    previous,
    hasData,
    whyNothing,
    posts,
    engagementRate: fromFigure(content.audit.engagementRate),
    followers,
    shareOfVoice: changeOf(engagementShare(competitor), engagementShare(competitorBefore)),
    topPost: content.performance.status === "ok" ? (content.performance.top[0] ?? null) : null,
    breakout: breakout ? { ...breakout, companyName: names.get(breakout.companyId) ?? "A competitor" } : null,
    keywords: { new: newKeywords, rising },
    failedSources,
    links: {
      content: moduleLink(ctx.appUrl, "content", own.id, window),
      competitor: moduleLink(ctx.appUrl, "competitor", own.id, window),
      dataSources: `${ctx.appUrl}/data-sources?${new URLSearchParams({ brand: own.id })}`,
    },
  };
}

export const sourceLabel: Record<Schemas["SourceState"]["source"], string> = {
  website: "Website",
  youtube: "YouTube",
  search_console: "Search Console",
  instagram: "Instagram",
  google_ads: "Google Ads",
};
