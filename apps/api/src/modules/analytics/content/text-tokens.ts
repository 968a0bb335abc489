import {
  brandLanguage,
  CLOCK_OR_ORDINAL,
  ELIDING_LANGUAGES,
  ELISION,
  isFunctionWord,
  postLanguage,
  STOP_WORDS,
} from "./stop-words";
import type { ContentBrand } from "./types";
import { wordSegments } from "./word-segments";

/** What one post's text yields for keywords and pillars (§1.4). */
export interface PostTokens {
  /**
   * Kept word tokens grouped in runs: words inside one run were adjacent in one sentence with nothing removed
   * between them, so only they may form n-grams.
   */
  runs: string[][];
  /** Lower-cased, with the leading `#`. */
  hashtags: string[];
  /** Kept apart: a mention names an account, it is not a keyword. */
  mentions: string[];
  emojis: string[];
}

export type Tokenizer = (text: string) => PostTokens;

const URL_PATTERN = /\b(?:https?:\/\/|www\.)\S+/giu;
const HASHTAG_PATTERN = /#[\p{L}\p{N}_]+/gu;
const MENTION_PATTERN = /@[\p{L}\p{N}_](?:[\p{L}\p{N}_.]*[\p{L}\p{N}_])?/gu;
const EMOJI_PATTERN = /\p{Extended_Pictographic}(?:\u200d\p{Extended_Pictographic}|\ufe0f)*/gu;
/** Between two words these keep the run going ("cold-brew", "rock 'n' roll"); anything else ends it. */
const JOINER = /^[\p{Zs}\t\-'’]+$/u;
const NUMBER = /^[\p{N}.,:/%]+$/u;
const SINGLE_LATIN = /^\p{Script=Latin}$/u;
/** Removed spans become a line break, which the segment loop treats as a sentence end. */
const BREAK = "\n";

/*
 * Lower-casing and segmenting need no language for the scripts §1.4 filters (Latin letters with diacritics stay
 * inside words on both paths of wordSegments); which stop words go is decided per post (stop-words.ts postLanguage).
 */
const LANGUAGE = "en";

function extract(text: string, pattern: RegExp, found: string[]): string {
  return text.replace(pattern, (match) => {
    found.push(match);
    return BREAK;
  });
}

function wordsOf(text: string, segmenter: Intl.Segmenter): string[] {
  return wordSegments(text.toLocaleLowerCase(LANGUAGE), segmenter)
    .filter((s) => s.isWordLike)
    .map((s) => s.segment);
}

export interface TokenizerOptions {
  /** The brand's ISO country: its language is assumed for posts whose words do not show one. */
  country?: string | null;
  /** Names the brand is compared with (its competitors): their words are kept even when a stop-word list has them. */
  keep?: readonly string[];
}

/**
 * A tokenizer that also drops the brand's own name (§1.4): a one-word name is a stop word, a longer one is removed
 * where its words appear in sequence, and its hashtag (#acmecoffee) is dropped too. Brand terms outrank the
 * stop-word lists: a word of the brand's longer name ("new" of New Balance) or of a competitor's name is never
 * dropped as filler; only function words of a longer name ("the" of The Body Shop) still go.
 */
export function createTokenizer(brandName: string, options: TokenizerOptions = {}): Tokenizer {
  const segmenter = new Intl.Segmenter(LANGUAGE, { granularity: "word" });
  const nameOf = (name: string) => wordsOf(name.normalize("NFC").replaceAll("’", "'"), segmenter);
  const nameWords = nameOf(brandName);
  const nameJoined = nameWords.join("");
  const fallback = brandLanguage(options.country);
  const kept = new Set<string>();
  for (const name of [brandName, ...(options.keep ?? [])]) {
    const parts = nameOf(name);
    if (parts.length === 1) kept.add(parts[0] as string);
    else for (const part of parts) if (!isFunctionWord(part)) kept.add(part);
  }
  // The brand's own one-word name is dropped all the same: §1.4 shows what the brand talks about, not its name.
  kept.delete(nameJoined);

  const isDropped = (token: string, stopWords: ReadonlySet<string>) =>
    token === nameJoined ||
    (!kept.has(token) &&
      (stopWords.has(token) ||
        NUMBER.test(token) ||
        SINGLE_LATIN.test(token) ||
        CLOCK_OR_ORDINAL.test(token)));
  /** "l'été" is "été" once its article is off; the names kept, and the brand's own, keep their apostrophe. */
  const unElided = (word: string) =>
    kept.has(word) || word === nameJoined ? word : word.replace(ELISION, "");

  /** Splits a run wherever the brand's multi-word name occurs in it. */
  const withoutName = (run: string[]): string[][] => {
    if (nameWords.length < 2) return [run];
    const parts: string[][] = [];
    let current: string[] = [];
    for (let i = 0; i < run.length; i++) {
      if (nameWords.every((w, j) => run[i + j] === w)) {
        parts.push(current);
        current = [];
        i += nameWords.length - 1;
      } else current.push(run[i] as string);
    }
    parts.push(current);
    return parts;
  };

  return (raw) => {
    const urls: string[] = [];
    const hashtags: string[] = [];
    const mentions: string[] = [];
    const emojis: string[] = [];
    let text = raw.normalize("NFC").replaceAll("’", "'");
    text = extract(text, URL_PATTERN, urls);
    text = extract(text, HASHTAG_PATTERN, hashtags);
    text = extract(text, MENTION_PATTERN, mentions);
    text = extract(text, EMOJI_PATTERN, emojis);

    const runs: string[][] = [];
    let run: string[] = [];
    const close = () => {
      for (const part of withoutName(run)) if (part.length > 0) runs.push(part);
      run = [];
    };
    // Runs hold raw words first (possessive trimmed) so the brand-name scan sees "acme coffee" before the stop-word
    // filter splits it.
    for (const segment of wordSegments(text.toLocaleLowerCase(LANGUAGE), segmenter)) {
      if (segment.isWordLike) {
        const token = segment.segment.replace(/'s$/u, "");
        run.push(token);
      } else if (!JOINER.test(segment.segment)) close();
    }
    close();

    const language = postLanguage(runs.flat(), fallback);
    const stopWords = STOP_WORDS[language];
    const elides = ELIDING_LANGUAGES.has(language);
    const filtered: string[][] = [];
    for (const r of runs) {
      let part: string[] = [];
      for (const word of r) {
        const token = elides ? unElided(word) : word;
        if (isDropped(token, stopWords)) {
          if (part.length > 0) filtered.push(part);
          part = [];
        } else part.push(token);
      }
      if (part.length > 0) filtered.push(part);
    }

    const brandTag = `#${nameJoined}`;
    return {
      runs: filtered,
      hashtags: hashtags.map((h) => h.toLocaleLowerCase(LANGUAGE)).filter((h) => h !== brandTag),
      mentions: mentions.map((m) => m.toLocaleLowerCase(LANGUAGE)),
      emojis,
    };
  };
}

/** The tokenizer of one brand's posts. */
export const brandTokenizer = (brand: Omit<ContentBrand, "id">): Tokenizer =>
  createTokenizer(brand.name, { country: brand.country ?? null, keep: brand.competitorNames ?? [] });
