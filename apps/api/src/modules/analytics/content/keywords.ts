import { engagementOf } from "../competitor/engagement";
import { rankColor } from "./colors";
import { NO_POSTS } from "./reasons";
import type { Tokenizer } from "./text-tokens";
import type { ContentPost, Schemas } from "./types";

export type KeywordAnalysis = Schemas["ContentAnalytics"]["keywordAnalysis"];

export const MIN_POSTS_WITH_TEXT = 20;
const TOP_KEYWORDS = 20;
/** §1.4: an n-gram is a keyword candidate only when this many posts use it. */
const MIN_PHRASE_POSTS = 3;
/** §1.4: a phrase replaces a word when it covers this share of the word's posts. */
const PHRASE_SHARE = 0.6;

interface TermStats {
  posts: number;
  /** Σ E·ER and Σ E over the term's posts with a rate, for the engagement-weighted tie-break. */
  weightedRate: number;
  engagement: number;
}

/** The distinct terms of one post: words, bi- and tri-grams inside runs, hashtags. */
function termsOf(runs: readonly string[][], hashtags: readonly string[]) {
  const words = new Set<string>();
  const bigrams = new Set<string>();
  const trigrams = new Set<string>();
  for (const run of runs) {
    run.forEach((word, i) => {
      words.add(word);
      const next = run[i + 1];
      const third = run[i + 2];
      if (next !== undefined) bigrams.add(`${word} ${next}`);
      if (next !== undefined && third !== undefined) trigrams.add(`${word} ${next} ${third}`);
    });
  }
  return { words, bigrams, trigrams, hashtags: new Set(hashtags) };
}

function count(
  stats: Map<string, TermStats>,
  terms: Iterable<string>,
  engagement: number,
  rate: number | null,
) {
  for (const term of terms) {
    const entry = stats.get(term) ?? { posts: 0, weightedRate: 0, engagement: 0 };
    entry.posts += 1;
    if (rate !== null) {
      entry.weightedRate += engagement * rate;
      entry.engagement += engagement;
    }
    stats.set(term, entry);
  }
}

/**
 * Picks the phrases to show (§1.4). "Head word" is read as any word of the phrase: a phrase used in ≥ 60 % of the
 * posts of one of its words (or, for a trigram, of one of its shown bigrams) replaces that word, so "cold brew"
 * replaces "brew" when most "brew" posts say "cold brew". A phrase that replaces nothing is not shown.
 */
function chooseTerms(
  words: Map<string, TermStats>,
  bigrams: Map<string, TermStats>,
  trigrams: Map<string, TermStats>,
) {
  const shown = new Map<string, TermStats>(words);
  const replaceIn = (phrase: string, stats: TermStats, parts: readonly string[]) => {
    let replaces = false;
    for (const part of parts) {
      const partStats = words.get(part) ?? bigrams.get(part);
      if (partStats && shown.has(part) && stats.posts >= PHRASE_SHARE * partStats.posts) {
        shown.delete(part);
        replaces = true;
      }
    }
    if (replaces) shown.set(phrase, stats);
  };
  // Sorted so which phrase takes a word first never depends on the input order.
  const frequent = (map: Map<string, TermStats>) =>
    [...map].filter(([, s]) => s.posts >= MIN_PHRASE_POSTS).sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [phrase, stats] of frequent(bigrams)) replaceIn(phrase, stats, phrase.split(" "));
  for (const [phrase, stats] of frequent(trigrams)) {
    const [a, b, c] = phrase.split(" ") as [string, string, string];
    replaceIn(phrase, stats, [`${a} ${b}`, `${b} ${c}`, a, b, c]);
  }
  return shown;
}

/** §1.4 keyword analysis of the window's captions, ranked by document frequency. */
export function keywordAnalysis(
  windowPosts: readonly ContentPost[],
  tokenize: Tokenizer,
  rateOf: (post: ContentPost) => number | null,
): KeywordAnalysis {
  const withText = windowPosts.filter((post) => post.text.trim().length > 0);
  if (windowPosts.length === 0)
    return { status: "no_data", reason: NO_POSTS, n: 0, searchPeriod: null, items: [] };
  if (withText.length < MIN_POSTS_WITH_TEXT) {
    return {
      status: "insufficient_history",
      reason: `Keywords need ${MIN_POSTS_WITH_TEXT} posts with text in the period; it has ${withText.length}. Choose a longer period or import more posts.`,
      n: withText.length,
      searchPeriod: null,
      items: [],
    };
  }
  const words = new Map<string, TermStats>();
  const bigrams = new Map<string, TermStats>();
  const trigrams = new Map<string, TermStats>();
  const hashtags = new Map<string, TermStats>();
  for (const post of withText) {
    const tokens = tokenize(post.text);
    const terms = termsOf(tokens.runs, tokens.hashtags);
    // A post of unknown engagement counts for its terms, not for their engagement-weighted rate.
    const engagement = engagementOf(post);
    const rate = engagement === null ? null : rateOf(post);
    count(words, terms.words, engagement ?? 0, rate);
    count(bigrams, terms.bigrams, engagement ?? 0, rate);
    count(trigrams, terms.trigrams, engagement ?? 0, rate);
    count(hashtags, terms.hashtags, engagement ?? 0, rate);
  }
  const candidates = [...chooseTerms(words, bigrams, trigrams), ...hashtags];
  const meanRate = (s: TermStats) =>
    s.engagement > 0 ? s.weightedRate / s.engagement : Number.NEGATIVE_INFINITY;
  const items = candidates
    .sort(([a, x], [b, y]) => y.posts - x.posts || meanRate(y) - meanRate(x) || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, TOP_KEYWORDS)
    .map(([keyword, stats], rank) => ({
      keyword,
      count: stats.posts,
      color: rankColor(rank),
      searches: null,
    }));
  return { status: "ok", n: withText.length, searchPeriod: null, items };
}
