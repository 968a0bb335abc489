import type { KeywordAnalysis } from "./keywords";
import type { Tokenizer } from "./text-tokens";
import type { SearchSetFigures } from "./types";

type KeywordItem = KeywordAnalysis["items"][number];

/**
 * Whether a query holds the keyword (docs/analytics-methods.md §1.4, its paragraph on searches): its words in a row inside one run
 * of the query's words, read by the same tokenizer as the captions; a hashtag when the query's words written
 * together hold its text ("#coldbrew" in "cold brew near me").
 */
function holds(keyword: string, runs: readonly string[][]): boolean {
  if (keyword.startsWith("#")) {
    const tag = keyword.slice(1);
    return runs.some((run) => run.join("").includes(tag));
  }
  const words = keyword.split(" ");
  return runs.some((run) => run.some((_, start) => words.every((word, i) => run[start + i] === word)));
}

/**
 * The brand's own searches behind each keyword of its posts: of the Search Console set the window reads (chosen as
 * "Your searches" chooses it), the queries that hold the keyword, with their clicks and impressions added up. Null
 * on every item, and no period, when the brand has no set that meets the window.
 */
export function withSearches(
  analysis: KeywordAnalysis,
  set: SearchSetFigures | undefined,
  tokenize: Tokenizer,
): KeywordAnalysis {
  if (!set) {
    return {
      ...analysis,
      searchPeriod: null,
      items: analysis.items.map((item) => ({ ...item, searches: null })),
    };
  }
  const queries = set.queries.map((q) => ({ ...q, runs: tokenize(q.query).runs }));
  const searchesOf = (item: KeywordItem): KeywordItem["searches"] => {
    const found = queries.filter((q) => holds(item.keyword, q.runs));
    const sum = (pick: (q: (typeof found)[number]) => number | null) =>
      found.reduce((total, q) => total + (pick(q) ?? 0), 0);
    return { queries: found.length, clicks: sum((q) => q.clicks), impressions: sum((q) => q.impressions) };
  };
  return {
    ...analysis,
    searchPeriod: { from: set.from, to: set.to },
    items: analysis.items.map((item) => ({ ...item, searches: searchesOf(item) })),
  };
}
