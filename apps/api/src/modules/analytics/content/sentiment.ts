import model from "wink-eng-lite-web-model";
import winkNLP, { type WinkMethods } from "wink-nlp";
import { NO_POSTS } from "./reasons";
import type { ContentPost, Schemas } from "./types";

export type SentimentSection = Schemas["ContentAnalytics"]["audit"]["sentiment"];

/** VADER's published class bounds (§1.6). */
const POSITIVE_FROM = 0.05;
const NEGATIVE_TO = -0.05;
export const MIN_SCORED_POSTS = 20;

/** Loading the model takes ~100 ms, so it happens once, on first use, not at import. */
let nlp: WinkMethods | undefined;
const english = () => {
  // Only the steps sentiment needs: POS and entity tagging would triple the cost per caption.
  nlp ??= winkNLP(model, ["sbd", "negation", "sentiment"]);
  return nlp;
};

const URLS_AND_MENTIONS = /\b(?:https?:\/\/|www\.)\S+|@[\p{L}\p{N}_.]+/gu;

/**
 * Caption tone in −1…1 with wink-nlp's English lexicon; null when there is nothing to score. Every caption is
 * treated as English (see text-tokens.ts); other languages would be `unsupported` and lower `coverage`.
 */
export function captionSentiment(text: string): number | null {
  const cleaned = text.normalize("NFC").replace(URLS_AND_MENTIONS, " ").trim();
  if (cleaned.length === 0) return null;
  const winkNlp = english();
  const score = winkNlp.readDoc(cleaned).out(winkNlp.its.sentiment);
  return typeof score === "number" ? score : Number(score);
}

export type ToneClass = "positive" | "neutral" | "negative";

export const toneOf = (score: number): ToneClass =>
  score >= POSITIVE_FROM ? "positive" : score <= NEGATIVE_TO ? "negative" : "neutral";

/** §1.6 caption tone: class shares over scored captions; coverage = scored / all posts in the window. */
export function sentimentSection(windowPosts: readonly ContentPost[]): SentimentSection {
  const counts: Record<ToneClass, number> = { positive: 0, neutral: 0, negative: 0 };
  let scored = 0;
  for (const post of windowPosts) {
    const score = captionSentiment(post.text);
    if (score === null) continue;
    counts[toneOf(score)] += 1;
    scored += 1;
  }
  const coverage = windowPosts.length === 0 ? 0 : scored / windowPosts.length;
  if (windowPosts.length === 0) {
    return {
      status: "no_data",
      reason: NO_POSTS,
      n: 0,
      positive: 0,
      neutral: 0,
      negative: 0,
      coverage,
    };
  }
  if (scored < MIN_SCORED_POSTS) {
    return {
      status: "insufficient_history",
      reason: `Sentiment needs ${MIN_SCORED_POSTS} captions to score; the period has ${scored}. Choose a longer period or import more posts.`,
      n: scored,
      positive: 0,
      neutral: 0,
      negative: 0,
      coverage,
    };
  }
  return {
    status: "ok",
    n: scored,
    positive: counts.positive / scored,
    neutral: counts.neutral / scored,
    negative: counts.negative / scored,
    coverage,
  };
}
