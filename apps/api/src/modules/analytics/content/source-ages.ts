import type { components } from "@brandscope/api-client/schema";
import { NETWORK_NAMES, type SocialNetwork } from "../../../domain/social-networks";
import { addDays, type DayWindow, dayLabel, daysBetween, toDay } from "../periods";

type Schemas = components["schemas"];
type SourceAge = Schemas["SourceAge"];

/** The newest post of one platform from one source (brand-data.repo.ts readPostSources). */
export interface PostSource {
  platform: SocialNetwork;
  source: Schemas["DataSource"];
  newest: Date;
}

/** What the content module answers about its sources' ages (docs/decisions.md "Periods"). */
export type SourceAges = Pick<Schemas["ContentAnalytics"], "sources" | "newestPeriod">;

/** The platforms a workspace can connect on Data sources (modules/connectors/). */
const CONNECTABLE: ReadonlySet<SocialNetwork> = new Set(["youtube", "instagram"]);

function postSourceAge(post: PostSource, window: DayWindow): SourceAge {
  const name = NETWORK_NAMES[post.platform];
  const newest = toDay(post.newest);
  const label = post.source === "csv_import" ? `${name} export` : name;
  const item = post.platform === "youtube" ? "video" : "post";
  const todo =
    post.source === "csv_import"
      ? `upload a newer export${CONNECTABLE.has(post.platform) ? ` or connect ${name}` : ""}`
      : post.source === "provider"
        ? "its connection has read nothing newer: check it on Data sources"
        : null;
  const behind = newest < window.from;
  const said = `${label}: newest ${item} ${dayLabel(newest)}`;
  return {
    source: post.source,
    platform: post.platform,
    label,
    newest,
    behind,
    reason: behind ? (todo ? `${said} — ${todo}` : said) : null,
  };
}

function websiteAge(newestArticle: Date, window: DayWindow): SourceAge {
  const newest = toDay(newestArticle);
  const behind = newest < window.from;
  return {
    source: "website",
    platform: null,
    label: "Website",
    newest,
    behind,
    reason: behind
      ? `Website: newest article ${dayLabel(newest)} — its feed or sitemap lists nothing newer`
      : null,
  };
}

/**
 * Each source of the brand's content with the day of its newest item, said when it is older than the period's
 * start; and when every source is, the period of the same length ending on the newest data, which the web offers
 * as a custom range (starting no earlier than the brand's history, which a custom range must lie within).
 */
export function sourceAges(
  posts: readonly PostSource[],
  newestArticle: Date | null,
  window: DayWindow,
  history: DayWindow | null,
): SourceAges {
  // Newest first; ISO days compare as text.
  const sources = [
    ...posts.map((p) => postSourceAge(p, window)),
    ...(newestArticle ? [websiteAge(newestArticle, window)] : []),
  ].sort((a, b) => b.newest.localeCompare(a.newest));
  const newest = sources[0]?.newest;
  if (!newest || sources.some((s) => !s.behind)) return { sources, newestPeriod: null };
  const from = addDays(newest, -daysBetween(window.from, window.to));
  return {
    sources,
    newestPeriod: {
      from: history && history.from > from && history.from <= newest ? history.from : from,
      to: newest,
    },
  };
}
