import type { PostTokens } from "./text-tokens";

export interface DocumentTerms {
  /** Term → count: words, hashtags without `#`, and bigrams of adjacent words. */
  counts: Map<string, number>;
  /** Words and hashtags: §1.7 step 1 needs five of them for a post to count. */
  tokens: number;
}

export function documentTerms(tokens: PostTokens): DocumentTerms {
  const counts = new Map<string, number>();
  const add = (term: string) => counts.set(term, (counts.get(term) ?? 0) + 1);
  let words = 0;
  for (const run of tokens.runs) {
    run.forEach((word, i) => {
      add(word);
      words += 1;
      const next = run[i + 1];
      if (next !== undefined) add(`${word} ${next}`);
    });
  }
  for (const tag of tokens.hashtags) {
    add(tag.slice(1));
    words += 1;
  }
  return { counts, tokens: words };
}
